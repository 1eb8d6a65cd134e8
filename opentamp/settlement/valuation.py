"""Settlement stage 7: holdings valued at NAV_D with the profit rule of
:mod:`opentamp.rules.profit`, one profit row per holding and day (see
:mod:`opentamp.settlement.service`).

On PostgreSQL the day's purchases already value the holdings they confirm, in the statement
that adds the shares (:func:`opentamp.settlement.purchases.confirm_purchases`), so that a
holding row is written once a day; this stage values the others, and values again a holding
valued earlier in the day whose shares or flows a later stage changed (its figures no longer
agree with its shares, NAV and flows)."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import (
    and_,
    case,
    func,
    null,
    or_,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from opentamp import rules
from opentamp.kit.money import NAV_SCALE, SHARE_SCALE, SqlMoney, fig
from opentamp.models.holdings import CLEARED, HOLDING, Holding, HoldingDailyProfit
from opentamp.models.products import (
    FundNav,
)
from opentamp.settlement.common import (
    day_literal,
    execute,
)

PROFIT_COLUMNS = [
    "holding_id",
    "profit_date",
    "broker_user_id",
    "financial_account_id",
    "profit",
    "market_value",
    "accumulated_profit",
]


def market_value_at(m: SqlMoney, shares: Any, nav: Any) -> ColumnElement[Any]:
    """``round(shares × nav)`` (docs/rules.md#profit) over columns or expressions."""
    return rules.market_value_sql(m, fig(shares, SHARE_SCALE), fig(nav, NAV_SCALE))


def valued_figures(
    day: date,
    *,
    market_value: Any,
    cost: Any,
    redeemed_net: Any,
    cash_dividends: Any,
    paid_in: Any,
    last: Any,
) -> dict[str, ColumnElement[Any]]:
    """A holding's figures from its market value (docs/rules.md#profit), as SQL over the given
    columns or expressions; ``last`` is its ``(nav_date, accumulated_profit,
    previous_profit)`` as last written. The day's profit is the change since the last day
    valued before ``day``: for a holding already valued on ``day``, ``accumulated − previous``
    of that valuation."""
    nav_date, accumulated_before, previous_before = last
    accumulated = rules.accumulated_profit_sql(market_value, redeemed_net, cash_dividends, paid_in)
    last_accumulated = case(
        (nav_date == day_literal(day), accumulated_before - previous_before),
        else_=accumulated_before,
    )
    return {
        "market_value": market_value,
        "holding_profit": rules.holding_profit_sql(market_value, cost),
        "accumulated_profit": accumulated,
        "previous_profit": rules.previous_profit_sql(accumulated, last_accumulated),
    }


def profit_upsert(m: SqlMoney, rows: Any) -> Any:
    """``INSERT`` of the day's profit rows from ``rows`` (in :data:`PROFIT_COLUMNS` order); a
    holding valued again on the same day updates its row."""
    stmt = (sqlite_insert if m.sqlite else pg_insert)(HoldingDailyProfit).from_select(
        PROFIT_COLUMNS, rows
    )
    new = stmt.excluded
    return stmt.on_conflict_do_update(
        index_elements=[HoldingDailyProfit.holding_id, HoldingDailyProfit.profit_date],
        set_={
            "profit": new.profit,
            "market_value": new.market_value,
            "accumulated_profit": new.accumulated_profit,
        },
    )


def stale(m: SqlMoney, h: Any) -> ColumnElement[bool]:
    """A holding whose written figures no longer agree with its shares, NAV, cost and flows
    (a stage changed it after it was valued), or whose status its shares contradict.

    The market value's exact rounding is computed once: the other figures are compared with
    the market value as written, which the first test has found equal to it (when it is not,
    the holding is stale whatever the others say)."""
    figures = valued_figures(
        date.min,
        market_value=h.market_value,
        cost=h.cost,
        redeemed_net=h.redeemed_net,
        cash_dividends=h.cash_dividends,
        paid_in=h.paid_in,
        last=(h.nav_date, h.accumulated_profit, h.previous_profit),
    )
    empty = h.shares == 0
    return or_(
        h.market_value != market_value_at(m, h.shares, h.nav),
        h.holding_profit != figures["holding_profit"],
        h.accumulated_profit != figures["accumulated_profit"],
        and_(empty, or_(h.status != CLEARED, h.cleared_date.is_(None))),
        and_(~empty, or_(h.status != HOLDING, h.cleared_date.is_not(None))),
    )


def value_holdings(session: Session, m: SqlMoney, day: date) -> int:
    """Stage 7: value holdings at NAV_D and write the day's profit rows (docs/rules.md#profit)."""
    h, n = Holding, FundNav
    figures = valued_figures(
        day,
        market_value=market_value_at(m, h.shares, n.nav),
        cost=h.cost,
        redeemed_net=h.redeemed_net,
        cash_dividends=h.cash_dividends,
        paid_in=h.paid_in,
        last=(h.nav_date, h.accumulated_profit, h.previous_profit),
    )
    due = and_(
        n.fund_code == h.fund_code,
        n.nav_date == day,
        or_(
            h.nav_date.is_(None),
            h.nav_date < day,
            and_(h.nav_date == day, stale(m, h)),
        ),
        or_(h.shares > 0, h.status == HOLDING),
    )
    empty = h.shares == 0
    valued = (
        update(Holding)
        .where(due)
        .values(
            nav=n.nav,
            nav_date=day,
            **figures,
            profit_date=day,
            status=case((empty, CLEARED), else_=HOLDING),
            cleared_date=case(
                (empty, func.coalesce(h.cleared_date, day_literal(day))), else_=null()
            ),
        )
    )
    # No NOT EXISTS on holding_daily_profit: the row is keyed (holding_id, profit_date) and is
    # written together with the valuation, in the same transaction and under the same guard
    # (nav_date < D, or valued on D and changed since), so a second run selects nothing. (An
    # anti-join on the table being inserted into also rescans its growing heap on PostgreSQL:
    # quadratic.)
    if m.sqlite:
        session.execute(
            profit_upsert(
                m,
                select(
                    h.id,
                    day_literal(day),
                    h.broker_user_id,
                    h.financial_account_id,
                    figures["previous_profit"],
                    figures["market_value"],
                    figures["accumulated_profit"],
                ).where(due),
            )
        )
        return execute(session, valued)
    # PostgreSQL: one statement; the profit rows are the UPDATE's RETURNING (the new values),
    # so each figure is computed once and the holdings are scanned once.
    returned = valued.returning(
        h.id,
        h.broker_user_id,
        h.financial_account_id,
        h.previous_profit,
        h.market_value,
        h.accumulated_profit,
    ).cte("valued")
    r = returned.c
    return execute(
        session,
        profit_upsert(
            m,
            select(
                r.id,
                day_literal(day),
                r.broker_user_id,
                r.financial_account_id,
                r.previous_profit,
                r.market_value,
                r.accumulated_profit,
            ),
        ),
    )
