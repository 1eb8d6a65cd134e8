"""Fund conversion (036) and the super wallet's adjust: /trade/convert/prepare, do and cancel,
/trade/superWallet/adjust, then settlement, on a frozen clock with the numbers worked out by
hand (opentamp/trading/convert.py).

The world: fund company K with A (mixed, listed purchase rate 1.2 %), B (listed 1.5 %), M (a
money-market fund) and S (暂停申购); X of another company. A and B are sold at 4折
(purchase_discount 0.4), so rate_A = 0.012 × 0.4 = 0.0048, rate_B = 0.015 × 0.4 = 0.006 and the
difference (补差费率) is 0.0012. The holder has 1 000.00 shares of A held directly, one lot
confirmed 2026-10-25 (30 days on T = Tue 2026-11-24: redemption 0.5 %), cost 1 100.00.

Order time (Tue 10:00, latest NAVs Monday's: A 1.1900, B 1.0500), the estimate:
    gross  1000.00 × 1.1900 = 1190.00; redeem fee 1190.00 × 0.5 % = 5.95; amount 1184.05
    net    1184.05 / 1.0012 = 1182.6308… → 1182.63; fee difference 1184.05 − 1182.63 = 1.42
    total fee 5.95 + 1.42 = 7.37; shares of B 1182.63 / 1.0500 = 1126.314… → 1126.31
Settlement of Wed 2026-11-25 (T's NAVs: A 1.2000, B 1.0400):
    gross  1000.00 × 1.2000 = 1200.00; redeem fee 6.00; amount 1194.00
    net    1194.00 / 1.0012 = 1192.5689… → 1192.57; fee difference 1.43; total fee 7.43
    shares of B 1192.57 / 1.0400 = 1146.701… → 1146.70
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.catalogue import ProductShelf
from opentamp.models.holdings import Holding
from opentamp.models.orders import OrderLot, TradeOrder
from opentamp.models.products import (
    FUND_TYPE_MONEY_MARKET,
    STATUS_STOP_ALLOT,
    WALLET_FUND_CODE,
    Fund,
    FundNav,
)
from opentamp.models.suitability import RiskConfirmation
from opentamp.models.verification import SecurityTicket
from opentamp.settlement.service import settle_day
from tests.factories import add_navs, make_fund, make_portfolio
from tests.sms import SmsRecorder
from tests.trading.conftest import (
    PASSWORD,
    Api,
    Trader,
    make_holding,
    make_trader,
    make_wallet_fund,
    ticket,
)

D = Decimal
MON, TUE, WED, THU = (date(2026, 11, d) for d in (23, 24, 25, 26))
HELD_SINCE = date(2026, 10, 25)
TUESDAY_10 = datetime(2026, 11, 24, 10, 0, tzinfo=BEIJING)
TUESDAY_1459 = datetime(2026, 11, 24, 14, 59, tzinfo=BEIJING)
TUESDAY_1530 = datetime(2026, 11, 24, 15, 30, tzinfo=BEIJING)


@dataclass
class World:
    a: Fund
    b: Fund
    m: Fund
    s: Fund
    x: Fund
    holding: Holding


def _same_company(session: Session, source: Fund, *funds: Fund) -> None:
    for fund in funds:
        fund.company_id = source.company_id
    session.flush()


@pytest.fixture
def world(session: Session, me: Api) -> World:
    quarter = D("0.4")
    a = make_fund(session, purchase_rate=D("0.012"), purchase_discount=quarter)
    b = make_fund(session, purchase_rate=D("0.015"), purchase_discount=quarter, risk_level=4)
    m = make_fund(
        session, fund_type=FUND_TYPE_MONEY_MARKET, risk_level=1, redeem_tiers=[], name="测试货币A"
    )
    s = make_fund(session, status=STATUS_STOP_ALLOT)
    x = make_fund(session)
    _same_company(session, a, b, m, s)
    holding = make_holding(
        session, trader=me.trader, fund=a, lots=[(HELD_SINCE, "1000.00")], cost="1100.00"
    )
    add_navs(session, a, {MON: "1.1900"})
    add_navs(session, b, {date(2025, 11, 21): "0.8000", MON: "1.0500"})
    session.add(
        FundNav(
            fund_code=m.code,
            nav_date=MON,
            nav=D("1.0000"),
            acc_nav=D("1.0000"),
            income_per_10k=D("0.5000"),
        )
    )
    add_navs(session, x, {MON: "1.0000"})
    session.flush()
    return World(a, b, m, s, x, holding)


def prepare(me: Api, fund: Fund, *, status: int = 200, **params: Any) -> dict:
    params = {"fundCode": fund.code, "financialAccountId": me.trader.fa.id, **params}
    return me.get("/trade/convert/prepare", status=status, **params)


def convert(
    me: Api, source: Fund, target: Fund, shares: str, *, status: int = 200, **extra: Any
) -> dict:
    body = {
        "financialAccountId": me.trader.fa.id,
        "fundCode": source.code,
        "targetFundCode": target.code,
        "shares": shares,
        "tradePassword": PASSWORD,
        "tradeUUID": me.uuid(),
        "riskConfirmed": True,
        **extra,
    }
    return me.post("/trade/convert/do", body, status=status)


def cancel(me: Api, order_no: str, *, status: int = 200, **extra: Any) -> dict:
    body = {"brokerOrderNo": order_no, "tradePassword": PASSWORD, **extra}
    return me.post("/trade/convert/cancel", body, status=status)


def row(session: Session, order_no: str) -> TradeOrder:
    order = session.scalars(select(TradeOrder).where(TradeOrder.broker_order_no == order_no)).one()
    session.refresh(order)
    return order


def holding_of(session: Session, fa_id: int, fund: Fund) -> Holding:
    h = session.scalars(
        select(Holding).where(
            Holding.financial_account_id == fa_id,
            Holding.fund_code == fund.code,
            Holding.portfolio_code == "",
        )
    ).one()
    session.refresh(h)
    return h


# -- the rule ------------------------------------------------------------------------------------


def _fee(rate: str | None, fee: str = "0.00") -> rules.PurchaseFee:
    r = D(rate) if rate is not None else None
    return rules.PurchaseFee(D("0"), r, r, None if r is not None else D(fee), D(fee), D(fee), D(0))


def test_the_fee_difference_rule() -> None:
    diff = rules.conversion_fee_difference
    # 0.006 − 0.0048 = 0.0012: 1194.00 / 1.0012 = 1192.5689… → 1192.57, fee 1.43.
    assert diff(D("1194.00"), _fee("0.0048"), _fee("0.006")) == rules.FeeDifference(
        D("1194.00"), D("0.0012"), D("1.43"), D("1192.57")
    )
    # Into a cheaper fund (or a money fund, rate 0): nothing, never a refund.
    assert diff(D("1194.00"), _fee("0.006"), _fee("0")) == rules.FeeDifference(
        D("1194.00"), D("0"), D("0.00"), D("1194.00")
    )
    # A fixed-fee tier counts as its fee: 1000.00 − a source fee of 300.00 = 700.00 …
    assert diff(D("5000000.00"), _fee("0.00006", "300.00"), _fee(None, "1000.00")) == (
        rules.FeeDifference(D("5000000.00"), None, D("700.00"), D("4999300.00"))
    )
    # … and never more than the amount.
    assert diff(D("500.00"), _fee("0"), _fee(None, "1000.00")).fee == D("500.00")


# -- prepare ---------------------------------------------------------------------------------------


def test_prepare_lists_the_same_company_funds_on_sale(me: Api, world: World) -> None:
    w = world
    with frozen(TUESDAY_10):
        data = prepare(me, w.a)["data"]
    assert (data["fundCode"], data["fundName"], data["fundType"]) == (
        w.a.code,
        "测试混合型证券投资基金",
        3,
    )
    assert (data["financialAccountId"], data["availableShares"]) == (me.trader.fa.id, "1000.00")
    assert (data["minConvertShares"], data["minRemainingShares"]) == ("1.00", "1.00")
    assert (data["nav"], data["navDate"]) == ("1.1900", "2026-11-23")
    # Before 15:00 on a trading day: T is today, confirmed on the next trading day.
    assert (data["tradeDate"], data["confirmDate"], data["estimate"]) == (
        "2026-11-24",
        "2026-11-25",
        None,
    )
    # B and M (by code); S is 暂停申购, X of another company, A itself.
    # B's rate 0.015 × 0.4 = 0.006; its 近1年 1.0500 / 0.8000 − 1 = 0.3125 (the NAV of
    # 2025-11-21 is the last on or before 2025-11-23); M's rate 0, no year of NAVs.
    assert [
        (
            t["fundCode"],
            t["fundType"],
            t["riskLevel"],
            t["nav"],
            t["navDate"],
            t["purchaseFeeRate"],
            t["yearReturn"],
        )
        for t in data["targets"]
    ] == [
        (w.b.code, 3, 4, "1.0500", "2026-11-23", "0.006", "0.3125"),
        (w.m.code, 4, 1, "1.0000", "2026-11-23", "0", None),
    ]


def test_prepare_estimates_a_conversion(me: Api, world: World) -> None:
    with frozen(TUESDAY_10):
        data = prepare(me, world.a, targetFundCode=world.b.code, shares="1000.00")["data"]
    # The module docstring's order-time figures (Monday's NAVs).
    assert data["estimate"] == {
        "shares": "1000.00",
        "nav": "1.1900",
        "grossAmount": "1190.00",
        "redeemFee": "5.95",
        "redeemFeeRate": "0.005",
        "feeDifference": "1.42",
        "feeDifferenceRate": "0.0012",
        "totalFee": "7.37",
        "estimatedAmount": "1182.63",
        "estimatedShares": "1126.31",
    }


def test_prepare_to_a_money_fund_has_no_fee_difference(me: Api, world: World) -> None:
    with frozen(TUESDAY_10):
        data = prepare(me, world.a, targetFundCode=world.m.code, shares="500.00")["data"]
    # 500.00 × 1.1900 = 595.00, fee 2.975 → 2.98, amount 592.02; M's rate 0 < A's 0.0048:
    # max(0, 0 − 0.0048) = 0, nothing more to pay; 592.02 shares of M at 1.0000.
    e = data["estimate"]
    assert (e["grossAmount"], e["redeemFee"], e["feeDifference"], e["feeDifferenceRate"]) == (
        "595.00",
        "2.98",
        "0.00",
        "0",
    )
    assert (e["totalFee"], e["estimatedAmount"], e["estimatedShares"]) == (
        "2.98",
        "592.02",
        "592.02",
    )


def test_prepare_refuses_other_targets_and_accounts(
    session: Session, me: Api, world: World, api_of: Callable[[Trader], Api]
) -> None:
    w = world
    with frozen(TUESDAY_10):
        wrong_company = prepare(me, w.a, status=400, targetFundCode=w.x.code)
        itself = prepare(me, w.a, status=400, targetFundCode=w.a.code)
        stopped = prepare(me, w.a, status=400, targetFundCode=w.s.code)
        not_held = prepare(me, w.b, status=404)
        other = api_of(make_trader(session))
        not_yours = prepare(other, w.a, status=404, financialAccountId=me.trader.fa.id)
    for refused in (wrong_company, itself):
        assert (refused["code"], refused["msg"]) == (60112, "该基金暂不支持转换为目标基金")
    assert (stopped["code"], stopped["msg"]) == (60002, f"{w.s.name}暂停申购，暂时无法购买")
    assert (not_held["code"], not_held["msg"]) == (60110, "您未持有该基金，无法转换")
    assert not_yours["code"] == 40400


def test_portfolio_components_do_not_convert(session: Session, me: Api, world: World) -> None:
    po = make_portfolio(session, components=[(world.b, D("1"))])
    make_holding(
        session,
        trader=me.trader,
        fund=world.b,
        portfolio_code=po.code,
        lots=[(HELD_SINCE, "100.00")],
    )
    with frozen(TUESDAY_10):
        refused = prepare(me, world.b, status=400)
        also = convert(me, world.b, world.a, "50.00", status=400)
    for r in (refused, also):
        assert (r["code"], r["msg"]) == (60111, "组合中的基金暂不支持单独转换")


# -- the order -------------------------------------------------------------------------------------


def test_convert_places_a_parent_over_a_redemption_and_an_unpaid_purchase(
    session: Session, me: Api, world: World
) -> None:
    w = world
    with frozen(TUESDAY_10):
        data = convert(me, w.a, w.b, "1000.00")["data"]
    assert (data["orderCode"], data["confirmStatus"], data["payStatus"]) == ("036", "0", "2")
    assert (data["productCode"], data["productName"], data["productType"]) == (
        w.a.code,
        w.a.name,
        "FUND",
    )
    # tradeShare the shares of A; amount, fee and net the estimate at Monday's NAVs.
    assert (data["tradeShare"], data["tradeAmount"], data["fee"], data["netAmount"]) == (
        "1000.00",
        "1184.05",
        "7.37",
        "1182.63",
    )
    assert (data["tradeDate"], data["confirmDate"], data["canCancel"]) == (
        "2026-11-24",
        "2026-11-25",
        True,
    )
    assert data["extMetaInfo"] == {"targetFundCode": w.b.code, "targetFundName": w.b.name}
    no = data["brokerOrderNo"]
    kids = [
        (
            c["brokerOrderNo"][len(no) :],
            c["orderCode"],
            c["productCode"],
            c["confirmStatus"],
            c["payStatus"],
            c["tradeShare"],
            c["tradeAmount"],
            c["fee"],
            c["feeRate"],
            c["netAmount"],
            c["tradeDate"],
            c["confirmDate"],
            c["redeemTo"],
            c["canCancel"],
            c["extMetaInfo"],
        )
        for c in data["children"]
    ]
    assert kids == [
        (
            "01",
            "024",
            w.a.code,
            "0",
            "2",
            "1000.00",
            "0.00",
            "0.00",
            None,
            "0.00",
            "2026-11-24",
            "2026-11-25",
            "convert",
            False,
            None,
        ),
        (
            "02",
            "022",
            w.b.code,
            "0",
            "0",
            "0.00",
            "1184.05",
            "1.42",
            "0.0012",
            "1182.63",
            "2026-11-24",
            "2026-11-25",
            "",
            False,
            {"fundedBy": "036"},
        ),
    ]
    # The shares are frozen and the lot taken recorded with its fee rate on T, as a 024.
    h = holding_of(session, me.trader.fa.id, w.a)
    assert (h.shares, h.frozen_shares) == (D("1000.00"), D("1000.00"))
    sell = row(session, f"{no}01")
    lots = session.scalars(select(OrderLot).where(OrderLot.order_id == sell.id)).all()
    assert [(r.shares, r.fee_rate) for r in lots] == [(D("1000.00"), D("0.005"))]
    # B is R4, within the C5 trader's grade: no confirmation to record.
    assert session.scalars(select(RiskConfirmation)).all() == []
    # The lists serialise it as any order.
    listed = me.get("/trade/getAllOrders", orderCode="036")["data"]["content"]
    detail = me.get("/trade/getOrderDetail", brokerOrderNo=no)["data"]
    assert [o["brokerOrderNo"] for o in listed] == [no]
    assert detail == listed[0]
    assert [c["orderCode"] for c in detail["children"]] == ["024", "022"]


def test_after_the_cut_off_the_order_belongs_to_the_next_trading_day(me: Api, world: World) -> None:
    with frozen(TUESDAY_1530):
        data = convert(me, world.a, world.b, "100.00")["data"]
        plan = prepare(me, world.a)["data"]
    assert (data["tradeDate"], data["confirmDate"]) == ("2026-11-25", "2026-11-26")
    assert [(c["tradeDate"], c["confirmDate"]) for c in data["children"]] == [
        ("2026-11-25", "2026-11-26"),
        ("2026-11-25", "2026-11-26"),
    ]
    assert (plan["tradeDate"], plan["confirmDate"], plan["availableShares"]) == (
        "2026-11-25",
        "2026-11-26",
        "900.00",
    )


def test_a_qdii_leg_confirms_both_on_t_plus_2(session: Session, me: Api, world: World) -> None:
    q = make_fund(session, fund_type=7, confirm_days=2)
    _same_company(session, world.a, q)
    with frozen(TUESDAY_10):
        data = convert(me, world.a, q, "100.00")["data"]
    assert data["confirmDate"] == "2026-11-26"
    assert [c["confirmDate"] for c in data["children"]] == ["2026-11-26", "2026-11-26"]


def test_the_shares_rules_of_a_redemption_apply_in_the_conversions_words(
    session: Session, me: Api, world: World
) -> None:
    """The redemption's minimums, refused with the H5's own texts and codes of their own
    (web/src/features/convert/lib/convert-rules.ts), never the sale's 卖出份额."""
    w = world
    w.a.min_redeem_shares = D("10.00")
    w.a.min_hold_shares = D("100.00")
    session.flush()
    with frozen(TUESDAY_10):
        too_many = convert(me, w.a, w.b, "1000.01", status=400)
        too_few = convert(me, w.a, w.b, "9.99", status=400)
        # 1000.00 − 900.01 = 99.99 left, below the 100.00 minimum holding
        remainder = convert(me, w.a, w.b, "900.01", status=400)
        wrong_company = convert(me, w.a, w.x, "100.00", status=400)
        estimate = prepare(me, w.a, status=400, targetFundCode=w.b.code, shares="1000.01")
    assert (too_many["code"], too_many["error"], too_many["msg"]) == (
        60118,
        "convert_shares_exceed_available",
        "转换份额不能超过可转换份额 1,000.00 份",
    )
    assert estimate == too_many
    assert (too_few["code"], too_few["msg"]) == (60119, "单笔转换份额不能少于 10.00 份")
    assert (remainder["code"], remainder["msg"]) == (
        60120,
        "转换后剩余份额不能少于 100.00 份，请全部转换",
    )
    assert (wrong_company["code"], wrong_company["msg"]) == (60112, "该基金暂不支持转换为目标基金")
    assert session.scalars(select(TradeOrder)).all() == []


def test_the_minimums_leave_these_conversions(session: Session, me: Api, world: World) -> None:
    """Exactly the minimum, exactly the minimum holding left, and everything (below the
    minimum too) pass, as for a sale."""
    w = world
    w.a.min_redeem_shares = D("10.00")
    w.a.min_hold_shares = D("100.00")
    session.flush()
    with frozen(TUESDAY_10):
        convert(me, w.a, w.b, "10.00")
        convert(me, w.a, w.b, "890.00")  # 990.00 − 890.00 leaves exactly 100.00
        w.a.min_redeem_shares = D("500.00")
        session.flush()
        convert(me, w.a, w.b, "100.00")  # all that is left, below the minimum: allowed
    assert holding_of(session, me.trader.fa.id, w.a).frozen_shares == D("1000.00")


def test_nothing_left_to_convert(session: Session, me: Api, world: World) -> None:
    """Every share frozen by a waiting conversion: 暂无可转换份额, as the H5 says it."""
    with frozen(TUESDAY_10):
        convert(me, world.a, world.b, "1000.00")
        again = convert(me, world.a, world.b, "1.00", status=400)
        estimate = prepare(me, world.a, status=400, targetFundCode=world.b.code, shares="1.00")
        plan = prepare(me, world.a)["data"]
    assert (again["code"], again["error"], again["msg"]) == (
        60117,
        "convert_nothing_available",
        "暂无可转换份额",
    )
    assert estimate == again
    assert plan["availableShares"] == "0.00"


def test_another_users_account_is_not_found(
    session: Session, me: Api, world: World, api_of: Callable[[Trader], Api]
) -> None:
    other = api_of(make_trader(session))
    with frozen(TUESDAY_10):
        refused = convert(
            other, world.a, world.b, "100.00", status=404, financialAccountId=me.trader.fa.id
        )
        not_held = convert(other, world.a, world.b, "100.00", status=404)
    assert refused["code"] == 40400
    assert not_held["code"] == 60110
    assert session.scalars(select(TradeOrder)).all() == []


def test_a_repeated_trade_uuid_places_one_order(session: Session, me: Api, world: World) -> None:
    with frozen(TUESDAY_10):
        first = convert(me, world.a, world.b, "100.00", tradeUUID="cv-1")["data"]
        again = convert(me, world.a, world.b, "100.00", tradeUUID="cv-1")["data"]
    assert again == first
    parents = session.scalars(select(TradeOrder).where(TradeOrder.order_code == "036")).all()
    assert len(parents) == 1
    assert holding_of(session, me.trader.fa.id, world.a).frozen_shares == D("100.00")


def test_a_target_above_the_grade_needs_the_confirmation(
    session: Session, world: World, api_of: Callable[[Trader], Api]
) -> None:
    c3 = api_of(make_trader(session, risk_grade5=3))
    make_holding(session, trader=c3.trader, fund=world.a, lots=[(HELD_SINCE, "100.00")])
    with frozen(TUESDAY_10):
        refused = convert(c3, world.a, world.b, "100.00", status=400, riskConfirmed=False)
        placed = convert(c3, world.a, world.b, "100.00")["data"]
    assert (refused["code"], refused["error"]) == (64004, "risk_confirmation_required")
    assert placed["orderCode"] == "036"
    confirmation = session.scalars(select(RiskConfirmation)).one()
    assert (confirmation.product_code, confirmation.product_level, confirmation.risk_grade5) == (
        world.b.code,
        4,
        3,
    )


def test_a_c1_investor_converting_above_r1_is_refused_in_the_words_the_h5_checks_with(
    session: Session, world: World, api_of: Callable[[Trader], Api]
) -> None:
    """The conversion's own refusal (not a purchase's), the one text judgeRisk gives the H5's
    pre-check for a conversion (rules.suitability.REFUSALS)."""
    c1 = api_of(make_trader(session, risk_grade5=1))
    make_holding(session, trader=c1.trader, fund=world.a, lots=[(HELD_SINCE, "100.00")])
    with frozen(TUESDAY_10):
        verdict = c1.get("/trade/judgeRisk", productCode=world.b.code, scene="convert")["data"]
        refused = convert(c1, world.a, world.b, "100.00", status=400)
    words = "转入基金风险等级超出您的风险承受能力，暂时无法转换"
    assert (refused["code"], refused["msg"]) == (64003, words)
    assert (verdict["forbidden"], verdict["refusal"]) == (True, words)
    assert session.scalars(select(TradeOrder)).all() == []


def test_wrong_password_and_suspended_funds(session: Session, me: Api, world: World) -> None:
    with frozen(TUESDAY_10):
        wrong = convert(me, world.a, world.b, "100.00", status=400, tradePassword="000000")
        world.a.status = "STOP_REDEEM"
        session.flush()
        stopped = convert(me, world.a, world.b, "100.00", status=400)
    assert wrong["code"] != 0
    assert (stopped["code"], stopped["msg"]) == (60003, f"{world.a.name}暂停赎回，暂时无法转换")
    assert session.scalars(select(TradeOrder)).all() == []


# -- cancel ----------------------------------------------------------------------------------------


def test_cancel_before_the_cut_off_unfreezes_the_shares(
    session: Session, me: Api, world: World
) -> None:
    with frozen(TUESDAY_10):
        no = convert(me, world.a, world.b, "400.00")["data"]["brokerOrderNo"]
    with frozen(TUESDAY_1459):
        data = cancel(me, no)["data"]
    assert (data["confirmStatus"], data["canCancel"]) == ("9", False)
    assert [c["confirmStatus"] for c in data["children"]] == ["9", "9"]
    h = holding_of(session, me.trader.fa.id, world.a)
    assert (h.shares, h.frozen_shares) == (D("1000.00"), D("0.00"))
    assert session.scalars(select(OrderLot)).all() == []
    # Nothing is left for settlement to do.
    add_navs(session, world.a, {TUE: "1.2000", WED: "1.2000"})
    add_navs(session, world.b, {TUE: "1.0400", WED: "1.0400"})
    settle_day(session, day=WED)
    assert [row(session, f"{no}{s}").confirm_status for s in ("", "01", "02")] == ["9", "9", "9"]
    assert holding_of(session, me.trader.fa.id, world.a).shares == D("1000.00")


def test_cancel_after_the_cut_off_is_refused(session: Session, me: Api, world: World) -> None:
    with frozen(TUESDAY_10):
        no = convert(me, world.a, world.b, "400.00")["data"]["brokerOrderNo"]
        child = cancel(me, f"{no}01", status=400)
        plain = me.cancel(no)  # cancelFundOrder cancels a conversion alike
        again = cancel(me, no, status=400)
        no2 = convert(me, world.a, world.b, "400.00")["data"]["brokerOrderNo"]
    with frozen(TUESDAY_1530):
        late = cancel(me, no2, status=400)
        detail = me.get("/trade/getOrderDetail", brokerOrderNo=no2)["data"]
    assert (child["code"], child["msg"]) == (60015, "该订单不是基金转换订单")
    assert plain["data"]["confirmStatus"] == "9"
    assert again["code"] == 60015
    assert (late["code"], late["msg"]) == (60016, "已过撤单截止时间，无法撤单")
    assert (detail["confirmStatus"], detail["canCancel"]) == ("0", False)
    assert holding_of(session, me.trader.fa.id, world.a).frozen_shares == D("400.00")


# -- settlement ------------------------------------------------------------------------------------


def test_both_legs_confirm_in_the_one_run_of_t_plus_1(
    session: Session, me: Api, world: World
) -> None:
    w = world
    with frozen(TUESDAY_10):
        no = convert(me, w.a, w.b, "1000.00")["data"]["brokerOrderNo"]
    add_navs(session, w.a, {TUE: "1.2000", WED: "1.2100"})
    add_navs(session, w.b, {TUE: "1.0400", WED: "1.0500"})
    settle_day(session, day=TUE)
    assert row(session, no).confirm_status == "0"
    settle_day(session, day=WED)
    sell, buy, parent = (row(session, f"{no}{s}") for s in ("01", "02", ""))
    # The module docstring's settlement figures.
    assert (sell.confirm_status, sell.nav, sell.confirmed_shares) == ("2", D("1.2000"), D("1000"))
    assert (sell.confirmed_amount, sell.fee, sell.net_amount) == (
        D("1200.00"),
        D("6.00"),
        D("1194.00"),
    )
    assert (buy.confirm_status, buy.pay_status, buy.nav) == ("2", "2", D("1.0400"))
    assert (buy.trade_amount, buy.fee, buy.net_amount) == (D("1194.00"), D("1.43"), D("1192.57"))
    assert (buy.confirmed_shares, buy.confirmed_amount) == (D("1146.70"), D("1192.57"))
    # The parent: what entered B, both fees, the shares of A.
    assert (parent.confirm_status, parent.confirmed_at) == ("2", WED)
    assert (parent.confirmed_amount, parent.net_amount, parent.fee, parent.confirmed_shares) == (
        D("1192.57"),
        D("1192.57"),
        D("7.43"),
        D("1000.00"),
    )
    # A is gone (cost 1100.00 out, 1194.00 redeemed); B holds what entered it, fees included:
    # cost 1194.00 (the redemption's net, the 补差费 inside it), valued at Wed's 1.0500:
    # 1146.70 × 1.05 = 1204.035 → 1204.04.
    a, b = holding_of(session, me.trader.fa.id, w.a), holding_of(session, me.trader.fa.id, w.b)
    assert (a.shares, a.frozen_shares, a.cost, a.redeemed_net, a.status) == (
        D("0.00"),
        D("0.00"),
        D("0.00"),
        D("1194.00"),
        "cleared",
    )
    assert a.accumulated_profit == D("94.00")  # 0 + 1194.00 − 1100.00
    assert (b.shares, b.cost, b.paid_in, b.market_value, b.holding_profit) == (
        D("1146.70"),
        D("1194.00"),
        D("1194.00"),
        D("1204.04"),
        D("10.04"),
    )
    listed = me.get("/trade/getOrderDetail", brokerOrderNo=no)["data"]
    assert (listed["confirmStatus"], listed["confirmedAmount"], listed["fee"]) == (
        "2",
        "1192.57",
        "7.43",
    )
    assert [
        (c["nav"], c["confirmedShares"], c["confirmedAmount"], c["fee"]) for c in listed["children"]
    ] == [("1.2000", "1000.00", "1200.00", "6.00"), ("1.0400", "1146.70", "1192.57", "1.43")]


def test_a_lot_held_under_7_days_pays_1_5_percent(session: Session, me: Api, world: World) -> None:
    fresh = make_fund(session, purchase_rate=D("0.012"), purchase_discount=D("0.4"))
    _same_company(session, world.a, fresh)
    make_holding(session, trader=me.trader, fund=fresh, lots=[(date(2026, 11, 20), "1000.00")])
    add_navs(session, fresh, {MON: "1.1900"})
    with frozen(TUESDAY_10):
        no = convert(me, fresh, world.b, "1000.00")["data"]["brokerOrderNo"]
    add_navs(session, fresh, {TUE: "1.2000", WED: "1.2000"})
    add_navs(session, world.b, {TUE: "1.0400", WED: "1.0400"})
    settle_day(session, day=WED)
    # 4 days held: 1.5 %. 1200.00, fee 18.00, amount 1182.00; 1182.00 / 1.0012 = 1180.583…
    # → 1180.58, difference 1.42; 1180.58 / 1.04 = 1135.173… → 1135.17; total fee 19.42.
    sell, buy, parent = (row(session, f"{no}{s}") for s in ("01", "02", ""))
    assert (sell.fee, sell.net_amount) == (D("18.00"), D("1182.00"))
    assert (buy.fee, buy.net_amount, buy.confirmed_shares) == (
        D("1.42"),
        D("1180.58"),
        D("1135.17"),
    )
    assert (parent.confirm_status, parent.fee) == ("2", D("19.42"))


def test_settlement_twice_changes_nothing(session: Session, me: Api, world: World) -> None:
    from tests.settlement.helpers import snapshot

    with frozen(TUESDAY_10):
        convert(me, world.a, world.b, "600.00")
    add_navs(session, world.a, {TUE: "1.2000", WED: "1.2100"})
    add_navs(session, world.b, {TUE: "1.0400", WED: "1.0500"})
    settle_day(session, day=WED)
    before = snapshot(session)
    settle_day(session, day=WED)
    assert snapshot(session) == before


def test_a_buy_failing_at_settlement_sends_the_cash_to_the_wallet(
    session: Session, me: Api, world: World
) -> None:
    make_wallet_fund(session)
    with frozen(TUESDAY_10):
        no = convert(me, world.a, world.b, "1000.00")["data"]["brokerOrderNo"]
    world.b.status = STATUS_STOP_ALLOT
    add_navs(session, world.a, {TUE: "1.2000", WED: "1.2000"})
    add_navs(session, world.b, {TUE: "1.0400", WED: "1.0400"})
    settle_day(session, day=WED)
    sell, buy, parent = (row(session, f"{no}{s}") for s in ("01", "02", ""))
    assert (sell.confirm_status, sell.net_amount) == ("2", D("1194.00"))
    assert (buy.confirm_status, buy.trade_amount, buy.fail_reason) == (
        "1",
        D("1194.00"),
        "基金暂停申购，申购失败，款项已退回钱包",
    )
    # The parent: part (3), the redemption's fee only, nothing entered B.
    assert (parent.confirm_status, parent.fee, parent.confirmed_amount) == ("3", D("6.00"), D("0"))
    wallet = holding_of(session, me.trader.fa.id, session.get_one(Fund, WALLET_FUND_CODE))
    assert (wallet.shares, wallet.cost) == (D("1194.00"), D("1194.00"))


# -- the super wallet ------------------------------------------------------------------------------


@pytest.fixture
def super_wallet(session: Session, me: Api) -> tuple[Fund, Fund]:
    """The broker's superWallet shelf: the wallet fund and another money fund W (of another
    company); the holder has 300.00 wallet shares (NAV 1.0000)."""
    wallet = make_wallet_fund(session)
    other = make_fund(
        session,
        fund_type=FUND_TYPE_MONEY_MARKET,
        risk_level=1,
        redeem_tiers=[],
        name="测试货币B",
        min_redeem_shares=D("0.01"),
        min_hold_shares=D("0.00"),
    )
    for sort, fund in enumerate((wallet, other)):
        session.add(
            ProductShelf(
                broker_id=me.trader.user.broker_id,
                shelf="superWallet",
                product_code=fund.code,
                product_type="fund",
                sort_order=sort,
            )
        )
    make_holding(session, trader=me.trader, fund=wallet, lots=[(date(2026, 11, 2), "300.00")])
    for fund, income in ((wallet, "0.6000"), (other, "0.8000")):
        for day in (MON, TUE, WED):
            session.add(
                FundNav(
                    fund_code=fund.code,
                    nav_date=day,
                    nav=D("1.0000"),
                    acc_nav=D("1.0000"),
                    income_per_10k=D(income),
                )
            )
    session.flush()
    return wallet, other


def test_super_wallet_adjust_moves_shares_between_money_funds(
    session: Session, me: Api, super_wallet: tuple[Fund, Fund]
) -> None:
    wallet, other = super_wallet
    body = {
        "financialAccountId": me.trader.fa.id,
        "fromFundCode": wallet.code,
        "toFundCode": other.code,
        "shares": "100.00",
        "tradePassword": PASSWORD,
        "tradeUUID": "sw-1",
    }
    with frozen(TUESDAY_10):
        data = me.post("/trade/superWallet/adjust", body)["data"]
        again = me.post("/trade/superWallet/adjust", body)["data"]
    assert again == data
    # A 036 of the wallet fund; money funds: no redemption fee, both rates 0 → no difference.
    assert (data["orderCode"], data["productCode"], data["tradeShare"], data["fee"]) == (
        "036",
        wallet.code,
        "100.00",
        "0.00",
    )
    assert data["extMetaInfo"] == {"targetFundCode": other.code, "targetFundName": "测试货币B"}
    assert [(c["orderCode"], c["productCode"], c["feeRate"]) for c in data["children"]] == [
        ("024", wallet.code, None),
        ("022", other.code, "0"),
    ]
    no = data["brokerOrderNo"]
    settle_day(session, day=TUE)
    settle_day(session, day=WED)
    sell, buy, parent = (row(session, f"{no}{s}") for s in ("01", "02", ""))
    # 100.00 × 1.0000 = 100.00 out, fee 0; 100.00 in, 100.00 shares of W at 1.0000.
    assert (sell.confirmed_amount, sell.fee, buy.confirmed_shares, buy.fee) == (
        D("100.00"),
        D("0.00"),
        D("100.00"),
        D("0.00"),
    )
    assert parent.confirm_status == "2"
    # Wed's income on the 300.00 wallet shares held before Wed (frozen ones too):
    # 300 × 0.6000 / 10000 = 0.018 → 0.02; then 100.00 leave: 200.02.
    w = holding_of(session, me.trader.fa.id, wallet)
    o = holding_of(session, me.trader.fa.id, other)
    assert (w.shares, o.shares, o.cost) == (D("200.02"), D("100.00"), D("100.00"))
    # Thu: W, a money fund other than 000509, earns its 万份收益 too:
    # 100.00 × 0.8000 / 10000 = 0.008 → 0.01; the wallet 200.02 × 0.6 / 10000 = 0.012 → 0.01.
    for fund, income in ((wallet, "0.6000"), (other, "0.8000")):
        session.add(
            FundNav(
                fund_code=fund.code,
                nav_date=THU,
                nav=D("1.0000"),
                acc_nav=D("1.0000"),
                income_per_10k=D(income),
            )
        )
    settle_day(session, day=THU)
    o = holding_of(session, me.trader.fa.id, other)
    w = holding_of(session, me.trader.fa.id, wallet)
    assert (o.shares, w.shares) == (D("100.01"), D("200.03"))
    # The super wallet's reads list and sum both funds.
    shares = me.get("/trade/superWallet/shares")["data"]
    assert [(r["fundCode"], r["fundName"], r["shares"]) for r in shares] == sorted(
        [(wallet.code, "测试货币市场基金", "200.03"), (other.code, "测试货币B", "100.01")]
    )
    asset = me.get("/trade/superWallet/asset")["data"]
    assert (asset["shares"], asset["holdingAsset"], asset["availableAmount"]) == (
        "300.04",
        "300.04",
        "300.04",
    )


def test_super_wallet_adjust_refuses_funds_off_the_shelf(
    session: Session, me: Api, world: World, super_wallet: tuple[Fund, Fund]
) -> None:
    wallet, other = super_wallet
    base = {
        "financialAccountId": me.trader.fa.id,
        "shares": "100.00",
        "tradePassword": PASSWORD,
    }
    with frozen(TUESDAY_10):
        off_shelf = me.post(
            "/trade/superWallet/adjust",
            {**base, "tradeUUID": "sw-2", "fromFundCode": wallet.code, "toFundCode": world.m.code},
            status=400,
        )
        same = me.post(
            "/trade/superWallet/adjust",
            {**base, "tradeUUID": "sw-3", "fromFundCode": wallet.code, "toFundCode": wallet.code},
            status=400,
        )
        not_held = me.post(
            "/trade/superWallet/adjust",
            {**base, "tradeUUID": "sw-4", "fromFundCode": other.code, "toFundCode": wallet.code},
            status=404,
        )
    for refused in (off_shelf, same):
        assert (refused["code"], refused["error"]) == (60114, "super_wallet_fund_invalid")
    assert not_held["code"] == 60110


def test_a_password_and_sms_account_converts_only_with_a_checked_code(
    session: Session, me: Api, world: World, sms: SmsRecorder
) -> None:
    """payAuthMode PASSWORD_SMS: a conversion buys a fund, so it spends a buy verify ticket."""
    me.trader.account.trade_verify_method = "PASSWORD_SMS"
    session.flush()
    with frozen(TUESDAY_10):
        refused = convert(me, world.a, world.b, "100.00", status=400)
        assert refused["code"] == 60102
        placed = convert(me, world.a, world.b, "100.00", verifyTicket=ticket(me, sms))
    assert placed["data"]["orderCode"] == "036"
    spent = session.scalars(
        select(SecurityTicket.used_at)
        .where(SecurityTicket.broker_user_id == me.trader.user.id)
        .execution_options(populate_existing=True)
    ).all()
    assert len(spent) == 1 and spent[0] is not None
