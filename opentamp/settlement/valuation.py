"""Settlement stage 7: holdings valued at NAV_D with the profit rule of
:mod:`opentamp.rules.profit`, one profit row per holding and day (see
:mod:`opentamp.settlement.service`)."""

from __future__ import annotations

from datetime import date

from sqlalchemy import (
    and_,
    case,
    func,
    insert,
    null,
    or_,
    select,
    update,
)
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.kit.money import SqlMoney, fig
from opentamp.models.holdings import CLEARED, HOLDING, Holding, HoldingDailyProfit
from opentamp.models.products import (
    FundNav,
)
from opentamp.settlement.common import (
    day_literal,
    execute,
)


def value_holdings(session: Session, m: SqlMoney, day: date) -> int:
    """Stage 7: value holdings at NAV_D and write the day's profit rows (docs/rules.md#profit)."""
    h, n = Holding, FundNav
    market_value = rules.market_value_sql(m, fig(h.shares), fig(n.nav))
    accumulated = rules.accumulated_profit_sql(
        market_value, h.redeemed_net, h.cash_dividends, h.paid_in
    )
    previous = rules.previous_profit_sql(accumulated, h.accumulated_profit)
    due = and_(
        n.fund_code == h.fund_code,
        n.nav_date == day,
        or_(h.nav_date.is_(None), h.nav_date < day),
        or_(h.shares > 0, h.status == HOLDING),
    )
    empty = h.shares == 0
    valued = (
        update(Holding)
        .where(due)
        .values(
            nav=n.nav,
            nav_date=day,
            market_value=market_value,
            holding_profit=rules.holding_profit_sql(market_value, h.cost),
            accumulated_profit=accumulated,
            previous_profit=previous,
            profit_date=day,
            status=case((empty, CLEARED), else_=HOLDING),
            cleared_date=case(
                (empty, func.coalesce(h.cleared_date, day_literal(day))), else_=null()
            ),
        )
    )
    profit_columns = [
        "holding_id",
        "profit_date",
        "broker_user_id",
        "financial_account_id",
        "profit",
        "market_value",
        "accumulated_profit",
    ]
    # No NOT EXISTS on holding_daily_profit: the row is keyed (holding_id, profit_date) and is
    # written together with the valuation, in the same transaction and under the same guard
    # (nav_date < D), so a second run selects nothing. (An anti-join on the table being
    # inserted into also rescans its growing heap on PostgreSQL: quadratic.)
    if m.sqlite:
        session.execute(
            insert(HoldingDailyProfit).from_select(
                profit_columns,
                select(
                    h.id,
                    day_literal(day),
                    h.broker_user_id,
                    h.financial_account_id,
                    previous,
                    market_value,
                    accumulated,
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
        insert(HoldingDailyProfit).from_select(
            profit_columns,
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
