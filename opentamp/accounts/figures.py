"""A financial account's figures are sums over its holdings (DESIGN §5; the docstring of
opentamp/models/holdings.py). Written once here; every screen that shows an account's, a
portfolio's or a product's amount or profit reads it through :func:`holding_sums` (accounts)
or :func:`sum_holdings` (any set of holding rows, e.g. a portfolio's component rows).

- holdingAsset = Σ market_value
- holdingProfit = Σ holding_profit; cost = Σ cost; holdingProfitRate = holdingProfit / cost
  (half-up to 4 decimals, 0 without cost)
- accumulatedProfit = Σ accumulated_profit (cleared holdings keep theirs, so they count)
- previousProfit = Σ previous_profit of the holdings valued on the market date (the last day
  whose NAVs were published), or without one on the latest profit date: a holding sold long
  ago keeps its last day's change, which is not yesterday's
- updateDate = the latest profit_date; profitProgress ``UPDATING`` (更新中) while some holding
  still carrying shares is valued on an earlier date than that, or than the market date (the
  last day whose NAVs were published, ``opentamp.jobs.market_date``) when one is given; else
  ``DONE``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any, Protocol

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.kit.money import round_half_up
from opentamp.models.holdings import Holding

ZERO = Decimal("0.00")
#: Profit rates are decimals half-up to 4 places (0.1234 = 12.34 %, shown to 2 decimals).
PROFIT_RATE_SCALE = 4


class HoldingFigures(Protocol):
    """The materialised columns of a holding row the sums read."""

    shares: Decimal
    cost: Decimal
    market_value: Decimal
    holding_profit: Decimal
    accumulated_profit: Decimal
    previous_profit: Decimal
    profit_date: date | None


def profit_rate(profit: Decimal, cost: Decimal) -> Decimal:
    """holdingProfitRate = holdingProfit / cost (DESIGN §5); 0 when there is no cost."""
    if cost <= 0:
        return round_half_up(0, PROFIT_RATE_SCALE)
    return round_half_up(profit / cost, PROFIT_RATE_SCALE)


@dataclass(frozen=True)
class HoldingSums:
    holding_asset: Decimal = ZERO
    holding_profit: Decimal = ZERO
    accumulated_profit: Decimal = ZERO
    previous_profit: Decimal = ZERO
    update_date: date | None = None
    updating: bool = False
    cost: Decimal = ZERO
    shares: Decimal = ZERO

    @property
    def profit_progress(self) -> str:
        return "UPDATING" if self.updating else "DONE"

    @property
    def holding_profit_rate(self) -> Decimal:
        return profit_rate(self.holding_profit, self.cost)


def sum_holdings(rows: Iterable[Any], *, market_day: date | None = None) -> HoldingSums:
    """The figures of a set of holding rows (anything with the columns of
    :class:`HoldingFigures`): the one summing rule of this module's docstring."""
    items: list[HoldingFigures] = list(rows)
    dates = [r.profit_date for r in items if r.profit_date is not None]
    latest = max(dates) if dates else None
    due = max(d for d in (latest, market_day) if d is not None) if (latest or market_day) else None
    profit_day = market_day or latest
    return HoldingSums(
        holding_asset=sum((r.market_value for r in items), ZERO),
        holding_profit=sum((r.holding_profit for r in items), ZERO),
        accumulated_profit=sum((r.accumulated_profit for r in items), ZERO),
        previous_profit=sum(
            (r.previous_profit for r in items if profit_day and r.profit_date == profit_day),
            ZERO,
        ),
        update_date=latest,
        updating=any(
            r.shares > 0 and due is not None and (r.profit_date or date.min) < due for r in items
        ),
        cost=sum((r.cost for r in items), ZERO),
        shares=sum((r.shares for r in items), ZERO),
    )


def holding_sums(
    session: Session, *, financial_account_ids: Iterable[int], market_day: date | None = None
) -> dict[int, HoldingSums]:
    """The figures of each financial account (zero for one without holdings), as of
    ``market_day`` (by default the market date)."""
    from opentamp.jobs import market_date

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


def total_sums(sums: Iterable[HoldingSums]) -> HoldingSums:
    """The figures of several accounts together (the 我的 page's total)."""
    items = list(sums)
    dates = [s.update_date for s in items if s.update_date is not None]
    return HoldingSums(
        holding_asset=sum((s.holding_asset for s in items), ZERO),
        holding_profit=sum((s.holding_profit for s in items), ZERO),
        accumulated_profit=sum((s.accumulated_profit for s in items), ZERO),
        previous_profit=sum((s.previous_profit for s in items), ZERO),
        update_date=max(dates) if dates else None,
        updating=any(s.updating for s in items),
        cost=sum((s.cost for s in items), ZERO),
        shares=sum((s.shares for s in items), ZERO),
    )
