"""An allocation's backtest (docs/robo.md#plan-and-allocations): its daily value rebuilt from
the funds' dividend-adjusted NAVs, bought at the weights on the first day all of them have a
value and held (``backtest_hold`` of products), and the figures of products' performance module:
annual return and volatility, maximum drawdown with its recovery, and the returns of every
rolling window of the plan's horizon (at most ``MAX_WINDOW_MONTHS``), summarised by the
probability of a loss, nearest-rank percentiles and a histogram. Pure functions over plain
values; the service feeds them the database's series."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from opentamp.products import api as products

Point = tuple[date, Decimal]
MAX_WINDOW_MONTHS = 36
BUCKETS = 10
PERCENTILES = (5, 25, 50, 75, 95)


@dataclass(frozen=True)
class Summary:
    start: date
    end: date
    cumulative_return: Decimal
    annual_return: Decimal
    annual_volatility: Decimal
    max_drawdown: Decimal
    drawdown_start: date | None
    drawdown_end: date | None
    recovery_date: date | None
    recovery_days: int | None
    loss_probability: Decimal
    median_return: Decimal
    horizon_months: int
    windows: int


def window_months(horizon_months: int) -> int:
    return max(1, min(horizon_months, MAX_WINDOW_MONTHS))


def series(funds: Mapping[str, Sequence[Point]], weights: Mapping[str, Decimal]) -> list[Point]:
    """The allocation's value, 1 on the first day every fund of it has a value."""
    held = {c: list(funds[c]) for c in weights if funds.get(c)}
    if not held or len(held) != len(weights):
        return []
    start = max(points[0][0] for points in held.values())
    return products.backtest_hold(held, [(start, dict(weights))])


def percentile(sorted_values: Sequence[Decimal], p: int) -> Decimal:
    """Nearest rank: the smallest value with at least p % of the values at or below it."""
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def rolling(points: Sequence[Point], months: int) -> list[Point]:
    return products.rolling_returns(points, months)


def summary(points: Sequence[Point], horizon_months: int) -> Summary | None:
    if len(points) < 3:
        return None
    values = [v for _d, v in points]
    dd = products.max_drawdown(points)
    months = window_months(horizon_months)
    rolled = sorted(r for _d, r in rolling(points, months))
    losses = sum(1 for r in rolled if r < 0)
    recovery_days = (
        (dd.recovery_date - dd.trough_date).days
        if dd.recovery_date is not None and dd.trough_date is not None
        else None
    )
    return Summary(
        start=points[0][0],
        end=points[-1][0],
        cumulative_return=products.cumulative_return(values) or Decimal(0),
        annual_return=products.annual_return(values) or Decimal(0),
        annual_volatility=products.annual_volatility(products.simple_returns(values)) or Decimal(0),
        max_drawdown=dd.value,
        drawdown_start=dd.peak_date,
        drawdown_end=dd.trough_date,
        recovery_date=dd.recovery_date,
        recovery_days=recovery_days,
        loss_probability=Decimal(losses) / len(rolled) if rolled else Decimal(0),
        median_return=percentile(rolled, 50) if rolled else Decimal(0),
        horizon_months=months,
        windows=len(rolled),
    )


def percentiles(rolled_sorted: Sequence[Decimal]) -> dict[int, Decimal]:
    if not rolled_sorted:
        return {p: Decimal(0) for p in PERCENTILES}
    return {p: percentile(rolled_sorted, p) for p in PERCENTILES}


def distribution(rolled_sorted: Sequence[Decimal]) -> list[tuple[Decimal, Decimal, int]]:
    """``BUCKETS`` equal-width buckets from the lowest to the highest window return; the last
    bucket includes its upper bound."""
    if not rolled_sorted:
        return []
    low, high = rolled_sorted[0], rolled_sorted[-1]
    if low == high:
        return [(low, high, len(rolled_sorted))]
    width = (high - low) / BUCKETS
    counts = [0] * BUCKETS
    for r in rolled_sorted:
        counts[min(int((r - low) / width), BUCKETS - 1)] += 1
    return [(low + width * i, low + width * (i + 1), counts[i]) for i in range(BUCKETS)]


def drawdown_curve(points: Sequence[Point]) -> list[Point]:
    out: list[Point] = []
    peak = Decimal(0)
    for d, v in points:
        peak = max(peak, v)
        out.append((d, v / peak - 1))
    return out


def fan(points: Sequence[Point], months: int) -> list[tuple[int, dict[int, Decimal]]]:
    """For each holding length 1..months, the percentiles of the outcomes in the history."""
    out = []
    for m in range(1, months + 1):
        rolled = sorted(r for _d, r in rolling(points, m))
        if not rolled:
            break
        out.append((m, percentiles(rolled)))
    return out
