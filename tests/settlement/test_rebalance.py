"""Settlement of a portfolio rebalancing (P04): sells first, the buys they fund afterwards, the
parent P2. Rows as adjustPoShare leaves them (opentamp/trading/rebalance.py)."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from opentamp.models.orders import TradeOrder
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
        portfolio_code=po.code, ext_meta_info=FUNDED,
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
        portfolio_code=po.code, ext_meta_info=FUNDED,
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
