"""Properties of settlement (docs/development.md#tests): shares never negative, redeemed ≤
available, running a
day twice changes nothing, and the daily profits of a holding add up to its accumulated
profit."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.kit.money import round_shares
from opentamp.models.holdings import Holding, HoldingDailyProfit, HoldingLot
from tests.factories import make_fund
from tests.settlement.helpers import investor, lots_of, navs, purchase, redemption, settle, snapshot

DAYS = [date(2026, 11, d) for d in (16, 17, 18, 19, 20)]

amounts = st.decimals(min_value=Decimal("10"), max_value=Decimal("200000"), places=2)
nav_values = st.decimals(min_value=Decimal("0.3000"), max_value=Decimal("5.0000"), places=4)


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    buys=st.lists(amounts, min_size=1, max_size=3),
    prices=st.lists(nav_values, min_size=len(DAYS), max_size=len(DAYS)),
    sell_permille=st.integers(min_value=0, max_value=1000),
)
def test_settlement_properties(
    session: Session, buys: list[Decimal], prices: list[Decimal], sell_permille: int
) -> None:
    savepoint = session.begin_nested()
    try:
        fa = investor(session)
        fund = make_fund(session)
        navs(session, fund, {day: str(p) for day, p in zip(DAYS, prices, strict=True)})
        for amount in buys:
            net = (amount / Decimal("1.015")).quantize(Decimal("0.01"))
            purchase(
                session, fa, fund, amount=str(amount), fee=str(amount - net), net=str(net),
                rate="0.015", trade_date=DAYS[0], confirm_date=DAYS[1],
            )  # fmt: skip
        settle(session, DAYS[0], DAYS[1])
        h = session.scalars(select(Holding).where(Holding.financial_account_id == fa.id)).one()
        available = h.shares - h.frozen_shares
        wanted = round_shares(available * sell_permille / 1000)
        if wanted > 0:
            lot = lots_of(session, h)[0]
            redemption(
                session, h, taken=[(lot, str(wanted), "0.015")], trade_date=DAYS[2],
                confirm_date=DAYS[3],
            )  # fmt: skip
            assert wanted <= available
        settle(session, DAYS[2], DAYS[3])
        once = snapshot(session)
        settle(session, DAYS[3])
        assert snapshot(session) == once
        settle(session, DAYS[4])

        for row in session.scalars(select(Holding)):
            assert row.shares >= 0 and row.frozen_shares >= 0
            lots = session.scalar(
                select(func.sum(HoldingLot.shares)).where(HoldingLot.holding_id == row.id)
            )
            assert lots == row.shares
            assert all(lot.shares >= 0 for lot in lots_of(session, row))
            daily = session.scalars(
                select(HoldingDailyProfit.profit).where(HoldingDailyProfit.holding_id == row.id)
            ).all()
            assert sum(daily, Decimal(0)) == row.accumulated_profit
    finally:
        savepoint.rollback()
        session.expire_all()
