"""Settlement of a portfolio rebalancing (P04): sells first, the buys they fund afterwards, the
parent P2. Rows as adjustPoShare leaves them (opentamp/trading/rebalance.py)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.kit.money import round_amount
from opentamp.models.holdings import Holding
from opentamp.models.orders import TradeOrder
from opentamp.models.products import STATUS_STOP_ALLOT, WALLET_FUND_CODE
from opentamp.settlement.common import FAIL_STOPPED_WALLET, FAIL_UNFUNDED
from tests.factories import make_fund, make_portfolio
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
    wallet_fund,
)

MON, TUE, WED, THU = (date(2026, 11, d) for d in (23, 24, 25, 26))
FUNDED = {"fundedBy": "P04"}


def test_a_rebalancing_sells_then_buys_and_the_parent_is_p2(session: Session) -> None:
    fa = investor(session)
    over, under = make_fund(session), make_fund(session)
    po = make_portfolio(session, components=[(over, D("0.5")), (under, D("0.5"))])
    # Over-weight: 800 shares (NAV 1.0000); under-weight: 200 shares. Targets 500/500.
    h_over = holding(
        session, fa, over, lots=[(date(2026, 1, 5), "800.00")], paid_in="800.00",
        portfolio_code=po.code,
    )  # fmt: skip
    holding(
        session, fa, under, lots=[(date(2026, 1, 5), "200.00")], paid_in="200.00",
        portfolio_code=po.code,
    )  # fmt: skip
    parent = order(
        session, fa, code="P04", fund_code="", portfolio_code=po.code, status="P0",
        trade_date=TUE, confirm_date=THU, trade_amount=D("298.50"), trade_share=D("300.00"),
        fee=D("4.41"), net_amount=D("294.09"),
    )  # fmt: skip
    # Sell 300 shares at 0.5 % (lot held 323 days); cash ≈ 300 − 1.50 = 298.50 buys `under`.
    sell = redemption(
        session, h_over, taken=[(lots_of(session, h_over)[0], "300.00", "0.005")],
        trade_date=TUE, confirm_date=WED, redeem_to="", parent_id=parent.id,
    )  # fmt: skip
    # 298.50 / 1.015 = 294.088… → net 294.09, fee 4.41.
    buy = purchase(
        session, fa, under, amount="298.50", fee="4.41", net="294.09", rate="0.015",
        trade_date=WED, confirm_date=THU, pay_method="", parent_id=parent.id,
        portfolio_code=po.code, ext_meta_info=FUNDED, pay_status="0",
    )  # fmt: skip
    navs(session, over, {TUE: "1.0000", WED: "1.0100", THU: "1.0100"})
    navs(session, under, {TUE: "1.0000", WED: "0.9800", THU: "0.9900"})

    settle(session, WED)
    sell = session.get_one(TradeOrder, sell.id)
    # 300 × 1.0000 = 300.00 gross, fee 1.50, net 298.50; the cash stays in the rebalance.
    assert (sell.confirm_status, sell.confirmed_amount, sell.fee, sell.net_amount) == (
        "2",
        D("300.00"),
        D("1.50"),
        D("298.50"),
    )
    assert session.get_one(TradeOrder, buy.id).confirm_status == "0"  # due Thursday
    assert session.get_one(TradeOrder, parent.id).confirm_status == "P0"

    settle(session, THU)
    buy = session.get_one(TradeOrder, buy.id)
    # At NAV of Wednesday: 294.09 / 0.98 = 300.091… → 300.09 shares.
    assert (buy.confirm_status, buy.confirmed_shares, buy.nav) == ("2", D("300.09"), D("0.98"))
    parent = session.get_one(TradeOrder, parent.id)
    # Amount: the sell's gross 300.00; fee: 1.50 + 4.41 = 5.91.
    assert (parent.confirm_status, parent.confirmed_amount, parent.fee, parent.confirmed_at) == (
        "P2",
        D("300.00"),
        D("5.91"),
        THU,
    )
    assert parent.net_amount == D("294.09")
    assert one_holding(session, fa, over, po.code).shares == D("500.00")
    assert one_holding(session, fa, under, po.code).shares == D("500.09")
    before = snapshot(session)
    settle(session, THU)
    assert snapshot(session) == before


def test_a_funded_buy_waits_for_a_late_sell(session: Session) -> None:
    """The sell's NAV of T is late: the buy, due and priced, still waits for it."""
    fa = investor(session)
    over, under = make_fund(session), make_fund(session)
    po = make_portfolio(session, components=[(over, D("0.5")), (under, D("0.5"))])
    h_over = holding(
        session, fa, over, lots=[(date(2026, 1, 5), "800.00")], paid_in="800.00",
        portfolio_code=po.code,
    )  # fmt: skip
    parent = order(
        session, fa, code="P04", fund_code="", portfolio_code=po.code, status="P0",
        trade_date=TUE, confirm_date=THU,
    )  # fmt: skip
    sell = redemption(
        session, h_over, taken=[(lots_of(session, h_over)[0], "300.00", "0.005")],
        trade_date=TUE, confirm_date=WED, redeem_to="", parent_id=parent.id,
    )  # fmt: skip
    buy = purchase(
        session, fa, under, amount="298.50", fee="4.41", net="294.09", rate="0.015",
        trade_date=WED, confirm_date=THU, pay_method="", parent_id=parent.id,
        portfolio_code=po.code, ext_meta_info=FUNDED, pay_status="0",
    )  # fmt: skip
    navs(session, under, {WED: "1.0000", THU: "1.0000"})  # `over` publishes nothing yet
    settle(session, WED, THU)
    assert session.get_one(TradeOrder, sell.id).confirm_status == "0"
    assert session.get_one(TradeOrder, buy.id).confirm_status == "0"
    navs(session, over, {TUE: "1.0000"})
    settle(session, date(2026, 11, 27))
    assert session.get_one(TradeOrder, sell.id).confirm_status == "2"
    # The sell confirmed in the purchases' stage's wake: the buy follows on the next run.
    assert session.get_one(TradeOrder, buy.id).confirm_status == "0"
    settle(session, date(2026, 11, 30))
    assert session.get_one(TradeOrder, buy.id).confirm_status == "2"
    assert session.get_one(TradeOrder, parent.id).confirm_status == "P2"


# -- funding the buys from the sells' real proceeds (docs/trading.md "Rebalancing") ----------


def _rebalancing(
    session: Session, *, sell_nav: str, buys: tuple[str, str] = ("199.00", "99.50")
) -> tuple[Any, ...]:
    """800 shares of `over`; a P04 selling 300 of them (0.5 %) on Tuesday, planned at NAV
    1.0000 (net 298.50), funding two buys due Thursday: `big` (1.5 %) and `small` (1.2 %)."""
    fa = investor(session)
    wallet_fund(session)
    over, big, small = make_fund(session), make_fund(session), make_fund(session)
    po = make_portfolio(session, components=[(over, D("0.5")), (big, D("0.3")), (small, D("0.2"))])
    h_over = holding(
        session, fa, over, lots=[(date(2026, 1, 5), "800.00")], paid_in="800.00",
        portfolio_code=po.code,
    )  # fmt: skip
    parent = order(
        session, fa, code="P04", fund_code="", portfolio_code=po.code, status="P0",
        trade_date=TUE, confirm_date=THU, trade_amount=D("298.50"), trade_share=D("300.00"),
    )  # fmt: skip
    sell = redemption(
        session, h_over, taken=[(lots_of(session, h_over)[0], "300.00", "0.005")],
        trade_date=TUE, confirm_date=WED, redeem_to="", parent_id=parent.id,
    )  # fmt: skip
    made = []
    for fund, amount, rate in ((big, buys[0], "0.015"), (small, buys[1], "0.012")):
        net = round_amount(D(amount) / (1 + D(rate)))
        made.append(
            purchase(
                session, fa, fund, amount=amount, fee=str(D(amount) - net), net=str(net),
                rate=rate, trade_date=WED, confirm_date=THU, pay_method="",
                parent_id=parent.id, portfolio_code=po.code, ext_meta_info=FUNDED,
                pay_status="0",
            )
        )  # fmt: skip
    navs(session, over, {TUE: sell_nav, WED: "1.0000", THU: "1.0000"})
    navs(session, big, {TUE: "1.0000", WED: "0.9800", THU: "0.9800"})
    navs(session, small, {TUE: "1.0000", WED: "1.0000", THU: "1.0000"})
    return fa, po, parent, sell, made[0], made[1], small


def _wallet_shares(session: Session, fa: Any) -> Decimal:
    rows = session.scalars(
        select(Holding.shares).where(
            Holding.financial_account_id == fa.id, Holding.fund_code == WALLET_FUND_CODE
        )
    ).all()
    return sum(rows, D("0"))


def _money(session: Session, *ids: int) -> list[tuple[Any, ...]]:
    rows = [session.get_one(TradeOrder, i) for i in ids]
    return [(r.confirm_status, r.pay_status, r.trade_amount, r.fee, r.net_amount) for r in rows]


def test_proceeds_above_the_plan_grow_the_largest_buy(session: Session) -> None:
    fa, _po, parent, sell, big, small, _ = _rebalancing(session, sell_nav="1.0200")
    settle(session, WED)
    # 300 × 1.0200 = 306.00 gross, fee round(306.00 × 0.005) = 1.53, net 304.47.
    assert session.get_one(TradeOrder, sell.id).net_amount == D("304.47")
    assert _money(session, big.id, small.id)[0][1] == "0"  # funded only on Thursday
    settle(session, THU)
    # Difference 304.47 − (199.00 + 99.50) = +5.97 → big 204.97; 204.97 / 1.015 = 201.9408…
    # → net 201.94, fee 3.03. Small unchanged (99.50 / 1.012 = 98.3201… → 98.32, fee 1.18).
    assert _money(session, big.id, small.id) == [
        ("2", "2", D("204.97"), D("3.03"), D("201.94")),
        ("2", "2", D("99.50"), D("1.18"), D("98.32")),
    ]
    # Shares at Wednesday's 0.9800: 201.94 / 0.98 = 206.0612… → 206.06.
    assert session.get_one(TradeOrder, big.id).confirmed_shares == D("206.06")
    # The invariant: 204.97 + 99.50 = 304.47 = the sell's net; nothing to the wallet.
    assert _wallet_shares(session, fa) == D("0")
    p = session.get_one(TradeOrder, parent.id)
    # Fees 1.53 + 3.03 + 1.18 = 5.74; net of the buys 201.94 + 98.32 = 300.26.
    assert (p.confirm_status, p.confirmed_amount, p.fee, p.net_amount) == (
        "P2",
        D("306.00"),
        D("5.74"),
        D("300.26"),
    )
    before = snapshot(session)
    settle(session, THU)
    assert snapshot(session) == before


def test_proceeds_below_the_plan_shrink_the_largest_buy(session: Session) -> None:
    fa, _po, _parent, sell, big, small, _ = _rebalancing(session, sell_nav="0.9800")
    settle(session, WED, THU)
    # 300 × 0.9800 = 294.00 gross, fee 1.47, net 292.53; difference −5.97 → big 193.03;
    # 193.03 / 1.015 = 190.1773… → net 190.18, fee 2.85.
    assert session.get_one(TradeOrder, sell.id).net_amount == D("292.53")
    assert _money(session, big.id, small.id) == [
        ("2", "2", D("193.03"), D("2.85"), D("190.18")),
        ("2", "2", D("99.50"), D("1.18"), D("98.32")),
    ]
    # 190.18 / 0.98 = 194.0612… → 194.06 shares.
    assert session.get_one(TradeOrder, big.id).confirmed_shares == D("194.06")
    assert _wallet_shares(session, fa) == D("0")
    before = snapshot(session)
    settle(session, WED, THU)
    assert snapshot(session) == before


def test_a_failed_buy_goes_to_the_wallet_not_the_card(session: Session) -> None:
    fa, _po, parent, _sell, big, small, small_fund = _rebalancing(session, sell_nav="1.0000")
    small_fund.status = STATUS_STOP_ALLOT
    session.flush()
    settle(session, WED, THU)
    # Net 298.50 = the plan: big keeps 199.00 (196.06 net, 2.94 fee); small fails and its
    # 99.50 returns to the wallet as 99.50 shares.
    assert _money(session, big.id, small.id) == [
        ("2", "2", D("199.00"), D("2.94"), D("196.06")),
        ("1", "2", D("99.50"), D("1.18"), D("98.32")),
    ]
    assert session.get_one(TradeOrder, small.id).fail_reason == FAIL_STOPPED_WALLET
    assert _wallet_shares(session, fa) == D("99.50")
    assert session.get_one(TradeOrder, parent.id).confirm_status == "P4"
    before = snapshot(session)
    settle(session, THU)
    assert snapshot(session) == before


def test_too_little_proceeds_fail_all_buys_and_fill_the_wallet(session: Session) -> None:
    fa, _po, parent, sell, big, small, _ = _rebalancing(session, sell_nav="0.3000")
    settle(session, WED, THU)
    # 300 × 0.3000 = 90.00 gross, fee 0.45, net 89.55: big would be 199.00 + 89.55 − 298.50
    # = −9.95 ≤ 0, so both buys fail and the wallet gets the whole 89.55.
    assert session.get_one(TradeOrder, sell.id).net_amount == D("89.55")
    assert [r[:2] for r in _money(session, big.id, small.id)] == [("1", "2"), ("1", "2")]
    assert session.get_one(TradeOrder, big.id).fail_reason == FAIL_UNFUNDED
    assert _wallet_shares(session, fa) == D("89.55")
    assert session.get_one(TradeOrder, parent.id).confirm_status == "P4"
    before = snapshot(session)
    settle(session, WED, THU)
    assert snapshot(session) == before


@pytest.mark.parametrize(
    ("sell_nav", "buys"),
    [
        ("1.0137", ("199.00", "99.50")),
        ("0.6633", ("199.00", "99.50")),
        ("1.2345", ("149.25", "149.25")),  # a tie: the smaller id (big) takes the difference
        ("0.9999", ("0.01", "298.49")),
        ("0.3317", ("199.00", "99.50")),  # net 99.00 < small's 99.50: all to the wallet
    ],
)
def test_funded_buys_plus_the_wallet_equal_the_sells_net(
    session: Session, sell_nav: str, buys: tuple[str, str]
) -> None:
    fa, _po, _parent, sell, big, small, _ = _rebalancing(session, sell_nav=sell_nav, buys=buys)
    settle(session, WED, THU)
    proceeds = session.get_one(TradeOrder, sell.id).net_amount
    rows = [session.get_one(TradeOrder, i) for i in (big.id, small.id)]
    funded = sum((r.trade_amount for r in rows if r.confirm_status == "2"), D("0"))
    assert funded + _wallet_shares(session, fa) == proceeds
    for r in rows:
        assert r.fee + r.net_amount == r.trade_amount
        assert r.fee >= 0 and r.net_amount >= 0
    if buys[0] == buys[1]:
        assert rows[1].trade_amount == D(buys[1])


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    sell_nav=st.decimals(min_value=Decimal("0.0500"), max_value=Decimal("3.0000"), places=4),
    big=st.decimals(min_value=Decimal("0.01"), max_value=Decimal("500"), places=2),
    small=st.decimals(min_value=Decimal("0.01"), max_value=Decimal("500"), places=2),
    small_stopped=st.booleans(),
)
def test_property_every_cent_of_the_sells_is_bought_or_in_the_wallet(
    session: Session, sell_nav: Decimal, big: Decimal, small: Decimal, small_stopped: bool
) -> None:
    savepoint = session.begin_nested()
    try:
        fa, _po, _parent, sell, b, s, small_fund = _rebalancing(
            session, sell_nav=str(sell_nav), buys=(str(big), str(small))
        )
        if small_stopped:
            small_fund.status = STATUS_STOP_ALLOT
            session.flush()
        settle(session, WED, THU)
        proceeds = session.get_one(TradeOrder, sell.id).net_amount
        rows = [session.get_one(TradeOrder, i) for i in (b.id, s.id)]
        funded = sum((r.trade_amount for r in rows if r.confirm_status == "2"), D("0"))
        assert funded + _wallet_shares(session, fa) == proceeds
        assert all(r.pay_status == "2" and r.confirm_status in ("1", "2") for r in rows)
        assert all(r.fee + r.net_amount == r.trade_amount and r.fee >= 0 for r in rows)
        before = snapshot(session)
        settle(session, WED, THU)
        assert snapshot(session) == before
    finally:
        savepoint.rollback()
