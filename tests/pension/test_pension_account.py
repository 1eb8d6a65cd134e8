"""The pension financial account holds pension funds only (docs/pension.md "Buying and
redeeming pension funds"): no portfolio, wallet, 定投 plan or transferred holding lands there,
and a conversion neither takes pension money out of the Y class nor brings other money in."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.models.accounts import FinancialAccount
from opentamp.models.orders import TradeOrder
from opentamp.models.plans import InvestPlan
from opentamp.models.transfers import TransferApplication
from tests.factories import add_navs, make_fund
from tests.pension.conftest import MON, PASSWORD, Pension, make_pension_fund
from tests.trading.conftest import make_holding

pytestmark = pytest.mark.usefixtures("monday")

HELD_SINCE = date(2026, 10, 26)


def _orders(session: Session) -> int:
    return session.scalar(select(func.count()).select_from(TradeOrder)) or 0


def test_nothing_but_pension_funds_enters_the_pension_account(
    pension: Pension, session: Session
) -> None:
    plain = make_fund(session)
    add_navs(session, plain, {MON: "1.0000"})
    pension.bind()
    pension.contribute("3000.00")
    fa = pension.account()["financialAccountId"]
    card = pension.trader.card.id
    common = {"financialAccountId": fa, "tradePassword": PASSWORD}
    message = "个人养老金账户仅可持有个人养老金基金（Y类份额），请选择其他理财账户"

    refusals = [
        ("/trade/buyPo", {"poCode": "P000001", "amount": "1000.00", "paymentMethodId": card}),
        ("/trade/openWallet", {}),
        ("/trade/rechargeWallet", {"amount": "100.00", "paymentMethodId": card}),
        (
            "/trade/investPlan/create",
            {
                "productType": "fund",
                "productCode": plain.code,
                "amount": "500.00",
                "periodUnit": 1,
                "periodDay": 3,
                "payType": "card",
                "paymentMethodId": card,
            },
        ),  # fmt: skip
        (
            "/transfer/external/submit",
            {
                "source": "manual",
                "items": [{"fundCode": plain.code, "shares": "100.00", "cost": "100.00"}],
            },
        ),  # fmt: skip
    ]
    for path, body in refusals:
        refused = pension.post(path, {**common, "tradeUUID": pension.uuid(), **body}, status=400)
        assert (refused["code"], refused["msg"]) == (71125, message), path
    assert _orders(session) == 0
    assert session.scalar(select(func.count()).select_from(InvestPlan)) == 0
    assert session.scalar(select(func.count()).select_from(TransferApplication)) == 0
    assert pension.account()["balance"] == "3000.00"


def test_a_pension_fund_is_not_brought_in_by_a_transfer_of_holdings(
    pension: Pension, session: Session
) -> None:
    fund = make_pension_fund(session)
    refused = pension.post(
        "/transfer/external/submit",
        {
            "financialAccountId": pension.trader.fa.id,
            "source": "manual",
            "items": [{"fundCode": fund.code, "shares": "100.00", "cost": "120.00"}],
        },
        status=400,
    )
    assert refused["code"] == 71209
    assert refused["msg"] == (
        "第1行：测试养老目标日期2045三年持有期混合型基金中基金(FOF)Y为个人养老金基金，"
        "随个人养老金资金账户变更转入，不能通过资产转入"
    )
    assert session.scalar(select(func.count()).select_from(TransferApplication)) == 0


def test_a_pension_fund_converts_only_into_another_pension_fund(
    pension: Pension, session: Session
) -> None:
    held = make_pension_fund(session)
    other = make_pension_fund(session)
    plain = make_fund(session)
    for fund in (other, plain):
        fund.company_id = held.company_id
    add_navs(session, other, {date(2026, 11, 20): "1.1000"})
    add_navs(session, plain, {MON: "1.0000"})
    pension.bind()
    fa_id = pension.account()["financialAccountId"]
    fa = session.get(FinancialAccount, fa_id)
    make_holding(session, trader=pension.trader, fund=held, lots=[(HELD_SINCE, "500.00")], fa=fa)
    ordinary = make_holding(
        session, trader=pension.trader, fund=plain, lots=[(HELD_SINCE, "500.00")]
    )
    session.flush()

    # Offered: the other pension fund only; the ordinary fund of the same company is not.
    prepared = pension.get("/trade/convert/prepare", fundCode=held.code, financialAccountId=fa_id)
    assert [t["fundCode"] for t in prepared["data"]["targets"]] == [other.code]

    def convert(fa: int, source: str, target: str, *, status: int) -> dict:
        body = {
            "financialAccountId": fa,
            "fundCode": source,
            "targetFundCode": target,
            "shares": "100.00",
            "tradePassword": PASSWORD,
            "tradeUUID": pension.uuid(),
            "riskConfirmed": True,
        }
        return pension.post("/trade/convert/do", body, status=status)

    message = "个人养老金基金（Y类份额）仅可与其他个人养老金基金相互转换"
    out = convert(fa_id, held.code, plain.code, status=400)
    assert (out["code"], out["msg"]) == (71126, message)
    # An ordinary fund held elsewhere cannot become a pension fund without pension money.
    into = convert(ordinary.financial_account_id, plain.code, held.code, status=400)
    assert (into["code"], into["msg"]) == (71126, message)
    assert _orders(session) == 0
    assert convert(fa_id, held.code, other.code, status=200)["data"]["orderCode"] == "036"
    assert Decimal(pension.account()["balance"]) == Decimal("0.00")
