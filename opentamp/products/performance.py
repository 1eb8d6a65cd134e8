"""Product performance (docs/rules.md#profit): pure functions over a value series.

A series is a list of ``(date, value)`` points on trading days, oldest first, with positive
values: a fund's NAV adjusted for dividends (复权净值), a money-market fund's accumulated
income, or a portfolio's back-tested value. Daily returns are ``v_t / v_{t-1} − 1``.

The figures follow the definitions of ``empyrical`` (a test computes both on the same series
and they agree to 1e-8), computed in ``Decimal`` so no float is involved:

- cumulative return ``v_n / v_0 − 1``;
- annualised return (CAGR on 252-trading-day years) ``(v_n / v_0) ^ (252 / n) − 1`` over n
  daily returns;
- annualised volatility: the sample standard deviation (n − 1) of daily returns × √252;
- maximum drawdown: the lowest ``v_t / max(v_0..v_t) − 1``, with the peak, the trough and the
  day the series first regained the peak;
- correlation of two return series: Pearson's coefficient, covariance over the product of
  the standard deviations (``numpy.corrcoef``; the sample or population convention cancels);
- Sharpe ratio: mean of daily excess returns over their sample standard deviation × √252, the
  risk-free rate being 1.5 % a year taken as 1.5 % / 252 a day (about the one-year deposit and
  short government bond yields of recent years);
- Sortino ratio: the mean daily excess return × 252 over the downside risk (root mean square
  of the negative excess returns × √252);
- Calmar ratio: annualised return over the absolute maximum drawdown;
- beta against a benchmark: covariance over variance of the daily returns (population
  moments); alpha: ``(1 + mean(r − rf − β(b − rf))) ^ 252 − 1``.

Period returns (近1月 … 成立以来) compare the last value with the value on the last trading
day on or before the period's start (the same calendar day 1, 3, 6, 12 or 36 months earlier;
the last day of the previous year for 今年以来; the first point for 成立以来). A product that
did not exist at the start of a period has no return for it (shown as --), except 今年以来,
which for a product launched this year runs from its first day, as fund apps show it.
"""

from __future__ import annotations

import bisect
from calendar import monthrange
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Context, Decimal, localcontext

Point = tuple[date, Decimal]

TRADING_DAYS_PER_YEAR = 252
RISK_FREE_YEARLY = Decimal("0.015")
RISK_FREE_DAILY = RISK_FREE_YEARLY / TRADING_DAYS_PER_YEAR
_PRECISION = 40
ZERO = Decimal(0)
ONE = Decimal(1)

#: Periods of spec/issue: key, Chinese name, months back (None: special).
PERIODS: list[tuple[str, str, int | None]] = [
    ("1m", "近1月", 1),
    ("3m", "近3月", 3),
    ("6m", "近6月", 6),
    ("1y", "近1年", 12),
    ("3y", "近3年", 36),
    ("ytd", "今年以来", None),
    ("all", "成立以来", None),
]
PERIOD_NAMES = {key: name for key, name, _m in PERIODS}


def months_before(day: date, months: int) -> date:
    """The same calendar day ``months`` earlier, or that month's last day when it has none
    (31 March less one month is 28 or 29 February)."""
    year, month0 = divmod(day.year * 12 + day.month - 1 - months, 12)
    last = monthrange(year, month0 + 1)[1]
    return date(year, month0 + 1, min(day.day, last))


def _ctx() -> AbstractContextManager[Context]:
    return localcontext(prec=_PRECISION)


# -- returns ------------------------------------------------------------------------------


def simple_returns(values: Sequence[Decimal]) -> list[Decimal]:
    with _ctx():
        return [values[i] / values[i - 1] - 1 for i in range(1, len(values))]


def cumulative_return(values: Sequence[Decimal]) -> Decimal | None:
    if len(values) < 1:
        return None
    with _ctx():
        return values[-1] / values[0] - 1


def annual_return(values: Sequence[Decimal]) -> Decimal | None:
    """CAGR over 252-day years: ``(v_n / v_0) ^ (252 / n) − 1`` for n daily returns."""
    n = len(values) - 1
    if n < 1:
        return None
    with _ctx():
        growth = values[-1] / values[0]
        return growth ** (Decimal(TRADING_DAYS_PER_YEAR) / n) - 1


def _mean(xs: Sequence[Decimal]) -> Decimal:
    with _ctx():
        return sum(xs, ZERO) / len(xs)


def _sample_std(xs: Sequence[Decimal]) -> Decimal:
    with _ctx():
        m = _mean(xs)
        return (sum(((x - m) ** 2 for x in xs), ZERO) / (len(xs) - 1)).sqrt()


def annual_volatility(returns: Sequence[Decimal]) -> Decimal | None:
    if len(returns) < 2:
        return None
    with _ctx():
        return _sample_std(returns) * Decimal(TRADING_DAYS_PER_YEAR).sqrt()


def sharpe_ratio(
    returns: Sequence[Decimal], risk_free: Decimal = RISK_FREE_DAILY
) -> Decimal | None:
    if len(returns) < 2:
        return None
    with _ctx():
        excess = [r - risk_free for r in returns]
        std = _sample_std(excess)
        if std == 0:
            return None
        return _mean(excess) / std * Decimal(TRADING_DAYS_PER_YEAR).sqrt()


def downside_risk(returns: Sequence[Decimal], required: Decimal = RISK_FREE_DAILY) -> Decimal:
    with _ctx():
        below = [min(r - required, ZERO) ** 2 for r in returns]
        return (sum(below, ZERO) / len(below)).sqrt() * Decimal(TRADING_DAYS_PER_YEAR).sqrt()


def sortino_ratio(
    returns: Sequence[Decimal], required: Decimal = RISK_FREE_DAILY
) -> Decimal | None:
    if len(returns) < 2:
        return None
    with _ctx():
        risk = downside_risk(returns, required)
        if risk == 0:
            return None
        return _mean([r - required for r in returns]) * TRADING_DAYS_PER_YEAR / risk


@dataclass(frozen=True)
class Drawdown:
    value: Decimal  # ≤ 0
    peak_date: date | None
    trough_date: date | None
    recovery_date: date | None  # the first day back at the peak, if it came


def max_drawdown(points: Sequence[Point]) -> Drawdown:
    if not points:
        return Drawdown(ZERO, None, None, None)
    with _ctx():
        peak_value, peak_day = points[0][1], points[0][0]
        worst, worst_peak, worst_trough = ZERO, None, None
        for day, value in points:
            if value > peak_value:
                peak_value, peak_day = value, day
            dd = value / peak_value - 1
            if dd < worst:
                worst, worst_peak, worst_trough = dd, peak_day, day
        recovery = None
        if worst_peak is not None and worst_trough is not None:
            peak_level = next(v for d, v in points if d == worst_peak)
            recovery = next((d for d, v in points if d > worst_trough and v >= peak_level), None)
        return Drawdown(worst, worst_peak, worst_trough, recovery)


def calmar_ratio(points: Sequence[Point]) -> Decimal | None:
    dd = max_drawdown(points).value
    cagr = annual_return([v for _d, v in points])
    if dd >= 0 or cagr is None:
        return None
    with _ctx():
        return cagr / abs(dd)


def beta(returns: Sequence[Decimal], benchmark: Sequence[Decimal]) -> Decimal | None:
    if len(returns) != len(benchmark) or len(returns) < 2:
        return None
    with _ctx():
        mb = _mean(benchmark)
        residual = [b - mb for b in benchmark]
        variance = _mean([x * x for x in residual])
        if variance == 0:
            return None
        covariance = _mean([x * r for x, r in zip(residual, returns, strict=True)])
        return covariance / variance


def alpha(
    returns: Sequence[Decimal],
    benchmark: Sequence[Decimal],
    risk_free: Decimal = RISK_FREE_DAILY,
) -> Decimal | None:
    b = beta(returns, benchmark)
    if b is None:
        return None
    with _ctx():
        residual = [
            (r - risk_free) - b * (m - risk_free) for r, m in zip(returns, benchmark, strict=True)
        ]
        return (1 + _mean(residual)) ** TRADING_DAYS_PER_YEAR - 1


# -- periods ------------------------------------------------------------------------------


def value_on_or_before(points: Sequence[Point], day: date) -> Point | None:
    i = bisect.bisect_right(points, day, key=lambda p: p[0])
    return points[i - 1] if i > 0 else None


@dataclass(frozen=True)
class PeriodReturn:
    period: str
    name: str
    start_date: date | None
    end_date: date | None
    value: Decimal | None


def period_start(points: Sequence[Point], period: str) -> Point | None:
    """The point a period's return is measured from, or None when the series is too short."""
    if not points:
        return None
    end = points[-1][0]
    first = points[0]
    months = {key: m for key, _n, m in PERIODS}
    if period == "all":
        return first
    if period == "ytd":
        base = value_on_or_before(points, date(end.year, 1, 1) - timedelta(days=1))
        return base or first
    if period not in months or months[period] is None:
        raise ValueError(f"unknown period {period!r}")
    start = months_before(end, months[period] or 0)
    if start < first[0]:
        return None
    return value_on_or_before(points, start)


def period_return(points: Sequence[Point], period: str) -> PeriodReturn:
    base = period_start(points, period)
    if base is None or not points:
        return PeriodReturn(period, PERIOD_NAMES[period], None, None, None)
    with _ctx():
        value = points[-1][1] / base[1] - 1
    return PeriodReturn(period, PERIOD_NAMES[period], base[0], points[-1][0], value)


def slice_period(points: Sequence[Point], period: str) -> list[Point]:
    """The points of a period, from its base point to the end (empty when too short)."""
    base = period_start(points, period)
    if base is None:
        return []
    i = bisect.bisect_left(points, base[0], key=lambda p: p[0])
    return list(points[i:])


# -- rolling holding returns --------------------------------------------------------------


@dataclass(frozen=True)
class RollingSummary:
    """Returns of every holding of ``months`` months in the series' history: what a buyer on
    any day would have earned by selling ``months`` later (持有期收益)."""

    months: int
    count: int
    positive_probability: Decimal | None
    average: Decimal | None
    minimum: Decimal | None
    maximum: Decimal | None


def rolling_returns(points: Sequence[Point], months: int) -> list[Point]:
    """For each day with ``months`` of history, the return since the value on or before the
    same day ``months`` earlier."""
    out: list[Point] = []
    if not points:
        return out
    first_day = points[0][0]
    j = 0
    with _ctx():
        for day, value in points:
            start = months_before(day, months)
            if start < first_day:
                continue
            while j + 1 < len(points) and points[j + 1][0] <= start:
                j += 1
            out.append((day, value / points[j][1] - 1))
    return out


def rolling_summary(points: Sequence[Point], months: int) -> RollingSummary:
    rolled = [r for _d, r in rolling_returns(points, months)]
    if not rolled:
        return RollingSummary(months, 0, None, None, None, None)
    with _ctx():
        positive = Decimal(sum(1 for r in rolled if r > 0)) / len(rolled)
        return RollingSummary(
            months, len(rolled), positive, _mean(rolled), min(rolled), max(rolled)
        )


# -- a whole report -----------------------------------------------------------------------


@dataclass(frozen=True)
class RiskFigures:
    """Figures of one window of a series."""

    period: str
    name: str
    annual_return: Decimal | None
    volatility: Decimal | None
    max_drawdown: Drawdown
    sharpe: Decimal | None
    sortino: Decimal | None
    calmar: Decimal | None


def risk_figures(points: Sequence[Point], period: str) -> RiskFigures | None:
    window = slice_period(points, period)
    if len(window) < 3:
        return None
    values = [v for _d, v in window]
    returns = simple_returns(values)
    return RiskFigures(
        period=period,
        name=PERIOD_NAMES[period],
        annual_return=annual_return(values),
        volatility=annual_volatility(returns),
        max_drawdown=max_drawdown(window),
        sharpe=sharpe_ratio(returns),
        sortino=sortino_ratio(returns),
        calmar=calmar_ratio(window),
    )


def aligned_returns(
    points: Sequence[Point], benchmark: Sequence[Point]
) -> tuple[list[Decimal], list[Decimal]]:
    """Daily returns of both series over the days they share."""
    bench = dict(benchmark)
    common = [(d, v, bench[d]) for d, v in points if d in bench]
    with _ctx():
        mine = [common[i][1] / common[i - 1][1] - 1 for i in range(1, len(common))]
        theirs = [common[i][2] / common[i - 1][2] - 1 for i in range(1, len(common))]
    return mine, theirs


def correlation(xs: Sequence[Decimal], ys: Sequence[Decimal]) -> Decimal | None:
    """Pearson's correlation of two equally long return series; None under three points or
    when either series does not move."""
    if len(xs) != len(ys) or len(xs) < 3:
        return None
    with _ctx():
        mx, my = _mean(xs), _mean(ys)
        cov = sum(((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)), ZERO)
        vx = sum(((x - mx) ** 2 for x in xs), ZERO)
        vy = sum(((y - my) ** 2 for y in ys), ZERO)
        if vx == 0 or vy == 0:
            return None
        return cov / (vx * vy).sqrt()


def calendar_year_returns(points: Sequence[Point]) -> list[tuple[int, Decimal]]:
    """Each calendar year's return (the first year from the first point)."""
    out: list[tuple[int, Decimal]] = []
    if not points:
        return out
    years = sorted({d.year for d, _v in points})
    with _ctx():
        for year in years:
            end = value_on_or_before(points, date(year, 12, 31))
            start = value_on_or_before(points, date(year - 1, 12, 31)) or points[0]
            if end is not None and end[0].year == year:
                out.append((year, end[1] / start[1] - 1))
    return out
