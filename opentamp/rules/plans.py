"""The rules of recurring investment plans (定投, docs/plans.md), as plain functions.

- **Schedule.** A plan buys every trading day (period unit 0), every week or every second
  week on a weekday (unit 1, day 1–5 = 周一–周五, interval 1 or 2), every month on a day of the
  month (unit 2, day 1–28) or every year on a month and day (unit 3). Each scheduled calendar
  date that is not a trading day moves onto the next trading day of the exchange calendar.
  Every second week counts weeks from the Monday of the plan's anchor (its start date): the
  weeks of the anchor's parity (:func:`week_parity`) are due. The first date of a new plan is
  the first due date strictly after the day it is created (nothing is charged at creation).
- **Retries.** Pay-date mode CONTINUITY tries a failed period again on the next two trading
  days (three tries in all); LAST tries once (:func:`retry_day`).
- **Auto-pause.** After three consecutive failed periods the plan pauses itself
  (:func:`pauses_after`, :data:`AUTO_PAUSE_REASON`).
- **Smart plans.** The period's amount is ``round(base × multiplier)`` where the multiplier
  is the band of the reference index's deviation from its 250-day moving average
  (:data:`SMART_BANDS`, the one table the server, the screens and the docs show).

Worked examples (tests/rules/test_plans.py): a weekly plan on Wednesdays created on Monday
2026-09-28 first buys on Wednesday 09-30; the next Wednesday, 10-07, falls in the National Day
closure and moves to Thursday 10-08, then 10-14. A monthly plan on the 8th buys on Monday
2026-02-09 (the 8th is a Sunday), then 03-09 (Sunday again), 04-08.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from opentamp.kit.calendar import TradingCalendar
from opentamp.kit.money import round_amount, round_half_up

EVERY_DAY, WEEK, MONTH, YEAR = 0, 1, 2, 3
WEEKDAY_NAMES = ("周一", "周二", "周三", "周四", "周五")
CONTINUITY = "CONTINUITY"
LAST = "LAST"
#: Tries of one period under CONTINUITY: the due date and the next two trading days.
CONTINUITY_TRIES = 3
#: Consecutive failed periods after which a plan pauses itself.
AUTO_PAUSE_FAILED_PERIODS = 3
AUTO_PAUSE_REASON = "连续3期扣款失败，计划已自动暂停"
#: Days of moving average of the smart plans' reference index.
SMART_MA_DAYS = 250
#: The latest day of a month a plan may be scheduled on (every month has it).
LAST_MONTH_DAY = 28
_EPOCH_MONDAY = date(2001, 1, 1)


@dataclass(frozen=True)
class Schedule:
    """When a plan buys: ``unit`` 0–3, ``interval`` 1 (2 = every second week), ``day`` the
    weekday 1–5 or day of month 1–28, ``month`` 1–12 (yearly), ``parity`` of the due weeks
    (every second week)."""

    unit: int
    interval: int = 1
    day: int | None = None
    month: int | None = None
    parity: int = 0


def week_parity(day: date) -> int:
    """0 or 1: the parity of ``day``'s week counted from a fixed Monday (2001-01-01)."""
    return ((day - _EPOCH_MONDAY).days // 7) % 2


def schedule_problem(s: Schedule) -> str | None:
    """Why a schedule cannot be kept (the Chinese message), or None when it can."""
    if s.unit not in (EVERY_DAY, WEEK, MONTH, YEAR):
        return "定投周期有误"
    if s.interval not in (1, 2) or (s.interval == 2 and s.unit != WEEK):
        return "每两周定投仅适用于按周定投"
    if s.unit == WEEK and (s.day is None or not 1 <= s.day <= 5):
        return "每周扣款日请选择周一至周五"
    if s.unit in (MONTH, YEAR) and (s.day is None or not 1 <= s.day <= LAST_MONTH_DAY):
        return "每月扣款日请选择1–28日"
    if s.unit == YEAR and (s.month is None or not 1 <= s.month <= 12):
        return "每年扣款月份请选择1–12月"
    return None


def _candidates(s: Schedule, start: date) -> Iterator[date]:
    """Scheduled calendar dates from ``start`` on, in order (before moving onto trading days)."""
    if s.unit == EVERY_DAY:
        day = start
        while True:
            yield day
            day += timedelta(days=1)
    if s.unit == WEEK:
        assert s.day is not None
        monday = start - timedelta(days=start.weekday())
        while True:
            if s.interval == 1 or week_parity(monday) == s.parity:
                candidate = monday + timedelta(days=s.day - 1)
                if candidate >= start:
                    yield candidate
            monday += timedelta(days=7)
    assert s.day is not None
    year, month = start.year, start.month
    while True:
        if s.unit == MONTH or month == s.month:
            candidate = date(year, month, s.day)
            if candidate >= start:
                yield candidate
        month += 1
        if month == 13:
            year, month = year + 1, 1


def next_due(s: Schedule, calendar: TradingCalendar, after: date) -> date:
    """The first due date strictly after ``after``: the scheduled dates moved onto the next
    trading day (a scheduled date a little before ``after`` may move past it; up to three
    weeks of closure are looked through)."""
    for candidate in _candidates(s, after - timedelta(days=21)):
        due = calendar.trading_day_on_or_after(candidate)
        if due > after:
            return due
    raise AssertionError("unreachable: the candidates never end")


def upcoming(s: Schedule, calendar: TradingCalendar, after: date, n: int = 3) -> list[date]:
    """The next ``n`` due dates after ``after``."""
    dates: list[date] = []
    day = after
    for _ in range(n):
        day = next_due(s, calendar, day)
        dates.append(day)
    return dates


def period_text(s: Schedule) -> str:
    """每个交易日, 每周三, 每两周周三, 每月8日, 每年3月8日."""
    if s.unit == EVERY_DAY:
        return "每个交易日"
    if s.unit == WEEK:
        name = WEEKDAY_NAMES[(s.day or 1) - 1]
        return f"每两周{name}" if s.interval == 2 else f"每{name}"
    if s.unit == MONTH:
        return f"每月{s.day}日"
    return f"每年{s.month}月{s.day}日"


# -- retries and pausing ------------------------------------------------------------------------


def retry_day(mode: str, attempt: int, calendar: TradingCalendar, day: date) -> date | None:
    """After try number ``attempt`` failed on ``day``: the day of the next try, or None when
    the period has failed. CONTINUITY: the next trading day while fewer than three tries were
    made; LAST: never (one try)."""
    if mode == CONTINUITY and attempt < CONTINUITY_TRIES:
        return calendar.next_trading_day(day)
    return None


def pauses_after(failed_periods: int) -> bool:
    """A plan pauses itself once this many consecutive periods have failed (three)."""
    return failed_periods >= AUTO_PAUSE_FAILED_PERIODS


# -- smart plans ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SmartBand:
    """The index's deviation from its moving average in [lower, upper) (None: unbounded) buys
    ``multiplier`` × the base amount."""

    lower: Decimal | None
    upper: Decimal | None
    multiplier: Decimal
    label: str


D = Decimal
#: The smart plans' band table: the only copy (the screens read it from the preview call).
SMART_BANDS: tuple[SmartBand, ...] = (
    SmartBand(None, D("-0.20"), D("1.50"), "低于均线20%以上，多投50%"),
    SmartBand(D("-0.20"), D("-0.10"), D("1.30"), "低于均线10%–20%，多投30%"),
    SmartBand(D("-0.10"), D("0"), D("1.10"), "低于均线0–10%，多投10%"),
    SmartBand(D("0"), D("0.10"), D("0.90"), "高于均线0–10%，少投10%"),
    SmartBand(D("0.10"), D("0.20"), D("0.70"), "高于均线10%–20%，少投30%"),
    SmartBand(D("0.20"), None, D("0.50"), "高于均线20%以上，少投50%"),
)
ONE = D("1.00")


def smart_reference(benchmark_code: str | None, *, money_market: bool = False) -> str | None:
    """The index a smart plan's amount follows (isSupportSmartAip when there is one): the
    product's benchmark index; a money-market fund, or a product without an index, has none.
    ``smart_reference("000300")`` → "000300"; ``smart_reference("000300", money_market=True)`` →
    None."""
    return None if money_market else benchmark_code


def moving_average_deviation(closes: Sequence[Decimal]) -> Decimal | None:
    """``last close / mean(last 250 closes) − 1``, half-up to 4 decimals; None with fewer than
    250 closes (oldest first). Closes 100 ×249 then 80: mean 99.92, deviation −0.1994."""
    if len(closes) < SMART_MA_DAYS:
        return None
    window = closes[-SMART_MA_DAYS:]
    average = sum(window, D(0)) / SMART_MA_DAYS
    if average <= 0:
        return None
    return round_half_up(window[-1] / average - 1, 4)


def smart_multiplier(deviation: Decimal | None) -> Decimal:
    """The band's multiplier for ``deviation`` (1.00 when unknown): −0.25 → 1.50, −0.10 →
    1.10 (the lower bound is in its band), 0 → 0.90, 0.35 → 0.50."""
    if deviation is None:
        return ONE
    for band in SMART_BANDS:
        if (band.lower is None or deviation >= band.lower) and (
            band.upper is None or deviation < band.upper
        ):
            return band.multiplier
    return ONE


def period_amount(base: Decimal, multiplier: Decimal) -> Decimal:
    """A period's amount: ``round(base × multiplier)`` half-up to the cent (500.00 × 1.30 →
    650.00; 333.33 × 1.10 → 366.66)."""
    return round_amount(base * multiplier)


# -- take-profit ---------------------------------------------------------------------------------

TARGET_ACTIONS = ("keepOn", "redeem", "hold", "rolling")


def target_reached(invested: Decimal, value: Decimal, target_rate: Decimal) -> bool:
    """The round's return ``value / invested − 1`` reached ``target_rate`` (nothing invested
    reaches nothing): 10 000.00 invested worth 11 500.00 reaches 15 %, 11 499.99 does not."""
    return invested > 0 and value >= invested * (1 + target_rate)


def return_rate(invested: Decimal, value: Decimal) -> Decimal:
    """The round's return, half-up to 4 decimals (0 when nothing is invested)."""
    if invested <= 0:
        return D("0.0000")
    return round_half_up(value / invested - 1, 4)
