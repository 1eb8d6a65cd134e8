"""The market simulator of the demo world (docs/architecture.md#the-pieces, docs/demo.md).

Every figure is a pure function of a series' parameters, its previous published value and the
day, with the randomness drawn from SHA-256 of the series code and the date: the same world
comes out of ``opentamp seed demo`` and of day-by-day publication (``opentamp market
advance``), on any machine, with no random state kept anywhere. Nothing here passes through a
float: the normal draws are Irwin–Hall sums of twelve uniforms taken from hash bytes.

Model. A few market factors (A shares, Chinese bonds, US and Hong Kong shares, gold) move each
trading day by ``μ/252 + regime/252 + σ/√252 · z`` where the regime is a drift drawn per factor
and quarter (bull and bear phases). A fund's daily return is its alpha plus its exposures to
the factors plus its own noise; its NAV is the previous published NAV times ``1 + r``, rounded
to 4 decimals as published NAVs are, less any dividend paid that day. Money-market funds keep
their NAV at 1.0000 and publish 万份收益 (income per 10 000 shares) from a slowly moving yield,
and the 7-day annualised yield. Indexes follow the same factor model from a base value.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from opentamp.kit.calendar import TradingCalendar
from opentamp.kit.money import round_half_up, round_nav

TRADING_DAYS_PER_YEAR = Decimal(252)
SQRT_252 = TRADING_DAYS_PER_YEAR.sqrt()
ONE = Decimal(1)
ZERO = Decimal(0)
TEN_THOUSAND = Decimal(10000)
DAYS_PER_YEAR = Decimal(365)
MIN_NAV = Decimal("0.0100")
_UNIT = Decimal(2) ** 64

#: Factor models: yearly drift μ, yearly volatility σ, and the largest quarterly regime drift.
FACTORS: dict[str, tuple[Decimal, Decimal, Decimal]] = {
    "CN_EQ": (Decimal("0.02"), Decimal("0.20"), Decimal("0.45")),
    "CN_BD": (Decimal("0.035"), Decimal("0.015"), Decimal("0.03")),
    "US_EQ": (Decimal("0.08"), Decimal("0.17"), Decimal("0.30")),
    "HK_EQ": (Decimal("0.04"), Decimal("0.22"), Decimal("0.45")),
    "GOLD": (Decimal("0.07"), Decimal("0.14"), Decimal("0.25")),
}


# -- deterministic draws ------------------------------------------------------------------


def uniform(key: str) -> Decimal:
    """A uniform draw in [0, 1) determined by ``key``."""
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return Decimal(int.from_bytes(digest[:8], "big")) / _UNIT


def standard_normal(key: str) -> Decimal:
    """An approximately standard normal draw (Irwin–Hall: twelve uniforms less 6)."""
    raw = key.encode("utf-8")
    total = sum(struct.unpack(">8Q", hashlib.sha512(raw).digest()))
    total += sum(struct.unpack(">4Q", hashlib.sha256(raw).digest()))
    return Decimal(total) / _UNIT - 6


def _d(value: Any, default: str = "0") -> Decimal:
    return Decimal(str(value)) if value is not None else Decimal(default)


# -- factors ------------------------------------------------------------------------------


def regime_drift(factor: str, day: date) -> Decimal:
    """The yearly drift of ``factor``'s regime in ``day``'s quarter, in [-max, +max]."""
    _mu, _sigma, largest = FACTORS[factor]
    quarter = (day.month - 1) // 3
    return largest * (2 * uniform(f"regime:{factor}:{day.year}:{quarter}") - 1)


def factor_return(factor: str, day: date) -> Decimal:
    mu, sigma, _largest = FACTORS[factor]
    drift = (mu + regime_drift(factor, day)) / TRADING_DAYS_PER_YEAR
    return drift + sigma / SQRT_252 * standard_normal(f"factor:{factor}:{day.isoformat()}")


class FactorDay:
    """The factors' returns of one day, computed once however many series read them."""

    def __init__(self, day: date) -> None:
        self.day = day
        self._cache: dict[str, Decimal] = {}

    def __getitem__(self, factor: str) -> Decimal:
        if factor not in self._cache:
            self._cache[factor] = factor_return(factor, self.day)
        return self._cache[factor]


@dataclass(frozen=True)
class FactorModel:
    """A series' factor model: yearly alpha, exposures to the factors, yearly own volatility."""

    alpha: Decimal
    exposures: tuple[tuple[str, Decimal], ...]
    idio: Decimal

    @classmethod
    def of(cls, params: Mapping[str, Any]) -> FactorModel:
        return cls(
            alpha=_d(params.get("alpha")),
            exposures=tuple(
                (factor, _d(beta)) for factor, beta in (params.get("exposures") or {}).items()
            ),
            idio=_d(params.get("idio")),
        )


def series_return(code: str, model: FactorModel, factors: FactorDay) -> Decimal:
    """The day's return of a factor-model series (fund, index or private product)."""
    r = model.alpha / TRADING_DAYS_PER_YEAR
    for factor, beta in model.exposures:
        r += beta * factors[factor]
    if model.idio:
        r += model.idio / SQRT_252 * standard_normal(f"series:{code}:{factors.day.isoformat()}")
    return r


# -- one day of one series ----------------------------------------------------------------


@dataclass
class NavState:
    """What a fund's next day needs of its past: the last published NAVs (and for
    money-market funds the recent 万份收益 with the calendar days each covered)."""

    nav: Decimal
    acc_nav: Decimal
    #: (publication date, 万份收益, calendar days covered) of the last week, oldest first.
    recent_income: list[tuple[date, Decimal, int]] = field(default_factory=list)


@dataclass(frozen=True)
class NavRow:
    day: date
    nav: Decimal
    acc_nav: Decimal
    income_per_10k: Decimal | None = None
    yield_7d: Decimal | None = None
    dividend: Decimal | None = None  # cash per share paid with ex-date ``day``


def is_money_market(params: Mapping[str, Any]) -> bool:
    return params.get("model") == "money"


def dividend_due(params: Mapping[str, Any], day: date, calendar: TradingCalendar) -> bool:
    """A fund with a ``dividend_month`` pays once a year, on the first trading day on or after
    the 10th of that month."""
    month = params.get("dividend_month")
    if not month or day.month != int(month):
        return False
    return calendar.trading_day_on_or_after(date(day.year, int(month), 10)) == day


def money_yield(code: str, params: Mapping[str, Any], day: date) -> Decimal:
    """A money-market fund's yearly yield on ``day``: a level drawn per month, moving linearly
    to the next month's, so that the 7-day yield drifts the way real ones do."""
    base = _d(params.get("base_yield"), "0.02")
    spread = _d(params.get("spread"), "0.004")

    def level(year: int, month: int) -> Decimal:
        return base + spread * (2 * uniform(f"yield:{code}:{year}:{month}") - 1)

    this = level(day.year, day.month)
    nxt_month = date(day.year + (day.month == 12), day.month % 12 + 1, 1)
    nxt = level(nxt_month.year, nxt_month.month)
    days_in_month = (nxt_month - date(day.year, day.month, 1)).days
    return this + (nxt - this) * Decimal(day.day - 1) / Decimal(days_in_month)


def seven_day_yield(recent: list[tuple[date, Decimal, int]]) -> Decimal:
    """The 7-day annualised yield from the 万份收益 published over the last seven calendar days:
    their sum over the calendar days they covered, per share, times 365 (the simple formula of
    the money-market fund rules, each published figure counting for the days it covers)."""
    covered = sum(days for _day, _income, days in recent)
    if covered == 0:
        return ZERO
    total = sum((income for _day, income, _days in recent), ZERO)
    return round_half_up(total / TEN_THOUSAND / covered * DAYS_PER_YEAR, 6)


def next_nav(
    code: str,
    params: Mapping[str, Any],
    model: FactorModel,
    day: date,
    state: NavState,
    factors: FactorDay,
    calendar: TradingCalendar,
) -> tuple[NavRow, NavState]:
    """The NAV row of ``day`` and the state the next day starts from."""
    if is_money_market(params):
        covered = (calendar.next_trading_day(day) - day).days
        income = round_half_up(
            TEN_THOUSAND * money_yield(code, params, day) / DAYS_PER_YEAR * covered, 4
        )
        window_start = day - timedelta(days=7)
        recent = [item for item in state.recent_income if window_start < item[0] < day]
        recent.append((day, income, covered))
        row = NavRow(
            day=day,
            nav=state.nav,
            acc_nav=state.acc_nav,
            income_per_10k=income,
            yield_7d=seven_day_yield(recent),
        )
        return row, NavState(nav=state.nav, acc_nav=state.acc_nav, recent_income=recent[-7:])

    r = series_return(code, model, factors)
    nav = round_nav(state.nav * (ONE + r))
    cash: Decimal | None = None
    if dividend_due(params, day, calendar) and state.nav > Decimal("1.05"):
        cash = round_half_up(state.nav * _d(params.get("dividend_ratio"), "0.03"), 4)
        nav -= cash
    nav = max(nav, MIN_NAV)
    acc = state.acc_nav + (nav - state.nav) + (cash or ZERO)
    row = NavRow(day=day, nav=nav, acc_nav=acc, dividend=cash)
    return row, NavState(nav=nav, acc_nav=acc)


def next_index_close(
    code: str, model: FactorModel, previous: Decimal, factors: FactorDay
) -> Decimal:
    r = series_return(code, model, factors)
    return max(round_half_up(previous * (ONE + r), 4), Decimal("1.0000"))


def initial_state(params: Mapping[str, Any]) -> NavState:
    start = _d(params.get("start_nav"), "1.0000")
    return NavState(nav=start, acc_nav=_d(params.get("start_acc_nav"), str(start)))


# -- signals ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SignalDraft:
    day: date
    multiple: Decimal
    description: str


def signal_multiple(drawdown: Decimal) -> Decimal:
    """The buy multiple of a signal from the index's drawdown off its one-year high: the
    cheaper the market, the more a follower buys (docs/product.md#constants: 50 %–200 %). A drawdown
    of 10 % buys the standard amount; each further 1 % adds 0.04; clamped to [0.5, 2.0]."""
    raw = ONE - 4 * (drawdown + Decimal("0.10"))
    return min(max(round_half_up(raw, 1), Decimal("0.5")), Decimal("2.0"))


def signal_for(day: date, closes: list[Decimal], index_name: str) -> SignalDraft:
    """A BUY signal on ``day`` given the index's closes over the last year (oldest first)."""
    high = max(closes)
    drawdown = closes[-1] / high - 1
    multiple = signal_multiple(drawdown)
    pct = round_half_up(-drawdown * 100, 2)
    if multiple > 1:
        view, action = "估值处于相对低位", "加大跟车力度"
    elif multiple < 1:
        view, action = "估值处于相对高位", "适当降低跟车金额"
    else:
        view, action = "估值处于合理区间", "按标准金额跟车"
    description = (
        f"{index_name}较近一年高点回撤{pct}%，{view}。主理人建议{action}，"
        f"本次发车倍数为{multiple}倍。"
    )
    return SignalDraft(day=day, multiple=multiple, description=description)
