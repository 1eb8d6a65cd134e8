"""The value series performance is computed on (pure functions over plain values).

- A fund's series is its NAV adjusted for dividends (复权单位净值): on each ex-date the
  factor grows by ``(NAV_ex + cash) / NAV_ex``, so a holder who reinvests every dividend
  sees exactly this growth. The accumulated NAV (NAV plus dividends paid, not reinvested)
  is shown beside it but not used for returns.
- A money-market fund's series is its income accumulated with daily reinvestment:
  ``Π (1 + 万份收益 / 10 000)`` from 1.
- A portfolio's series is back-tested from its weights history (adjustments), either held
  between adjustments (``NAV_HOLD``: what a follower of the adjustments actually earns) or
  rebalanced to the target weights every day (``DAILY_REBALANCE``).
- A signal product's follow curve (``SIGNAL_FOLLOW``) invests the standard amount times each
  signal's multiple into the portfolio and reports ``value / invested`` (1 + holding return).
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, localcontext

from opentamp.products.performance import Point

ONE = Decimal(1)
TEN_THOUSAND = Decimal(10000)


@dataclass(frozen=True)
class NavPoint:
    day: date
    nav: Decimal
    acc_nav: Decimal
    income_per_10k: Decimal | None = None
    yield_7d: Decimal | None = None


def adjusted_nav_series(navs: Sequence[NavPoint], dividends: Mapping[date, Decimal]) -> list[Point]:
    """Dividend-adjusted NAVs (复权净值), from the first NAV."""
    out: list[Point] = []
    with localcontext(prec=40):
        factor = ONE
        for p in navs:
            cash = dividends.get(p.day)
            if cash and p.nav > 0:
                factor *= (p.nav + cash) / p.nav
            out.append((p.day, p.nav * factor))
    return out


def money_market_series(navs: Sequence[NavPoint]) -> list[Point]:
    """Income reinvested daily: the first point is 1 plus the first day's income."""
    out: list[Point] = []
    with localcontext(prec=40):
        value = ONE
        for p in navs:
            value *= ONE + (p.income_per_10k or Decimal(0)) / TEN_THOUSAND
            out.append((p.day, value))
    return out


Weights = Mapping[str, Decimal]


def _price_on(points: Sequence[Point], day: date) -> Decimal | None:
    i = bisect.bisect_right(points, day, key=lambda p: p[0])
    return points[i - 1][1] if i > 0 else None


def _calendar(funds: Mapping[str, Sequence[Point]], start: date) -> list[date]:
    return sorted({d for points in funds.values() for d, _v in points if d >= start})


def backtest_hold(
    funds: Mapping[str, Sequence[Point]],
    adjustments: Sequence[tuple[date, Weights]],
    start_value: Decimal = ONE,
) -> list[Point]:
    """Buy and hold between adjustments: at the close of each adjustment day the value is
    reallocated to the new weights (units = value × weight / price) and then drifts with
    the prices. Days a fund has no price carry its last one."""
    if not adjustments:
        return []
    out: list[Point] = []
    pending = sorted(adjustments, key=lambda a: a[0])
    days = _calendar(funds, pending[0][0])
    units: dict[str, Decimal] = {}
    value = start_value
    k = 0
    with localcontext(prec=40):
        for day in days:
            if units:
                value = sum(
                    (u * (_price_on(funds[c], day) or Decimal(0)) for c, u in units.items()),
                    Decimal(0),
                )
            while k < len(pending) and pending[k][0] <= day:
                weights = pending[k][1]
                units = {}
                for code, weight in weights.items():
                    price = _price_on(funds[code], day)
                    if weight > 0 and price:
                        units[code] = value * weight / price
                k += 1
            out.append((day, value))
    return out


def backtest_rebalanced(
    funds: Mapping[str, Sequence[Point]],
    adjustments: Sequence[tuple[date, Weights]],
    start_value: Decimal = ONE,
) -> list[Point]:
    """Rebalanced to the target weights every day: ``V_t = V_{t−1} × (1 + Σ w_i r_i,t)``."""
    if not adjustments:
        return []
    pending = sorted(adjustments, key=lambda a: a[0])
    days = _calendar(funds, pending[0][0])
    out: list[Point] = []
    weights: Weights = {}
    value = start_value
    previous: date | None = None
    k = 0
    with localcontext(prec=40):
        for day in days:
            if previous is not None and weights:
                growth = Decimal(0)
                for code, weight in weights.items():
                    before = _price_on(funds[code], previous)
                    now = _price_on(funds[code], day)
                    if before and now:
                        growth += weight * (now / before - 1)
                value *= 1 + growth
            while k < len(pending) and pending[k][0] <= day:
                weights = pending[k][1]
                k += 1
            out.append((day, value))
            previous = day
    return out


def signal_follow(
    portfolio: Sequence[Point], signals: Sequence[tuple[date, Decimal]]
) -> list[Point]:
    """``value / invested`` of a follower who buys ``multiple`` units of money on each
    signal's day at that day's value, from the first signal on."""
    out: list[Point] = []
    pending = sorted(s for s in signals if s[1] > 0)
    if not pending:
        return out
    shares = Decimal(0)
    invested = Decimal(0)
    k = 0
    with localcontext(prec=40):
        for day, value in portfolio:
            while k < len(pending) and pending[k][0] <= day:
                shares += pending[k][1] / value
                invested += pending[k][1]
                k += 1
            if invested:
                out.append((day, shares * value / invested))
    return out


def normalise(points: Sequence[Point], base: Decimal | None = None) -> list[Point]:
    """The series divided by its first value (or ``base``): the cumulative return plus one."""
    if not points:
        return []
    start = base or points[0][1]
    with localcontext(prec=40):
        return [(d, v / start) for d, v in points]
