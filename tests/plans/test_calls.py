"""The plan calls (docs/plans.md "Calls"): what they answer, and every bad input of the plan
screens refused with its Chinese message and nothing written."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.models.plans import InvestPlan
from opentamp.models.products import STATUS_STOP_ALLOT
from opentamp.payments.banks import bank_by_code
from tests.factories import make_fund, make_index, make_payment_method, make_portfolio
from tests.plans.conftest import PASSWORD, Plans, Trader, make_trader

pytestmark = pytest.mark.usefixtures("monday")


def plan_count(session: Session) -> int:
    return int(session.scalar(select(func.count()).select_from(InvestPlan)) or 0)


def test_create_a_weekly_fund_plan_by_card(session: Session, plans: Plans) -> None:
    fund = make_fund(session, min_purchase_amount=Decimal("10.00"))
    data = plans.create(productCode=fund.code)["data"]
    assert data["status"] == "A"
    assert data["productName"] == fund.name
    assert data["amount"] == "500.00"
    assert data["periodText"] == "每周三"
    # Created Monday 11-23: the first Wednesday is 11-25.
    assert data["nextDate"] == "2026-11-25"
    assert data["startDate"] == "2026-11-23"
    assert data["payDateMode"] == "CONTINUITY"
    # the card as every 扣款方式 shows it: the bank's short name and the last digits
    card = plans.trader.card
    assert data["payMethodText"] == f"{bank_by_code(card.bank_no).short_name}({card.card_tail})"
    assert data["executionCount"] == 0 and data["totalInvested"] == "0.00"
    # nothing invested yet: no rate (--), not 0 %
    assert data["holdingProfitRate"] is None
    assert data["extendPeriodSignStatus"] is None
    detail = plans.get("/trade/investPlan/detail", investPlanId=data["investPlanId"])["data"]
    assert detail["upcomingDates"] == ["2026-11-25", "2026-12-02", "2026-12-09"]
    listed = plans.get("/trade/investPlan/list")["data"]
    assert listed["total"] == 1 and listed["list"][0]["investPlanId"] == data["investPlanId"]


def test_preview(session: Session, plans: Plans) -> None:
    closes = {
        date(2025, 1, 1) + (date(2025, 1, 2) - date(2025, 1, 1)) * i: "100" for i in range(300)
    }
    index = make_index(session, closes=closes)
    fund = make_fund(session, benchmark_code=index.code, min_purchase_amount=Decimal("100.00"))
    data = plans.get(
        "/trade/investPlan/preview", productType="fund", productCode=fund.code, periodUnit=2,
        periodDay=8,
    )["data"]  # fmt: skip
    assert data["firstDate"] == "2026-12-08"
    # 2027-02-08 falls in the Spring Festival closure (02-05…02-10): the next trading day.
    assert data["nextDates"] == ["2027-01-08", "2027-02-11", "2027-03-08"]
    assert data["minAmount"] == "100.00"
    assert data["maxAmount"] == f"{plans.trader.card.single_limit}"
    assert data["smartSupported"] is True
    assert data["currentDeviation"] == "0.0000" and data["currentMultiplier"] == "0.90"
    assert [b["multiplier"] for b in data["smartBands"]] == [
        "1.50", "1.30", "1.10", "0.90", "0.70", "0.50",
    ]  # fmt: skip
    assert data["protocolNames"] == ["定投协议"]


def test_preview_bounds_the_amount_by_the_card_that_pays(session: Session, plans: Plans) -> None:
    """The preview's maxAmount is the single limit of the card a plan pays with unless the user
    picks another (payments' paying_card: the first signed card), not of the first bound."""
    fund = make_fund(session)
    plans.trader.card.is_signed = False
    signed = make_payment_method(
        session, account=plans.trader.account, is_signed=True, single_limit=Decimal("20000.00")
    )
    session.commit()
    data = plans.get(
        "/trade/investPlan/preview", productType="fund", productCode=fund.code, periodUnit=2,
        periodDay=8,
    )["data"]  # fmt: skip
    assert data["maxAmount"] == f"{signed.single_limit}" != f"{plans.trader.card.single_limit}"


def test_a_portfolio_and_a_wallet_plan(session: Session, plans: Plans, wallet_fund: object) -> None:
    a, b = make_fund(session), make_fund(session)
    po = make_portfolio(session, components=[(a, Decimal("0.6")), (b, Decimal("0.4"))])
    data = plans.create(productType="poFund", productCode=po.code, amount="1000.00")["data"]
    assert data["productType"] == "poFund" and data["productName"] == po.name
    wallet = plans.create(productType="wallet", productCode="000509", amount="300.00")["data"]
    assert wallet["productType"] == "wallet"
    # A wallet plan recharges the wallet: at least its 起存金额, the broker's 100.00, not the
    # wallet fund's own 0.01 (docs/trading.md#the-wallets-minimum).
    low = plans.create(productType="wallet", productCode="000509", amount="99.99", status=400)
    assert (low["code"], low["msg"]) == (66002, "最低定投金额为100.00元")
    # A wallet plan is paid by card.
    res = plans.create(productType="wallet", productCode="000509", payType="wallet", status=400)
    assert res["msg"] == "钱包定投请使用银行卡扣款"


def test_a_strategy_plan_under_saip(session: Session, plans: Plans) -> None:
    a = make_fund(session)
    cl = make_portfolio(session, code="CL900001", components=[(a, Decimal("1"))], kind="strategy")
    # Not under /trade/investPlan …
    plans.create(productType="strategy", productCode=cl.code, status=400)
    data = plans.create(base="/saip/strategyInvestPlan", productType="strategy",
                        productCode=cl.code, amount="1000.00")["data"]  # fmt: skip
    assert data["extendPeriodSignStatus"] == "SIGNED_FREE"
    listed = plans.get("/saip/strategyInvestPlan/list", strategyParentCode=cl.code)["data"]
    assert listed["total"] == 1
    # … and the fund plans' list does not show it.
    assert plans.get("/trade/investPlan/list")["data"]["total"] == 0


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"amount": "9.99"}, "最低定投金额为10.00元"),
        ({"amount": "50000.01"}, "定投金额超过该银行卡单笔限额50,000.00元，请调低金额或更换银行卡"),
        ({"periodUnit": 2, "periodDay": 29}, "每月扣款日请选择1–28日"),
        ({"periodUnit": 2, "periodDay": 31}, "每月扣款日请选择1–28日"),
        ({"periodUnit": 1, "periodDay": 6}, "每周扣款日请选择周一至周五"),
        ({"periodUnit": 2, "periodDay": 8, "periodInterval": 2}, "每两周定投仅适用于按周定投"),
        ({"targetRate": "0.15"}, "请同时设置目标收益率（0.01%–100%）和达标后的处理方式"),
        (
            {"targetRate": "0.123456", "targetAction": "redeem"},
            "请同时设置目标收益率（0.01%–100%）和达标后的处理方式",
        ),
        ({"smart": True}, "该产品暂不支持智能定投"),
        ({"tradePassword": "000000"}, None),
    ],
)
def test_bad_input_writes_nothing(
    session: Session, plans: Plans, fields: dict[str, object], message: str | None
) -> None:
    fund = make_fund(session, min_purchase_amount=Decimal("10.00"))
    res = plans.create(productCode=fund.code, status=400, **fields)
    if message:
        assert res["msg"] == message
    assert plan_count(session) == 0


def test_a_smart_plan_under_the_card_limit_is_told_why_it_is_refused(
    session: Session, plans: Plans
) -> None:
    """40 000.00 by a card of 50 000.00 a charge: a smart period may charge 1.5 times it, so the
    plan is refused with the message saying so, not that 40 000.00 is over 50 000.00."""
    closes = {date(2025, 1, 1) + timedelta(days=i): "100" for i in range(300)}
    index = make_index(session, closes=closes)
    fund = make_fund(session, benchmark_code=index.code, min_purchase_amount=Decimal("10.00"))
    res = plans.create(productCode=fund.code, amount="40000.00", smart=True, status=400)
    assert res["code"] == 66003
    assert res["msg"] == (
        "智能定投单期最多扣款60,000.00元（每期金额×1.5倍），超过该银行卡单笔限额50,000.00元，"
        "请调低金额或更换银行卡"
    )
    assert plan_count(session) == 0
    assert plans.create(productCode=fund.code, amount="33333.33", smart=True)["data"]["smart"]


def test_a_product_paused_for_purchase(session: Session, plans: Plans) -> None:
    fund = make_fund(session, status=STATUS_STOP_ALLOT)
    res = plans.create(productCode=fund.code, status=400)
    assert res["error"] == "purchase_suspended" and "暂停申购" in res["msg"]
    assert plan_count(session) == 0


def test_a_pension_fund_has_no_plan(session: Session, plans: Plans) -> None:
    fund = make_fund(session, is_pension=True)
    res = plans.create(productCode=fund.code, status=400)
    assert "仅可使用个人养老金资金账户购买" in res["msg"]
    assert plan_count(session) == 0


def test_suitability_needs_the_confirmation(session: Session, plans: Plans) -> None:
    plans.trader.account.risk_grade5 = 2
    fund = make_fund(session, risk_level=4)
    res = plans.create(productCode=fund.code, status=400)
    assert res["error"] == "risk_confirmation_required"
    assert plans.create(productCode=fund.code, riskConfirmed=True)["data"]["status"] == "A"


def test_a_repeated_trade_uuid_answers_the_first_plan(session: Session, plans: Plans) -> None:
    fund = make_fund(session)
    first = plans.create(productCode=fund.code, tradeUUID="same-key")["data"]
    again = plans.create(productCode=fund.code, tradeUUID="same-key")["data"]
    assert again["investPlanId"] == first["investPlanId"]
    assert plan_count(session) == 1
    other = plans.create(productCode=fund.code, tradeUUID="same-key", amount="600.00", status=422)
    assert other["code"] == 42201


def test_update_pause_resume_terminate(session: Session, plans: Plans) -> None:
    fund = make_fund(session)
    plan_id = plans.create(productCode=fund.code)["data"]["investPlanId"]
    updated = plans.act("update", plan_id, amount="800.00", periodUnit=2, periodDay=8)["data"]
    assert updated["amount"] == "800.00" and updated["periodText"] == "每月8日"
    assert updated["nextDate"] == "2026-12-08"
    paused = plans.act("pause", plan_id)["data"]
    assert paused["status"] == "P" and paused["nextDate"] is None
    res = plans.act("update", plan_id, amount="900.00", status=400)
    assert res["msg"] == "仅进行中的计划可修改"
    assert plans.act("pause", plan_id, status=400)["msg"] == "仅进行中的计划可暂停"
    resumed = plans.act("resume", plan_id)["data"]
    assert resumed["status"] == "A" and resumed["nextDate"] == "2026-12-08"
    ended = plans.act("terminate", plan_id)["data"]
    assert ended["status"] == "T" and ended["nextDate"] is None
    assert plans.act("resume", plan_id, status=400)["msg"] == "计划已终止，无法恢复"
    assert (
        plans.act("update", plan_id, amount="900.00", status=400)["msg"] == "仅进行中的计划可修改"
    )
    assert plans.act("terminate", plan_id, status=400)["msg"] == "计划已终止"
    listed = plans.get("/trade/investPlan/list", status="T")["data"]
    assert [p["investPlanId"] for p in listed["list"]] == [plan_id]


def test_another_users_plan_answers_404(session: Session, plans: Plans, client, api) -> None:  # type: ignore[no-untyped-def]
    fund = make_fund(session)
    plan_id = plans.create(productCode=fund.code)["data"]["investPlanId"]
    other = Plans(client, api, make_trader(session))
    assert other.get("/trade/investPlan/detail", investPlanId=plan_id, expect=404)
    assert other.get("/trade/investPlan/executions", investPlanId=plan_id, expect=404)
    res = other.act("pause", plan_id, status=404)
    assert res["error"] == "plan_not_found"
    other.act("update", plan_id, amount="900.00", status=404)
    assert plans.get("/trade/investPlan/detail", investPlanId=plan_id)["data"]["status"] == "A"
    # A strategy plan's call does not reach a fund plan either.
    assert plans.get("/saip/strategyInvestPlan/detail", investPlanId=plan_id, expect=404)


def test_wrong_password_writes_no_plan(session: Session, plans: Plans, trader: Trader) -> None:
    fund = make_fund(session)
    res = plans.create(productCode=fund.code, tradePassword="999999", status=400)
    assert res["code"] != 0
    assert plan_count(session) == 0
    assert PASSWORD != "999999"


def test_a_repeated_pause_answers_the_first_result(session: Session, plans: Plans) -> None:
    fund = make_fund(session)
    plan_id = plans.create(productCode=fund.code)["data"]["investPlanId"]
    body = {"investPlanId": plan_id, "tradePassword": PASSWORD, "tradeUUID": "pause-once"}
    first = plans.post("/trade/investPlan/pause", body)["data"]
    again = plans.post("/trade/investPlan/pause", body)["data"]
    assert first == again and again["status"] == "P"


def test_take_profit_turned_off_by_an_update(session: Session, plans: Plans) -> None:
    fund = make_fund(session)
    created = plans.create(productCode=fund.code, targetRate="0.15", targetAction="redeem")
    plan_id = created["data"]["investPlanId"]
    assert created["data"]["targetRate"] == "0.1500" and created["data"]["planHolding"] == 1
    kept = plans.act("update", plan_id, amount="600.00")["data"]
    assert kept["targetRate"] == "0.1500" and kept["targetAction"] == "redeem"
    off = plans.act("update", plan_id, takeProfit=False)["data"]
    assert off["targetRate"] is None and off["targetAction"] is None
    assert off["planHolding"] == 0 and off["amount"] == "600.00"
