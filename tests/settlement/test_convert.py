"""Settlement of a fund conversion (036): the redemption of A and the purchase of B it funds,
both priced at T and confirmed in the same run. Rows as /trade/convert/do leaves them
(opentamp/trading/convert.py): a parent 036 ('0'), a 024 of A (shares frozen, lots recorded,
``redeem_to`` "convert") and an unpaid 022 of B (``pay_status`` '0') with the fee-difference
rate fixed at order time.

The figures: 1 000.00 shares of A (lot held 30 days: 0.5 %), NAV_A(T) 1.2000 → gross 1200.00,
fee 6.00, amount 1194.00; difference rate 0.0012: 1194.00 / 1.0012 = 1192.5689… → net 1192.57,
fee 1.43; NAV_B(T) 1.0400 → 1192.57 / 1.04 = 1146.701… → 1146.70 shares of B.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from opentamp.models.accounts import FinancialAccount
from opentamp.models.holdings import Holding
from opentamp.models.orders import TradeOrder
from opentamp.models.products import Fund
from opentamp.settlement.common import FAIL_CONVERT_UNFUNDED
from tests.factories import make_fund
from tests.settlement.helpers import (
    D,
    holding,
    investor,
    lots_of,
    navs,
    one_holding,
    order,
    purchase,
    redemption,
    settle,
    snapshot,
)

TUE, WED, THU = (date(2026, 11, d) for d in (24, 25, 26))
HELD_SINCE = date(2026, 10, 25)
FUNDED = {"fundedBy": "036"}


def conversion(
    session: Session,
    fa: FinancialAccount,
    a: Fund,
    b: Fund,
    *,
    confirm: date = WED,
    rate: str | None = "0.0012",
    fee: str = "1.42",
    sell_status: str = "0",
) -> tuple[Holding, TradeOrder, TradeOrder, TradeOrder]:
    """A conversion of 1 000.00 shares of A into B placed on T = Tue, estimated at order time
    from a NAV of 1.1900 (amount 1184.05, as the trade call would)."""
    h = holding(session, fa, a, lots=[(HELD_SINCE, "1000.00")], paid_in="1100.00")
    parent = order(
        session, fa, code="036", fund_code=a.code, trade_date=TUE, confirm_date=confirm,
        trade_share=D("1000.00"), trade_amount=D("1184.05"), fee=D("7.37"),
        net_amount=D("1182.63"), pay_status="2",
        ext_meta_info={"targetFundCode": b.code, "targetFundName": b.name},
    )  # fmt: skip
    sell = redemption(
        session, h, taken=[(lots_of(session, h)[0], "1000.00", "0.005")], trade_date=TUE,
        confirm_date=confirm, redeem_to="convert", parent_id=parent.id, status=sell_status,
    )  # fmt: skip
    buy = order(
        session, fa, code="022", fund_code=b.code, trade_date=TUE, confirm_date=confirm,
        parent_id=parent.id, pay_status="0", trade_amount=D("1184.05"), fee=D(fee),
        net_amount=D("1184.05") - D(fee), fee_rate=D(rate) if rate is not None else None,
        ext_meta_info=FUNDED,
    )  # fmt: skip
    return h, parent, sell, buy


def fresh(session: Session, *rows: TradeOrder) -> list[TradeOrder]:
    for r in rows:
        session.refresh(r)
    return list(rows)


def test_both_legs_confirm_in_the_run_of_t_plus_1(session: Session) -> None:
    fa = investor(session)
    a, b = make_fund(session), make_fund(session)
    h, parent, sell, buy = conversion(session, fa, a, b)
    navs(session, a, {TUE: "1.2000", WED: "1.2100"})
    navs(session, b, {TUE: "1.0400", WED: "1.0500"})

    settle(session, TUE)
    assert [r.confirm_status for r in fresh(session, parent, sell, buy)] == ["0", "0", "0"]
    settle(session, WED)
    parent, sell, buy = fresh(session, parent, sell, buy)
    assert (sell.confirm_status, sell.confirmed_amount, sell.fee, sell.net_amount) == (
        "2",
        D("1200.00"),
        D("6.00"),
        D("1194.00"),
    )
    # Priced at T (Tue) although confirmed Wed; funded by the redemption's 1194.00.
    assert (buy.confirm_status, buy.pay_status, buy.nav, buy.confirmed_at) == (
        "2",
        "2",
        D("1.0400"),
        WED,
    )
    assert (buy.trade_amount, buy.fee, buy.net_amount, buy.confirmed_shares) == (
        D("1194.00"),
        D("1.43"),
        D("1192.57"),
        D("1146.70"),
    )
    assert (parent.confirm_status, parent.confirmed_amount, parent.fee, parent.net_amount) == (
        "2",
        D("1192.57"),
        D("7.43"),
        D("1192.57"),
    )
    assert parent.confirmed_shares == D("1000.00")
    b_holding = one_holding(session, fa, b)
    # Cost and paid-in of B: the 1194.00 that entered it, the 1.43 difference included.
    assert (b_holding.shares, b_holding.cost, b_holding.paid_in) == (
        D("1146.70"),
        D("1194.00"),
        D("1194.00"),
    )
    session.refresh(h)
    assert (h.shares, h.frozen_shares, h.redeemed_net) == (D("0"), D("0"), D("1194.00"))
    # The whole day again: nothing changes.
    before = snapshot(session)
    settle(session, WED)
    assert snapshot(session) == before


def test_a_late_nav_holds_both_legs_until_it_is_published(session: Session) -> None:
    fa = investor(session)
    a, b = make_fund(session), make_fund(session)
    _, parent, sell, buy = conversion(session, fa, a, b)
    navs(session, b, {TUE: "1.0400", WED: "1.0500", THU: "1.0600"})
    navs(session, a, {WED: "1.2100"})
    settle(session, WED)
    assert [(r.confirm_status, r.pay_status) for r in fresh(session, parent, sell, buy)] == [
        ("0", "2"),
        ("0", "2"),
        ("0", "0"),
    ]
    navs(session, a, {TUE: "1.2000", THU: "1.2000"})
    settle(session, THU)
    parent, sell, buy = fresh(session, parent, sell, buy)
    # Still T's NAVs: the same figures, confirmed Thu.
    assert (sell.net_amount, buy.nav, buy.confirmed_shares, buy.confirmed_at) == (
        D("1194.00"),
        D("1.0400"),
        D("1146.70"),
        THU,
    )
    assert (parent.confirm_status, parent.confirmed_at) == ("2", THU)


def test_a_qdii_conversion_confirms_both_on_t_plus_2(session: Session) -> None:
    fa = investor(session)
    a, q = make_fund(session), make_fund(session, fund_type=7, confirm_days=2)
    _, parent, sell, buy = conversion(session, fa, a, q, confirm=THU)
    navs(session, a, {TUE: "1.2000", WED: "1.2000", THU: "1.2000"})
    navs(session, q, {TUE: "1.0400", WED: "1.0400", THU: "1.0400"})
    settle(session, WED)
    assert [r.confirm_status for r in fresh(session, parent, sell, buy)] == ["0", "0", "0"]
    settle(session, THU)
    assert [r.confirm_status for r in fresh(session, parent, sell, buy)] == ["2", "2", "2"]


def test_a_fixed_fee_difference_is_kept(session: Session) -> None:
    """Under a fixed-fee tier the difference is a fee, not a rate: 20.00 of 1194.00."""
    fa = investor(session)
    a, b = make_fund(session), make_fund(session)
    _, parent, sell, buy = conversion(session, fa, a, b, rate=None, fee="20.00")
    navs(session, a, {TUE: "1.2000", WED: "1.2000"})
    navs(session, b, {TUE: "1.0400", WED: "1.0400"})
    settle(session, WED)
    parent, sell, buy = fresh(session, parent, sell, buy)
    # 1194.00 − 20.00 = 1174.00; 1174.00 / 1.04 = 1128.846… → 1128.85.
    assert (buy.trade_amount, buy.fee, buy.net_amount, buy.confirmed_shares) == (
        D("1194.00"),
        D("20.00"),
        D("1174.00"),
        D("1128.85"),
    )
    assert (parent.confirm_status, parent.fee) == ("2", D("26.00"))


def test_a_failed_redemption_moves_nothing(session: Session) -> None:
    """A redemption refused by the registrar ('1') brings no cash: the buy fails with it and
    the parent is 1."""
    fa = investor(session)
    a, b = make_fund(session), make_fund(session)
    _, parent, sell, buy = conversion(session, fa, a, b, sell_status="1")
    navs(session, a, {TUE: "1.2000", WED: "1.2000"})
    navs(session, b, {TUE: "1.0400", WED: "1.0400"})
    settle(session, WED)
    parent, sell, buy = fresh(session, parent, sell, buy)
    assert (buy.confirm_status, buy.confirmed_shares, buy.fail_reason) == (
        "1",
        D("0"),
        FAIL_CONVERT_UNFUNDED,
    )
    assert (parent.confirm_status, parent.confirmed_amount, parent.fee) == ("1", D("0"), D("0"))
    assert one_holding(session, fa, a).shares == D("1000.00")


def test_a_rebalancing_on_the_same_day_keeps_its_own_timing(session: Session) -> None:
    """The conversion stage funds only conversions: a P04 whose sells confirm the same day
    still has its buys funded by the next run, as before."""
    fa = investor(session)
    a, b, over, under = (make_fund(session) for _ in range(4))
    conversion(session, fa, a, b)
    h_over = holding(session, fa, over, lots=[(HELD_SINCE, "800.00")], paid_in="800.00",
                     portfolio_code="ZH999999")  # fmt: skip
    p04 = order(
        session, fa, code="P04", fund_code="", portfolio_code="ZH999999", status="P0",
        trade_date=TUE, confirm_date=THU,
    )  # fmt: skip
    redemption(
        session, h_over, taken=[(lots_of(session, h_over)[0], "300.00", "0.005")],
        trade_date=TUE, confirm_date=WED, redeem_to="", parent_id=p04.id,
    )  # fmt: skip
    p04_buy = purchase(
        session, fa, under, amount="298.50", fee="4.41", net="294.09", rate="0.015",
        trade_date=WED, confirm_date=THU, pay_method="", parent_id=p04.id,
        portfolio_code="ZH999999", ext_meta_info={"fundedBy": "P04"}, pay_status="0",
    )  # fmt: skip
    for fund in (a, over):
        navs(session, fund, {TUE: "1.2000", WED: "1.2000"})
    for fund in (b, under):
        navs(session, fund, {TUE: "1.0400", WED: "1.0400"})
    settle(session, WED)
    session.refresh(p04_buy)
    assert (p04_buy.pay_status, p04_buy.confirm_status) == ("0", "0")
