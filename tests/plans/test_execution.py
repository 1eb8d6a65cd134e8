"""The daily plan step (opentamp/plans/execution.py) with figures worked out by hand: due
executions become orders through the purchase rules, failures retry under CONTINUITY, three
failed periods pause the plan, smart plans scale the amount, and a day run twice changes
nothing."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event as sqla_event
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.models.catalogue import ProductShelf
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.models.orders import OrderLot, TradeOrder
from opentamp.models.plans import InvestPlan, InvestPlanExecution
from opentamp.models.platform import Broker
from opentamp.models.products import STATUS_STOP_ALLOT, Fund
from opentamp.plans.api import require_signing
from opentamp.plans.execution import execute_due, take_profit
from opentamp.settlement.service import settle_day
from tests.factories import add_navs, make_fund, make_index, make_portfolio
from tests.plans.conftest import Plans, freeze, make_holding
from tests.trading.conftest import FAILING_TOKEN

pytestmark = pytest.mark.usefixtures("monday")

WED, THU, FRI = date(2026, 11, 25), date(2026, 11, 26), date(2026, 11, 27)
MON = date(2026, 11, 30)
D = Decimal


def executions(session: Session, plan_id: int) -> list[InvestPlanExecution]:
    session.expire_all()
    return list(
        session.scalars(
            select(InvestPlanExecution)
            .where(InvestPlanExecution.plan_id == plan_id)
            .order_by(InvestPlanExecution.due_date)
        )
    )


def order_of(session: Session, e: InvestPlanExecution) -> TradeOrder:
    order = session.get(TradeOrder, e.order_id)
    assert order is not None
    return order


def test_a_due_fund_plan_buys_like_a_manual_purchase(session: Session, plans: Plans) -> None:
    fund = make_fund(session)  # 1.5 %, no discount
    plan = plans.create(productCode=fund.code)["data"]
    execute_due(session, date(2026, 11, 24))  # Tuesday: not due
    assert executions(session, plan["investPlanId"]) == []
    execute_due(session, WED)
    (e,) = executions(session, plan["investPlanId"])
    assert (e.status, e.attempt, e.execute_date, e.amount) == ("SUCCESS", 1, WED, D("500.00"))
    order = order_of(session, e)
    # 外扣法: 500 / 1.015 = 492.61083… → net 492.61, fee 7.39.
    assert (order.order_code, order.confirm_status, order.pay_status) == ("039", "0", "2")
    assert (order.trade_amount, order.fee, order.net_amount) == (
        D("500.00"),
        D("7.39"),
        D("492.61"),
    )
    assert order.fee_rate == D("0.015")
    assert (order.trade_date, order.confirm_date) == (WED, THU)
    assert order.ext_meta_info == {"investPlanId": plan["investPlanId"], "executionId": e.id}
    assert order.broker_order_no == f"20261125093000{e.id:012d}"
    # The plan moved on to next Wednesday; running the day again changes nothing.
    session.expire_all()
    assert session.get(InvestPlan, plan["investPlanId"]).next_date == date(2026, 12, 2)  # type: ignore[union-attr]
    execute_due(session, WED)
    assert len(executions(session, plan["investPlanId"])) == 1
    assert session.scalar(select(TradeOrder.id).where(TradeOrder.id != order.id)) is None
    # Settlement confirms it on Thursday at Wednesday's NAV: 492.61 / 1.2345 = 399.04 shares.
    add_navs(session, fund, {WED: "1.2345", THU: "1.2400"})
    settle_day(session, day=THU)
    session.expire_all()
    assert order_of(session, e).confirmed_shares == D("399.04")
    detail = plans.get("/trade/investPlan/detail", investPlanId=plan["investPlanId"])["data"]
    assert detail["successCount"] == 1 and detail["totalInvested"] == "500.00"
    # The plan's own holding: 399.04 × 1.2400 = 494.81, cost 500.00.
    assert detail["holdingShares"] == "399.04" and detail["holdingValue"] == "494.81"
    assert detail["holdingProfit"] == "-5.19" and detail["holdingProfitRate"] == "-0.0104"
    page = plans.get("/trade/investPlan/executions", investPlanId=plan["investPlanId"])["data"]
    (row,) = page["list"]
    assert row["status"] == "SUCCESS" and row["orderCode"] == "039"
    assert row["confirmedShares"] == "399.04" and row["fee"] == "7.39"
    orders = plans.get("/trade/getAllOrders")["data"]
    assert orders["content"][0]["extMetaInfo"]["investPlanId"] == plan["investPlanId"]


def test_a_day_with_nothing_to_do_builds_none_of_the_steps(session: Session, plans: Plans) -> None:
    """The statements of a day: with no plan due, a few reads (is a plan due, which schedules,
    is an execution to try, the counts); the day that buys runs every step; that day again
    (tried already) builds no order."""
    fund = make_fund(session)
    plans.create(productCode=fund.code)
    connection = session.connection()
    seen: list[str] = []

    def count(*args: Any) -> None:
        seen.append(args[2])

    def statements(day: date) -> int:
        seen.clear()
        sqla_event.listen(connection, "before_cursor_execute", count)
        try:
            execute_due(session, day)
        finally:
            sqla_event.remove(connection, "before_cursor_execute", count)
        return len(seen)

    idle = statements(date(2026, 11, 24))  # Tuesday: not due
    assert idle <= 5
    buying = statements(WED)
    assert buying > 3 * idle
    assert statements(WED) < buying  # the day again: tried already, nothing placed
    assert not any(s.startswith("INSERT INTO trade_order") for s in seen)


def test_the_plans_holding_is_valued_as_the_holding_is(session: Session, plans: Plans) -> None:
    """Two periods' shares of one fund are valued together, as the holding values them
    (rules.market_value), not one order at a time: 2 × 399.04 shares at 1.2318 are 983.07
    (798.08 × 1.2318 = 983.074944), where 491.54 + 491.54 would show a cent more."""
    fund = make_fund(session)  # 1.5 %, no discount
    plan = plans.create(productCode=fund.code)["data"]
    next_wed, next_thu = date(2026, 12, 2), date(2026, 12, 3)
    execute_due(session, WED)
    add_navs(session, fund, {WED: "1.2345", THU: "1.2400"})
    settle_day(session, day=THU)
    execute_due(session, next_wed)
    add_navs(session, fund, {next_wed: "1.2345", next_thu: "1.2318"})
    settle_day(session, day=next_thu)
    session.expire_all()
    assert [
        order_of(session, e).confirmed_shares for e in executions(session, plan["investPlanId"])
    ] == [D("399.04")] * 2
    holding = session.scalars(select(Holding).where(Holding.fund_code == fund.code)).one()
    assert (holding.shares, holding.market_value) == (D("798.08"), D("983.07"))
    detail = plans.get("/trade/investPlan/detail", investPlanId=plan["investPlanId"])["data"]
    assert detail["holdingShares"] == "798.08" and detail["holdingValue"] == "983.07"
    assert detail["holdingProfit"] == "-16.93" and detail["holdingProfitRate"] == "-0.0169"


def test_a_refused_card_retries_then_fails_and_three_periods_pause(
    session: Session, plans: Plans
) -> None:
    fund = make_fund(session)
    plans.trader.card.gateway_token = FAILING_TOKEN
    plan_id = plans.create(productCode=fund.code, periodUnit=0)["data"]["investPlanId"]
    # Every trading day is due; each period is tried three days (CONTINUITY).
    day = date(2026, 11, 24)
    for _ in range(5):
        execute_due(session, day)
        day += timedelta(days=1)
        while day.weekday() >= 5:
            day += timedelta(days=1)
    rows = executions(session, plan_id)
    first = rows[0]
    assert (first.due_date, first.status, first.attempt) == (date(2026, 11, 24), "FAIL", 3)
    assert first.fail_reason == "银行卡扣款失败"
    # Periods 11-24, 25 and 26 failed by Monday 11-30; the plan paused, so the periods of
    # 11-27 and 11-30, still retrying, end with it.
    assert [r.status for r in rows] == ["FAIL", "FAIL", "FAIL", "TERMINATED", "TERMINATED"]
    plan = session.get(InvestPlan, plan_id)
    assert plan is not None
    assert (plan.status, plan.next_date, plan.failed_periods) == ("P", None, 3)
    assert plan.status_reason == "连续3期扣款失败，计划已自动暂停"
    assert session.scalar(select(TradeOrder.id)) is None


def test_last_mode_tries_once(session: Session, plans: Plans) -> None:
    fund = make_fund(session)
    plans.trader.card.gateway_token = FAILING_TOKEN
    plan_id = plans.create(productCode=fund.code, payDateMode="LAST")["data"]["investPlanId"]
    execute_due(session, WED)
    (e,) = executions(session, plan_id)
    assert (e.status, e.attempt, e.next_try) == ("FAIL", 1, None)
    assert session.get(InvestPlan, plan_id).failed_periods == 1  # type: ignore[union-attr]


def test_a_wallet_plan_with_too_little_balance_fails_then_buys(
    session: Session, plans: Plans, wallet_fund: Fund
) -> None:
    fund = make_fund(session)
    lots = [(date(2026, 1, 5), "300.00"), (date(2026, 2, 2), "100.00")]
    holding = make_holding(session, trader=plans.trader, fund=wallet_fund, lots=lots)
    plan_id = plans.create(productCode=fund.code, payType="wallet", paymentMethodId=None,
                           amount="350.00")["data"]["investPlanId"]  # fmt: skip
    other = plans.create(productCode=fund.code, payType="wallet", paymentMethodId=None,
                         amount="100.00")["data"]["investPlanId"]  # fmt: skip
    execute_due(session, WED)
    (e,) = executions(session, plan_id)
    order = order_of(session, e)
    assert (order.order_code, order.confirm_status, order.pay_method) == ("W11", "W0", "wallet")
    # The second plan of the day needs 450.00 in all: more than the 400.00 there.
    (f,) = executions(session, other)
    assert (f.status, f.fail_reason, f.next_try) == ("ACTIVE", "余额不足", THU)
    session.expire_all()
    wallet = session.get(Holding, holding.id)
    assert wallet is not None
    assert (wallet.shares, wallet.cost, wallet.redeemed_net) == (
        D("50.00"),
        D("50.00"),
        D("350.00"),
    )
    lots = session.scalars(select(OrderLot).where(OrderLot.order_id == order.id)).all()
    assert sorted(lot.shares for lot in lots) == [D("50.00"), D("300.00")]
    # The next day the retry finds 50.00: still too little; money arrives, the third try buys.
    execute_due(session, THU)
    (f,) = executions(session, other)
    assert (f.status, f.attempt, f.fail_reason) == ("ACTIVE", 2, "余额不足")
    session.add(HoldingLot(holding_id=holding.id, confirm_date=THU, shares=D("100.00")))
    wallet.shares += D("100.00")
    wallet.cost += D("100.00")
    session.flush()
    execute_due(session, FRI)
    (f,) = executions(session, other)
    assert (f.status, f.attempt) == ("SUCCESS", 3)
    session.expire_all()
    # 150.00 less the 100.00: the old lot's 50.00 first, then 50.00 of the new one.
    assert session.get(Holding, holding.id).shares == D("50.00")  # type: ignore[union-attr]
    lots = session.scalars(select(HoldingLot).where(HoldingLot.holding_id == holding.id)).all()
    assert sorted(lot.shares for lot in lots) == [D("0.00"), D("0.00"), D("50.00")]


def test_a_portfolio_plan_places_p02_with_children(session: Session, plans: Plans) -> None:
    a, b = make_fund(session), make_fund(session, purchase_rate=D("0.012"))
    c = make_fund(session)
    po = make_portfolio(session, components=[(a, D("0.3")), (b, D("0.5")), (c, D("0.2"))])
    plan_id = plans.create(productType="poFund", productCode=po.code,
                           amount="1000.01")["data"]["investPlanId"]  # fmt: skip
    execute_due(session, WED)
    (e,) = executions(session, plan_id)
    parent = order_of(session, e)
    kids = session.scalars(
        select(TradeOrder).where(TradeOrder.parent_id == parent.id).order_by(TradeOrder.id)
    ).all()
    # 1000.01 by 0.5 / 0.3 / 0.2: 500.00 (+0.01 to the largest), 300.00, 200.00.
    by_fund = {k.fund_code: k for k in kids}
    assert by_fund[b.code].trade_amount == D("500.01")
    assert by_fund[a.code].trade_amount == D("300.00")
    assert by_fund[c.code].trade_amount == D("200.00")
    # b at 1.2 %: 500.01 / 1.012 = 494.08 → fee 5.93; a at 1.5 %: 295.57, 4.43; c: 197.04, 2.96.
    assert (by_fund[b.code].fee, by_fund[b.code].net_amount) == (D("5.93"), D("494.08"))
    assert (by_fund[a.code].fee, by_fund[c.code].fee) == (D("4.43"), D("2.96"))
    assert (parent.order_code, parent.confirm_status) == ("P02", "P0")
    assert parent.fee == D("13.32") and parent.net_amount == D("986.69")
    assert {k.broker_order_no[-2:] for k in kids} == {"01", "02", "03"}
    assert all(k.order_code == "039" and k.portfolio_code == po.code for k in kids)
    # shares of three funds add up to nothing: a portfolio plan shows no 持有份额
    detail = plans.get("/trade/investPlan/detail", investPlanId=plan_id)["data"]
    assert detail["holdingShares"] is None and detail["holdingValue"] == "0.00"
    # confirmed, the execution shows its fees summed but no shares (its funds' are each their own)
    parent.confirm_status = "P2"
    for k, shares in zip(kids, ("300.00", "494.08", "197.04"), strict=True):
        k.confirm_status, k.confirmed_shares = "2", D(shares)
    session.flush()
    (row,) = plans.get("/trade/investPlan/executions", investPlanId=plan_id)["data"]["list"]
    assert row["confirmedShares"] is None and row["fee"] == "13.32"


def test_suspended_product_and_suitability_fail_with_reasons(
    session: Session, plans: Plans
) -> None:
    fund, risky = make_fund(session), make_fund(session, risk_level=5)
    plans.trader.account.risk_grade5 = 3
    stopped = plans.create(productCode=fund.code, payDateMode="LAST")["data"]["investPlanId"]
    mismatch = plans.create(productCode=risky.code, payDateMode="LAST",
                            riskConfirmed=True)["data"]["investPlanId"]  # fmt: skip
    fund.status = STATUS_STOP_ALLOT
    plans.trader.account.risk_grade5 = 1  # a C1 investor may buy only R1
    session.flush()
    execute_due(session, WED)
    assert executions(session, stopped)[0].fail_reason == "产品暂停申购"
    assert executions(session, mismatch)[0].fail_reason == "风险等级不匹配"


def test_a_smart_plan_scales_the_amount(session: Session, plans: Plans) -> None:
    days = [date(2025, 10, 1) + timedelta(days=i) for i in range(260)]
    closes = {d: "100" for d in days[:-1]} | {days[-1]: "80"}  # the last close is before WED
    index = make_index(session, closes=closes)
    fund = make_fund(session, benchmark_code=index.code)
    plan_id = plans.create(productCode=fund.code, smart=True)["data"]["investPlanId"]
    execute_due(session, WED)
    (e,) = executions(session, plan_id)
    # Deviation 80 / 99.92 − 1 = −0.1994: the −20 %…−10 % band, ×1.30.
    assert (e.base_amount, e.multiplier, e.amount) == (D("500.00"), D("1.30"), D("650.00"))
    assert order_of(session, e).trade_amount == D("650.00")


def test_a_strategy_plan_fails_until_the_changed_strategy_is_signed(
    session: Session, plans: Plans
) -> None:
    a = make_fund(session)
    cl = make_portfolio(session, code="CL900002", components=[(a, D("1"))], kind="strategy")
    data = plans.create(base="/saip/strategyInvestPlan", productType="strategy",
                        productCode=cl.code, amount="1000.00")["data"]  # fmt: skip
    plan = session.get(InvestPlan, data["investPlanId"])
    assert plan is not None
    assert require_signing(session, strategy_code=cl.code) == 1  # the strategy-manual change
    session.expire_all()
    execute_due(session, WED)
    (e,) = executions(session, plan.id)
    assert e.fail_reason == "未签署本期策略文件"
    body: dict[str, Any] = {
        "investPlanId": plan.id, "signExtendPeriod": True, "tradePassword": "135790",
        "tradeUUID": "sign-1",
    }  # fmt: skip
    signed = plans.post("/saip/strategyInvestPlan/update", body)["data"]
    assert signed["extendPeriodSignStatus"] == "SIGNED_FREE"
    execute_due(session, THU)  # the retry buys
    (e,) = executions(session, plan.id)
    assert e.status == "SUCCESS" and order_of(session, e).order_code == "P02"


def test_pause_ends_a_retrying_execution_and_skips_dates(session: Session, plans: Plans) -> None:
    fund = make_fund(session)
    plans.trader.card.gateway_token = FAILING_TOKEN
    plan_id = plans.create(productCode=fund.code)["data"]["investPlanId"]
    execute_due(session, WED)
    plans.act("pause", plan_id)
    (e,) = executions(session, plan_id)
    assert e.status == "TERMINATED"
    execute_due(session, date(2026, 12, 2))
    assert len(executions(session, plan_id)) == 1


def test_take_profit_hold_records_the_round(session: Session, plans: Plans) -> None:
    fund = make_fund(session)
    plan_id = plans.create(productCode=fund.code, targetRate="0.05",
                           targetAction="hold")["data"]["investPlanId"]  # fmt: skip
    execute_due(session, WED)
    add_navs(session, fund, {WED: "1.0000", THU: "1.0200"})
    settle_day(session, day=THU)
    assert take_profit(session, THU) == 0  # 492.61 shares × 1.02 = 502.46 < 525.00
    add_navs(session, fund, {FRI: "1.0700"})
    settle_day(session, day=FRI)
    assert take_profit(session, FRI) == 1  # 492.61 × 1.07 = 527.09 ≥ 525.00
    detail = plans.get("/trade/investPlan/detail", investPlanId=plan_id)["data"]
    assert (
        detail["status"] == "P" and detail["statusReason"] == "已达目标收益，已停止扣款并继续持有"
    )
    (record,) = detail["targetRecords"]
    assert record["invested"] == "500.00" and record["value"] == "527.09"
    assert record["returnRate"] == "0.0542" and record["reachedDate"] == "2026-11-27"
    assert take_profit(session, FRI) == 0
    freeze("2026-11-30 10:00")
    assert MON.weekday() == 0


def test_take_profit_redeem_and_rolling(session: Session, plans: Plans, wallet_fund: Fund) -> None:
    fund = make_fund(session)
    ending = plans.create(productCode=fund.code, targetRate="0.05",
                          targetAction="redeem")["data"]["investPlanId"]  # fmt: skip
    rolling = plans.create(productCode=fund.code, targetRate="0.05", targetAction="rolling",
                           amount="1000.00")["data"]["investPlanId"]  # fmt: skip
    execute_due(session, WED)
    add_navs(session, fund, {WED: "1.0000", THU: "1.0700"})
    settle_day(session, day=THU)
    assert take_profit(session, THU) == 2
    session.expire_all()
    redeemed = session.scalars(
        select(TradeOrder).where(TradeOrder.order_code == "024").order_by(TradeOrder.id)
    ).all()
    # Each plan's round: 492.61 and 985.22 shares (1 000.00 / 1.015), redeemed to the wallet,
    # after Thursday's cut-off: trade date Friday.
    assert [(o.trade_share, o.redeem_to, o.trade_date) for o in redeemed] == [
        (D("492.61"), "wallet", FRI),
        (D("985.22"), "wallet", FRI),
    ]
    assert [o.ext_meta_info["investPlanId"] for o in redeemed if o.ext_meta_info] == [
        ending,
        rolling,
    ]
    first = session.get(InvestPlan, ending)
    second = session.get(InvestPlan, rolling)
    assert first is not None and second is not None
    assert (first.status, first.next_date) == ("T", None)
    assert (second.status, second.round, second.next_date) == ("A", 2, date(2026, 12, 2))
    detail = plans.get("/trade/investPlan/detail", investPlanId=rolling)["data"]
    assert detail["round"] == 2 and detail["holdingShares"] == "0.00"
    assert [r["action"] for r in detail["targetRecords"]] == ["rolling"]


def test_a_wallet_plan_recharges_the_wallet_by_card(
    session: Session, plans: Plans, wallet_fund: Fund
) -> None:
    plan_id = plans.create(productType="wallet", productCode=wallet_fund.code,
                           amount="300.00")["data"]["investPlanId"]  # fmt: skip
    execute_due(session, WED)
    (e,) = executions(session, plan_id)
    order = order_of(session, e)
    assert (order.order_code, order.confirm_status, order.fund_code) == ("W01", "W0", "000509")
    assert (order.trade_amount, order.fee, order.net_amount) == (
        D("300.00"),
        D("0.00"),
        D("300.00"),
    )
    detail = plans.get("/trade/getOrderDetail", brokerOrderNo=order.broker_order_no, expect=200)
    assert detail["data"]["extMetaInfo"]["executionId"] == e.id


def test_a_product_the_broker_does_not_sell_here_fails_like_a_purchase(
    session: Session, plans: Plans
) -> None:
    """isDisableBuy (the broker's, or the product's on one of its shelves) refuses a manual
    purchase (60004); a plan's period fails with the same words, nothing charged."""
    shelved, other = make_fund(session), make_fund(session)
    on_shelf = plans.create(productCode=shelved.code, payDateMode="LAST")["data"]["investPlanId"]
    whole = plans.create(productCode=other.code, payDateMode="LAST")["data"]["investPlanId"]
    broker_id = plans.trader.user.broker_id
    session.add(ProductShelf(broker_id=broker_id, shelf="search", product_code=shelved.code,
                             product_type="fund", is_disable_buy=True))  # fmt: skip
    session.flush()
    execute_due(session, WED)
    (e,) = executions(session, on_shelf)
    assert (e.status, e.fail_reason, e.order_id) == ("FAIL", "该产品暂不支持在线购买", None)
    assert executions(session, whole)[0].status == "SUCCESS"
    broker = session.get(Broker, broker_id)
    assert broker is not None
    broker.is_disable_buy = True
    session.flush()
    execute_due(session, date(2026, 12, 2))
    assert executions(session, whole)[-1].fail_reason == "该产品暂不支持在线购买"


def test_a_fund_whose_trading_time_limit_covers_the_deduction_fails(
    session: Session, plans: Plans
) -> None:
    """A purchase inside a fund's trading-time limit is refused (60006); a plan's orders are
    booked at 09:30, so a limit over 09:30 fails the period, and one later in the day does not."""
    early, late = make_fund(session), make_fund(session)
    early.trade_limit_start, early.trade_limit_end = "09:00", "10:00"
    late.trade_limit_start, late.trade_limit_end = "14:30", "15:00"
    session.flush()
    blocked = plans.create(productCode=early.code, payDateMode="LAST")["data"]["investPlanId"]
    fine = plans.create(productCode=late.code, payDateMode="LAST")["data"]["investPlanId"]
    execute_due(session, WED)
    (e,) = executions(session, blocked)
    assert (e.status, e.fail_reason, e.order_id) == ("FAIL", "产品交易限制时段内无法申购", None)
    assert executions(session, fine)[0].status == "SUCCESS"


def test_a_period_failed_for_good_is_one_notice_of_its_day(
    session: Session, plans: Plans, client: TestClient, api: str
) -> None:
    """docs/notices.md#the-events: ``plan.failed``. A weekly plan due Wednesday whose card is
    refused is tried Wednesday, Thursday and Friday (CONTINUITY); only Friday's refusal, the
    last, is a notice, stamped Friday 20:00 though ``market advance`` ran Friday with the
    clock on Thursday evening; running Friday again adds nothing."""
    from opentamp import jobs
    from opentamp.kit.clock import BEIJING, frozen
    from tests.factories import login
    from tests.notices.helpers import badge, moment, notices_of

    fund = make_fund(session, name="测试定投混合")
    plans.trader.card.gateway_token = FAILING_TOKEN
    plan_id = plans.create(productCode=fund.code)["data"]["investPlanId"]
    steps = ("plans.execute_due", "notices.deliver")

    def run(day: date, clock_at: datetime) -> dict[str, str | None]:
        with frozen(clock_at):
            return {s.name: s.run(session, day) for s in jobs.steps() if s.name in steps}

    def seen(clock_at: datetime) -> tuple[list[dict[str, Any]], dict[str, int]]:
        with frozen(clock_at):
            headers = login(session, plans.trader.user)
            return notices_of(client, api, headers, "TRADE"), badge(client, api, headers)

    run(WED, datetime(2026, 11, 24, 21, 0, tzinfo=BEIJING))
    run(THU, datetime(2026, 11, 25, 21, 0, tzinfo=BEIJING))
    assert seen(datetime(2026, 11, 25, 21, 0, tzinfo=BEIJING)) == ([], {
        "total": 0, "TRADE": 0, "ADVISORY": 0, "ACCOUNT": 0, "ANNOUNCEMENT": 0,
    })  # fmt: skip
    thursday_evening = datetime(2026, 11, 26, 21, 0, tzinfo=BEIJING)
    assert run(FRI, thursday_evening)["notices.deliver"] == "1 notices"
    (e,) = executions(session, plan_id)
    assert (e.status, e.attempt, e.fail_reason) == ("FAIL", 3, "银行卡扣款失败")
    [notice], unread = seen(thursday_evening)
    assert unread == {"total": 1, "TRADE": 1, "ADVISORY": 0, "ACCOUNT": 0, "ANNOUNCEMENT": 0}
    assert (notice["kind"], notice["category"], notice["categoryName"]) == (
        "plan.failed", "TRADE", "交易提醒",
    )  # fmt: skip
    assert notice["title"] == "定投扣款失败"
    assert notice["content"] == (
        "您的测试定投混合定投计划2026年11月27日的扣款未成功：银行卡扣款失败。"
        "请检查银行卡余额或支付方式。"
    )
    assert notice["link"] == f"/investPlan?investPlanId={plan_id}"
    assert moment(notice) == datetime(2026, 11, 27, 20, 0, tzinfo=BEIJING)
    # Friday again (a crashed pipeline run over): no second notice.
    assert run(FRI, datetime(2026, 11, 27, 20, 30, tzinfo=BEIJING))["notices.deliver"] == (
        "0 notices"
    )
    [again], unread = seen(datetime(2026, 11, 27, 20, 30, tzinfo=BEIJING))
    assert again["noticeId"] == notice["noticeId"] and unread["total"] == 1
