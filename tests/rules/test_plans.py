"""The plan rules (opentamp/rules/plans.py) with examples worked out by hand on the XSHG
calendar of 2026 (National Day closure 10-01..10-07, Spring Festival 02-16..02-23)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from opentamp.kit.calendar import TradingCalendar
from opentamp.rules import plans
from opentamp.rules.plans import EVERY_DAY, MONTH, WEEK, YEAR, Schedule

D = Decimal


def test_weekly_dates_move_onto_the_next_trading_day(calendar: TradingCalendar) -> None:
    wednesdays = Schedule(WEEK, 1, 3)
    # Created Monday 09-28: the first Wednesday is 09-30.
    assert plans.next_due(wednesdays, calendar, date(2026, 9, 28)) == date(2026, 9, 30)
    # 10-07 is closed (National Day): Thursday 10-08, then back to Wednesdays.
    assert plans.upcoming(wednesdays, calendar, date(2026, 9, 30)) == [
        date(2026, 10, 8),
        date(2026, 10, 14),
        date(2026, 10, 21),
    ]


def test_every_second_week_keeps_the_anchor_weeks(calendar: TradingCalendar) -> None:
    anchor = date(2026, 11, 23)  # a Monday: its week is due
    s = Schedule(WEEK, 2, 3, parity=plans.week_parity(anchor))
    assert plans.upcoming(s, calendar, anchor) == [
        date(2026, 11, 25),
        date(2026, 12, 9),
        date(2026, 12, 23),
    ]
    assert plans.period_text(s) == "每两周周三"


def test_monthly_and_yearly_dates(calendar: TradingCalendar) -> None:
    eighth = Schedule(MONTH, 1, 8)
    # 02-08 and 03-08 are Sundays.
    assert plans.upcoming(eighth, calendar, date(2026, 1, 20), 4) == [
        date(2026, 2, 9),
        date(2026, 3, 9),
        date(2026, 4, 8),
        date(2026, 5, 8),
    ]
    # 10-08 of 2026 is the first day after the closure.
    assert plans.next_due(Schedule(YEAR, 1, 8, 10), calendar, date(2026, 1, 1)) == date(2026, 10, 8)


def test_every_trading_day(calendar: TradingCalendar) -> None:
    assert plans.upcoming(Schedule(EVERY_DAY), calendar, date(2026, 9, 29)) == [
        date(2026, 9, 30),
        date(2026, 10, 8),
        date(2026, 10, 9),
    ]


def test_a_due_date_is_strictly_after_the_day_asked() -> None:
    cal = TradingCalendar([date(2026, 11, d) for d in (23, 24, 25, 26, 27)], None, None)
    assert plans.next_due(Schedule(WEEK, 1, 3), cal, date(2026, 11, 25)) == date(2026, 12, 2)


@pytest.mark.parametrize(
    ("schedule", "text"),
    [
        (Schedule(EVERY_DAY), "每个交易日"),
        (Schedule(WEEK, 1, 3), "每周三"),
        (Schedule(WEEK, 2, 1), "每两周周一"),
        (Schedule(MONTH, 1, 8), "每月8日"),
        (Schedule(YEAR, 1, 8, 3), "每年3月8日"),
    ],
)
def test_period_text(schedule: Schedule, text: str) -> None:
    assert plans.period_text(schedule) == text


@pytest.mark.parametrize(
    ("schedule", "problem"),
    [
        (Schedule(MONTH, 1, 29), "每月扣款日请选择1–28日"),
        (Schedule(MONTH, 1, 31), "每月扣款日请选择1–28日"),
        (Schedule(WEEK, 1, 6), "每周扣款日请选择周一至周五"),
        (Schedule(WEEK, 1, None), "每周扣款日请选择周一至周五"),
        (Schedule(MONTH, 2, 8), "每两周定投仅适用于按周定投"),
        (Schedule(YEAR, 1, 8, 13), "每年扣款月份请选择1–12月"),
        (Schedule(4), "定投周期有误"),
        (Schedule(MONTH, 1, 28), None),
    ],
)
def test_schedule_problems(schedule: Schedule, problem: str | None) -> None:
    assert plans.schedule_problem(schedule) == problem


def test_continuity_tries_three_days_and_last_once(calendar: TradingCalendar) -> None:
    # Friday 09-25 fails: tried again Monday 09-28 and Tuesday 09-29, then the period fails.
    assert plans.retry_day("CONTINUITY", 1, calendar, date(2026, 9, 25)) == date(2026, 9, 28)
    assert plans.retry_day("CONTINUITY", 2, calendar, date(2026, 9, 28)) == date(2026, 9, 29)
    assert plans.retry_day("CONTINUITY", 3, calendar, date(2026, 9, 29)) is None
    # Wednesday 09-30's retry skips the closure.
    assert plans.retry_day("CONTINUITY", 1, calendar, date(2026, 9, 30)) == date(2026, 10, 8)
    assert plans.retry_day("LAST", 1, calendar, date(2026, 9, 25)) is None


def test_three_failed_periods_pause_the_plan() -> None:
    assert not plans.pauses_after(2)
    assert plans.pauses_after(3)


def test_moving_average_deviation() -> None:
    # 249 closes of 100 and one of 80: mean 99.92, 80 / 99.92 − 1 = −0.19936 → −0.1994.
    closes = [D(100)] * 249 + [D(80)]
    assert plans.moving_average_deviation(closes) == D("-0.1994")
    assert plans.moving_average_deviation(closes[1:]) is None
    # Only the last 250 count: a very old close changes nothing.
    assert plans.moving_average_deviation([D(1)] + closes) == D("-0.1994")


@pytest.mark.parametrize(
    ("deviation", "multiplier"),
    [
        (D("-0.25"), D("1.50")),
        (D("-0.20"), D("1.30")),
        (D("-0.1994"), D("1.30")),
        (D("-0.10"), D("1.10")),
        (D("-0.0001"), D("1.10")),
        (D("0"), D("0.90")),
        (D("0.15"), D("0.70")),
        (D("0.20"), D("0.50")),
        (D("0.35"), D("0.50")),
        (None, D("1.00")),
    ],
)
def test_smart_bands(deviation: Decimal | None, multiplier: Decimal) -> None:
    assert plans.smart_multiplier(deviation) == multiplier


def test_bands_cover_every_deviation_once() -> None:
    bands = plans.SMART_BANDS
    assert bands[0].lower is None and bands[-1].upper is None
    for before, after in zip(bands, bands[1:], strict=False):
        assert before.upper == after.lower


def test_period_amount_rounds_half_up() -> None:
    assert plans.period_amount(D("500.00"), D("1.30")) == D("650.00")
    assert plans.period_amount(D("333.33"), D("1.10")) == D("366.66")  # 366.663
    assert plans.period_amount(D("0.05"), D("1.50")) == D("0.08")  # 0.075 → 0.08


def test_target_reached() -> None:
    assert plans.target_reached(D("10000.00"), D("11500.00"), D("0.15"))
    assert not plans.target_reached(D("10000.00"), D("11499.99"), D("0.15"))
    assert not plans.target_reached(D("0.00"), D("0.00"), D("0.15"))
    assert plans.return_rate(D("10000.00"), D("11523.45")) == D("0.1523")


def test_a_smart_plan_follows_the_products_index() -> None:
    assert plans.smart_reference("000300") == "000300"
    assert plans.smart_reference("000300", money_market=True) is None
    assert plans.smart_reference(None) is None
