"""A financial account's figures are sums over its holdings (DESIGN §5; the docstring of
opentamp/models/holdings.py). Written once here; every screen that shows an account's amount
or profit reads it through :func:`holding_sums`.

- holdingAsset = Σ market_value
- holdingProfit = Σ holding_profit
- accumulatedProfit = Σ accumulated_profit (cleared holdings keep theirs, so they count)
- previousProfit = Σ previous_profit of the holdings valued on the latest profit date
- updateDate = the latest profit_date; profitProgress ``UPDATING`` (更新中) while some holding
  still carrying shares is valued on an earlier date than that, else ``DONE``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.models.holdings import Holding

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class HoldingSums:
    holding_asset: Decimal = ZERO
    holding_profit: Decimal = ZERO
    accumulated_profit: Decimal = ZERO
    previous_profit: Decimal = ZERO
    update_date: date | None = None
    updating: bool = False

    @property
    def profit_progress(self) -> str:
        return "UPDATING" if self.updating else "DONE"


def holding_sums(
    session: Session, *, financial_account_ids: Iterable[int]
) -> dict[int, HoldingSums]:
    """The figures of each financial account (zero for one without holdings)."""
    ids = list(financial_account_ids)
    if not ids:
        return {}
    rows = session.execute(
        select(
            Holding.financial_account_id,
            Holding.shares,
            Holding.market_value,
            Holding.holding_profit,
            Holding.accumulated_profit,
            Holding.previous_profit,
            Holding.profit_date,
        ).where(Holding.financial_account_id.in_(ids))
    ).all()
    grouped: dict[int, list] = {i: [] for i in ids}
    for row in rows:
        grouped[row.financial_account_id].append(row)
    out: dict[int, HoldingSums] = {}
    for fa_id, items in grouped.items():
        dates = [r.profit_date for r in items if r.profit_date is not None]
        latest = max(dates) if dates else None
        out[fa_id] = HoldingSums(
            holding_asset=sum((r.market_value for r in items), ZERO),
            holding_profit=sum((r.holding_profit for r in items), ZERO),
            accumulated_profit=sum((r.accumulated_profit for r in items), ZERO),
            previous_profit=sum(
                (r.previous_profit for r in items if latest and r.profit_date == latest), ZERO
            ),
            update_date=latest,
            updating=any(
                r.shares > 0 and latest is not None and (r.profit_date or date.min) < latest
                for r in items
            ),
        )
    return out


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
    )
