"""Settlement's writes (docs/trading.md#settlement-at-scale): each holding row written once a
day on PostgreSQL (the purchase values it), valued again only when a later stage changes it,
with the same figures as a valuation of its own; the copied owner columns of holdings and
daily profits agree with their owning keys, and the outbox's events name their order's user."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from opentamp.models.holdings import HoldingDailyProfit
from opentamp.models.notices import Notice, OutboxEvent
from opentamp.notices.service import deliver
from opentamp.settlement.common import local_settings
from opentamp.settlement.service import settle_day
from tests.factories import make_fund
from tests.settlement.helpers import (
    D,
    copied_keys_disagreeing,
    holding,
    investor,
    lots_of,
    navs,
    one_holding,
    profits,
    purchase,
    redemption,
    settle,
)

MON, TUE, WED = date(2026, 11, 16), date(2026, 11, 17), date(2026, 11, 18)


def holding_writes(session: Session) -> int:
    """Rows of ``holding`` inserted or updated so far in this transaction (PostgreSQL)."""
    session.flush()
    return int(
        session.execute(
            text(
                "SELECT n_tup_ins + n_tup_upd FROM pg_stat_xact_user_tables"
                " WHERE relname = 'holding'"
            )
        ).scalar_one()
    )


def test_each_holding_is_written_once_a_day_with_its_valuation(session: Session) -> None:
    fa = investor(session)
    fund, other = make_fund(session), make_fund(session)
    navs(session, fund, {MON: "1.2345", TUE: "1.2400"})
    navs(session, other, {MON: "2.0000", TUE: "2.0100"})
    held = holding(session, fa, fund, lots=[(date(2026, 11, 2), "1000.00")], paid_in="1200.00")
    held.nav, held.nav_date, held.market_value = D("1.2300"), MON, D("1230.00")
    held.holding_profit = held.accumulated_profit = held.previous_profit = D("30.00")
    for f in (fund, fund, other):  # two buys of one holding, one buy of a new one
        purchase(
            session, fa, f, amount="1000.00", fee="14.78", net="985.22", rate="0.015",
            trade_date=MON, confirm_date=TUE,
        )  # fmt: skip
    pg = session.get_bind().dialect.name == "postgresql"
    before = holding_writes(session) if pg else 0
    settle(session, TUE)
    if pg:
        assert holding_writes(session) - before == 2
    h = one_holding(session, fa, fund)
    # 2 × round(985.22 / 1.2345 = 798.0721…) = 2 × 798.07; 2596.14 × 1.24 = 3219.2136.
    assert (h.shares, h.cost, h.paid_in) == (D("2596.14"), D("3200.00"), D("3200.00"))
    assert (h.nav, h.nav_date, h.market_value) == (D("1.2400"), TUE, D("3219.21"))
    # accumulated 3219.21 − 3200.00 = 19.21; the day's 19.21 − 30.00.
    assert (h.holding_profit, h.accumulated_profit, h.previous_profit) == (
        D("19.21"),
        D("19.21"),
        D("-10.79"),
    )
    assert profits(session, h) == {TUE: D("-10.79")}
    n = one_holding(session, fa, other)
    # round(985.22 / 2 = 492.61) × 2.01 = 990.1461 → 990.15; −9.85 against 1000.
    assert (n.shares, n.market_value, n.accumulated_profit, n.previous_profit) == (
        D("492.61"),
        D("990.15"),
        D("-9.85"),
        D("-9.85"),
    )
    assert profits(session, n) == {TUE: D("-9.85")}


def test_the_purchases_stage_counts_its_orders_and_a_new_holding_gets_its_defaults(
    session: Session,
) -> None:
    """The stage answers how many orders it confirmed (none on a second run of the day), and
    a holding its bulk insert creates gets the columns' defaults, valued on D or not."""
    fa, fund, other = investor(session), make_fund(session), make_fund(session)
    navs(session, fund, {MON: "1.2345", TUE: "1.2400"})
    navs(session, other, {MON: "2.0000"})  # no NAV on TUE: bought, not valued
    for f in (fund, fund, other):
        purchase(
            session, fa, f, amount="1000.00", fee="14.78", net="985.22", rate="0.015",
            trade_date=MON, confirm_date=TUE,
        )  # fmt: skip
    assert settle_day(session, day=TUE)["purchases"] == 3
    assert settle_day(session, day=TUE)["purchases"] == 0
    for f, shares in ((fund, "1596.14"), (other, "492.61")):
        h = one_holding(session, fa, f)
        assert (h.shares, h.frozen_shares, h.redeemed_net, h.cash_dividends) == (
            D(shares),
            D("0"),
            D("0"),
            D("0"),
        )
        assert h.is_broke_up is False and h.updated_at is not None
    assert one_holding(session, fa, other).nav_date is None


def test_the_day_leaves_the_servers_settings_as_it_found_them(session: Session) -> None:
    """The purchases' statement and the events run with settings of their own
    (``settlement.common.local_settings``); the caller's transaction gets its own back."""
    if session.get_bind().dialect.name != "postgresql":
        pytest.skip("the server's settings are PostgreSQL's")
    names = ("work_mem", "enable_hashagg", "enable_nestloop")

    def settings() -> list[str]:
        get = text("SELECT current_setting(:name)")
        return [session.execute(get, {"name": name}).scalar_one() for name in names]

    fa, fund = investor(session), make_fund(session)
    navs(session, fund, {MON: "1.2345", TUE: "1.2400"})
    purchase(
        session, fa, fund, amount="1000.00", fee="14.78", net="985.22", rate="0.015",
        trade_date=MON, confirm_date=TUE,
    )  # fmt: skip
    session.execute(text("SET LOCAL work_mem = '8MB'"))
    before = settings()
    settle(session, TUE)
    assert one_holding(session, fa, fund).shares == D("798.07")  # the statement ran
    assert settings() == before == ["8MB", "on", "on"]


def test_the_settings_of_a_failed_block_go_with_its_rollback(session: Session) -> None:
    """The original error surfaces (no statement on the failed transaction), and the
    savepoint's rollback takes the block's settings back."""
    if session.get_bind().dialect.name != "postgresql":
        pytest.skip("the server's settings are PostgreSQL's")
    session.execute(text("SET LOCAL work_mem = '8MB'"))
    with pytest.raises(DBAPIError, match="division by zero"):
        with session.begin_nested(), local_settings(session, work_mem="512MB"):
            session.execute(text("SELECT 1 / 0"))
    assert session.execute(text("SELECT current_setting('work_mem')")).scalar_one() == "8MB"


def test_a_holding_changed_after_its_purchase_is_valued_again_with_the_days_profit(
    session: Session,
) -> None:
    fa = investor(session)
    fund = make_fund(session)
    navs(session, fund, {MON: "1.1111", TUE: "1.1200"})
    h = holding(session, fa, fund, lots=[(date(2026, 11, 2), "1000.00")], paid_in="1015.00")
    h.nav, h.nav_date, h.market_value = D("1.1000"), MON, D("1100.00")
    h.holding_profit = h.accumulated_profit = h.previous_profit = D("85.00")
    purchase(
        session, fa, fund, amount="1000.00", fee="14.78", net="985.22", rate="0.015",
        trade_date=MON, confirm_date=TUE,
    )  # fmt: skip
    redemption(
        session, h, taken=[(lots_of(session, h)[0], "400.00", "0.015")],
        trade_date=MON, confirm_date=TUE,
    )  # fmt: skip
    settle(session, TUE)
    h = one_holding(session, fa, fund)
    # bought round(985.22 / 1.1111 = 886.7069…) = 886.71 → 1886.71 shares, cost 2015.00;
    # sold 400: cost − round(2015.00 × 400 / 1886.71 = 427.1986…) = 1587.80; gross 444.44,
    # fee 6.67, net 437.77. Valued: 1486.71 × 1.12 = 1665.1152 → 1665.12.
    assert (h.shares, h.cost, h.redeemed_net) == (D("1486.71"), D("1587.80"), D("437.77"))
    assert (h.nav_date, h.market_value, h.holding_profit) == (TUE, D("1665.12"), D("77.32"))
    # accumulated 1665.12 + 437.77 − 2015.00 = 87.89; the day's 87.89 − 85.00 (Monday's).
    assert (h.accumulated_profit, h.previous_profit) == (D("87.89"), D("2.89"))
    row = session.get_one(HoldingDailyProfit, (h.id, TUE))
    assert (row.profit, row.market_value, row.accumulated_profit) == (
        D("2.89"),
        D("1665.12"),
        D("87.89"),
    )
    settle(session, TUE)  # again: nothing moves
    assert session.get_one(HoldingDailyProfit, (h.id, TUE)).profit == D("2.89")
    assert one_holding(session, fa, fund).previous_profit == D("2.89")


def test_the_consistency_check_finds_a_copied_key_that_disagrees(session: Session) -> None:
    fa, stranger = investor(session), investor(session)
    fund = make_fund(session)
    h = holding(session, fa, fund, lots=[(date(2026, 11, 2), "10.00")], paid_in="10.00")
    session.add(
        HoldingDailyProfit(
            holding_id=h.id, profit_date=MON, broker_user_id=fa.broker_user_id,
            financial_account_id=stranger.id, profit=D("0"), market_value=D("10.00"),
            accumulated_profit=D("0"),
        )
    )  # fmt: skip
    session.flush()
    assert copied_keys_disagreeing(session) == [("holding_daily_profit", h.id)]
    h.broker_user_id = stranger.broker_user_id
    session.flush()
    assert copied_keys_disagreeing(session) == [
        ("holding", h.id),
        ("holding_daily_profit", h.id),
    ]


def test_the_consistency_check_finds_an_event_of_another_user(session: Session) -> None:
    fa, stranger = investor(session), investor(session)
    fund = make_fund(session)
    navs(session, fund, {MON: "1.0000", TUE: "1.0000"})
    bought = purchase(
        session, fa, fund, amount="100.00", fee="0.00", net="100.00", rate="0",
        trade_date=MON, confirm_date=TUE,
    )  # fmt: skip
    settle(session, TUE)
    deliver(session)
    notice = session.scalars(select(Notice).where(Notice.order_id == bought.id)).one()
    notice.broker_user_id = stranger.broker_user_id
    session.flush()
    assert copied_keys_disagreeing(session) == [("notice", notice.id)]
    notice.broker_user_id = fa.broker_user_id
    event = session.scalars(
        select(OutboxEvent).where(OutboxEvent.broker_user_id == fa.broker_user_id)
    ).one()
    event.broker_user_id = stranger.broker_user_id  # who has no order finished that day
    session.flush()
    assert copied_keys_disagreeing(session) == [("outbox_event", event.id)]
    event.broker_user_id = stranger.broker_user_id + 1000
    session.flush()
    assert copied_keys_disagreeing(session) == [("outbox_event", event.id)]
