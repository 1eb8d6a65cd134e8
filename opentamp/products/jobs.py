"""The products' daily step: target strategies move through their phases (order 15, after the
day's NAVs are published and before settlement)."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.jobs import daily_step
from opentamp.models.catalogue import StrategyInfo
from opentamp.models.products import Portfolio
from opentamp.products import analytics
from opentamp.products.strategy import sync_strategy


def sync_strategies(session: Session, up_to: date) -> int:
    added = 0
    for info in session.scalars(select(StrategyInfo).order_by(StrategyInfo.code)):
        portfolio = session.get(Portfolio, info.code)
        if portfolio is None:
            continue
        series = analytics.portfolio_series(session, portfolio, analytics.NAV_HOLD).hold
        added += sync_strategy(session, info=info, portfolio=portfolio, series=series, up_to=up_to)
    return added


@daily_step("products.strategy_periods", order=15)
def strategy_periods(session: Session, day: date) -> str:
    return f"{sync_strategies(session, day)} strategy phases added"
