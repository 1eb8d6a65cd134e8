"""The value series and performance of each product, computed once per state of its market
data and kept in a small in-process cache.

A product's figures change only when its NAVs (or its portfolio's adjustments) change, that is
once per NAV date. The cache key is the product and a token of its data read in one query (the
market version bumped by every publication and import, and the fund's latest NAV date or the
portfolio's adjustments), so an entry is never stale; it is derived data any replica
recomputes on its own, never state another replica needs (docs/architecture.md#scale-out).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any, TypeVar

from sqlalchemy import ScalarSelect, func, select
from sqlalchemy.orm import Session

from opentamp.market.api import MARKET_VERSION_KEY, market_version
from opentamp.models.catalogue import PortfolioAdjustment
from opentamp.models.platform import AppState
from opentamp.models.products import Fund, FundNav, Portfolio
from opentamp.products import performance as perf
from opentamp.products import repository
from opentamp.products.series import (
    NavPoint,
    Weights,
    adjusted_nav_series,
    backtest_hold,
    backtest_rebalanced,
    money_market_series,
    signal_follow,
)

T = TypeVar("T")

NAV_HOLD = "NAV_HOLD"
DAILY_REBALANCE = "DAILY_REBALANCE"
SIGNAL_FOLLOW = "SIGNAL_FOLLOW"
ALGORITHMS = (NAV_HOLD, DAILY_REBALANCE, SIGNAL_FOLLOW)


class _Lru:
    def __init__(self, size: int) -> None:
        self.size = size
        self._data: OrderedDict[Hashable, object] = OrderedDict()
        self._lock = threading.Lock()

    def get_or_compute(self, key: Hashable, compute: Callable[[], T]) -> T:
        with self._lock:
            if key in self._data:
                self._data.move_to_end(key)
                return self._data[key]  # type: ignore[return-value]
        value = compute()
        with self._lock:
            self._data[key] = value
            while len(self._data) > self.size:
                self._data.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._data.clear()


_cache = _Lru(512)


def clear_cache() -> None:
    """Forget every computed figure."""
    _cache.clear()


def cached(key: Hashable, compute: Callable[[], T]) -> T:
    """A value computed once per ``key`` (which must include a data token below)."""
    return _cache.get_or_compute(key, compute)


# -- data tokens: what a cached figure depends on, read in one query -----------------------
#
# Published figures change only through publication and import, which bump the market
# version; a product's own data adds its latest NAV date (a fund) or its adjustments (a
# portfolio).


def _version_subquery() -> ScalarSelect[Any]:
    return select(AppState.value).where(AppState.key == MARKET_VERSION_KEY).scalar_subquery()


def _version(value: object) -> int:
    return int(value.get("n", 0)) if isinstance(value, dict) else 0


def fund_token(session: Session, code: str) -> tuple[object, ...]:
    version, last = session.execute(
        select(_version_subquery(), func.max(FundNav.nav_date)).where(FundNav.fund_code == code)
    ).one()
    return ("fund", code, _version(version), last)


def portfolio_token(session: Session, code: str) -> tuple[object, ...]:
    version, count, last = session.execute(
        select(
            _version_subquery(),
            func.count(PortfolioAdjustment.id),
            func.max(PortfolioAdjustment.adjust_date),
        ).where(PortfolioAdjustment.portfolio_code == code)
    ).one()
    return ("portfolio", code, _version(version), count, last)


# -- series -------------------------------------------------------------------------------


@dataclass(frozen=True)
class FundSeries:
    navs: list[NavPoint]
    values: list[perf.Point]  # adjusted NAV or accumulated income
    is_money_market: bool


@dataclass(frozen=True)
class PortfolioSeries:
    values: list[perf.Point]  # the algorithm's curve
    hold: list[perf.Point]  # NAV_HOLD, the portfolio's own value (组合净值)
    adjustments: list[tuple[date, Weights]]
    signals: list[tuple[date, Decimal]]


def fund_series(
    session: Session, fund: Fund, token: tuple[object, ...] | None = None
) -> FundSeries:
    def compute() -> FundSeries:
        navs = repository.nav_points(session, fund.code)
        if fund.is_money_market:
            values = money_market_series(navs)
        else:
            divs = {d.ex_date: d.cash_per_share for d in repository.dividends(session, fund.code)}
            values = adjusted_nav_series(navs, divs)
        return FundSeries(navs=navs, values=values, is_money_market=fund.is_money_market)

    return _cache.get_or_compute(("series", token or fund_token(session, fund.code)), compute)


def _portfolio_inputs(
    session: Session, portfolio: Portfolio
) -> tuple[list[tuple[date, Weights]], list[str]]:
    adjustments = repository.adjustments(session, portfolio.code)
    items = repository.adjustment_items(session, [a.id for a in adjustments])
    history: list[tuple[date, Weights]] = []
    codes: set[str] = set()
    for a in adjustments:
        weights = {i.fund_code: i.weight_after for i in items[a.id] if i.weight_after > 0}
        codes |= set(weights)
        history.append((a.adjust_date, weights))
    if not history:  # a portfolio without recorded history: its current weights since inception
        comps = repository.components(session, portfolio.code)
        weights = {c.fund_code: c.weight for c in comps}
        codes = set(weights)
        if weights:
            history = [(portfolio.inception_date, weights)]
    return history, sorted(codes)


def portfolio_series(
    session: Session,
    portfolio: Portfolio,
    algorithm: str,
    token: tuple[object, ...] | None = None,
) -> PortfolioSeries:
    key = ("series", algorithm, token or portfolio_token(session, portfolio.code))

    def compute() -> PortfolioSeries:
        history, codes = _portfolio_inputs(session, portfolio)
        funds = repository.funds(session, codes)
        prices = {code: fund_series(session, funds[code]).values for code in codes if code in funds}
        hold = backtest_hold(prices, history)
        signals = [
            (s.sig_date, s.auto_follow_buy_rate)
            for s in repository.signals(session, portfolio.code)
            if s.signal_type == "BUY"
        ]
        if algorithm == DAILY_REBALANCE:
            values = backtest_rebalanced(prices, history)
        elif algorithm == SIGNAL_FOLLOW:
            values = signal_follow(hold, signals)
        else:
            values = hold
        return PortfolioSeries(values=values, hold=hold, adjustments=history, signals=signals)

    return _cache.get_or_compute(key, compute)


def benchmark_series(
    session: Session, code: str | None, version: int | None = None
) -> list[perf.Point]:
    if not code:
        return []
    key = ("index", code, market_version(session) if version is None else version)
    return _cache.get_or_compute(key, lambda: repository.benchmark_points(session, code))


# -- performance --------------------------------------------------------------------------


@dataclass(frozen=True)
class Report:
    periods: list[perf.PeriodReturn]
    benchmark_periods: dict[str, Decimal | None]
    risk: list[perf.RiskFigures]
    rolling: list[perf.RollingSummary]
    years: list[tuple[int, Decimal, Decimal | None]]
    alpha: Decimal | None
    beta: Decimal | None
    day_growth: Decimal | None
    last: perf.Point | None


RISK_PERIODS = ("1y", "3y", "all")
ROLLING_MONTHS = (6, 12, 36)


def report(cache_key: Hashable, points: list[perf.Point], bench: list[perf.Point]) -> Report:
    """Every figure of the performance screen for a series (cached with it)."""

    def compute() -> Report:
        periods = [perf.period_return(points, key) for key, _n, _m in perf.PERIODS]
        bench_periods: dict[str, Decimal | None] = {}
        for p in periods:
            if bench and p.start_date is not None and p.end_date is not None:
                start = perf.value_on_or_before(bench, p.start_date)
                end = perf.value_on_or_before(bench, p.end_date)
                bench_periods[p.period] = (
                    end[1] / start[1] - 1 if start is not None and end is not None else None
                )
            else:
                bench_periods[p.period] = None
        risk = [r for r in (perf.risk_figures(points, k) for k in RISK_PERIODS) if r is not None]
        rolling = [perf.rolling_summary(points, m) for m in ROLLING_MONTHS]
        bench_years = dict(perf.calendar_year_returns(bench)) if bench else {}
        years = [(y, r, bench_years.get(y)) for y, r in perf.calendar_year_returns(points)]
        alpha = beta = None
        if bench:
            window = perf.slice_period(points, "1y") or points
            mine, theirs = perf.aligned_returns(window, bench)
            beta = perf.beta(mine, theirs)
            alpha = perf.alpha(mine, theirs)
        day_growth = points[-1][1] / points[-2][1] - 1 if len(points) >= 2 else None
        return Report(
            periods=periods,
            benchmark_periods=bench_periods,
            risk=risk,
            rolling=rolling,
            years=years,
            alpha=alpha,
            beta=beta,
            day_growth=day_growth,
            last=points[-1] if points else None,
        )

    return _cache.get_or_compute(("report", cache_key), compute)


def fund_report(session: Session, fund: Fund, token: tuple[object, ...] | None = None) -> Report:
    token = token or fund_token(session, fund.code)
    series = fund_series(session, fund, token)
    # a money-market fund is judged by its yield, not against an index
    code = None if fund.is_money_market else fund.benchmark_code
    bench = benchmark_series(session, code, _token_version(token))
    return report((token, code), series.values, bench)


def year_return(session: Session, fund: Fund) -> Decimal | None:
    """A fund's 近1年 return (the "1y" period of its report); None without a year of NAVs."""
    one_year = next((p for p in fund_report(session, fund).periods if p.period == "1y"), None)
    return one_year.value if one_year else None


def portfolio_report(
    session: Session, portfolio: Portfolio, token: tuple[object, ...] | None = None
) -> Report:
    token = token or portfolio_token(session, portfolio.code)
    series = portfolio_series(session, portfolio, NAV_HOLD, token)
    bench = benchmark_series(session, portfolio.benchmark_code, _token_version(token))
    return report((token, portfolio.benchmark_code), series.hold, bench)


def _token_version(token: tuple[object, ...]) -> int:
    version = token[2]
    return version if isinstance(version, int) else 0
