"""A financial account's figures are sums over its holdings (the summing rule is
:func:`opentamp.rules.profit.sum_holdings`): :func:`holding_sums` reads each account's holding
rows and sums them as of the market date (the last day whose NAVs were published,
``opentamp.jobs.market_date``).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.core.market_day import market_date
from opentamp.models.holdings import Holding
from opentamp.rules.profit import HoldingSums, sum_holdings


def holding_sums(
    session: Session, *, financial_account_ids: Iterable[int], market_day: date | None = None
) -> dict[int, HoldingSums]:
    """The figures of each financial account (zero for one without holdings), as of
    ``market_day`` (by default the market date)."""

    ids = list(financial_account_ids)
    if not ids:
        return {}
    if market_day is None:
        market_day = market_date(session)
    rows = session.execute(
        select(
            Holding.financial_account_id,
            Holding.shares,
            Holding.cost,
            Holding.market_value,
            Holding.holding_profit,
            Holding.accumulated_profit,
            Holding.previous_profit,
            Holding.profit_date,
        ).where(Holding.financial_account_id.in_(ids))
    ).all()
    grouped: dict[int, list[Any]] = {i: [] for i in ids}
    for row in rows:
        grouped[row.financial_account_id].append(row)
    return {fa_id: sum_holdings(items, market_day=market_day) for fa_id, items in grouped.items()}
