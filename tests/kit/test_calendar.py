"""docs/rules.md: the XSHG calendar, the 15:00 cut-off, T+n, and dates past the known range."""

from __future__ import annotations

import logging
from datetime import date, datetime
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from opentamp.core.calendar import get_calendar, load_calendar, store_days
from opentamp.kit.calendar import TradingCalendar, read_calendar_csv
from opentamp.kit.clock import BEIJING
from opentamp.rules import trade_date


@pytest.fixture
def cal(engine: Engine) -> TradingCalendar:
    return get_calendar()


def at(*args: int) -> datetime:
    return datetime(*args, tzinfo=BEIJING)


class TestKnownDays:
    def test_national_day_2026_is_closed(self, cal: TradingCalendar) -> None:
        assert cal.is_trading_day(date(2026, 9, 30))  # Wednesday before the holiday
        for day in range(1, 8):
            assert not cal.is_trading_day(date(2026, 10, day)), day
        assert cal.is_trading_day(date(2026, 10, 8))

    def test_weekends_are_closed(self, cal: TradingCalendar) -> None:
        assert not cal.is_trading_day(date(2026, 11, 21))  # Saturday
        assert not cal.is_trading_day(date(2026, 11, 22))  # Sunday
        assert cal.is_trading_day(date(2026, 11, 23))

    def test_next_and_previous(self, cal: TradingCalendar) -> None:
        assert cal.next_trading_day(date(2026, 9, 30)) == date(2026, 10, 8)
        assert cal.previous_trading_day(date(2026, 10, 8)) == date(2026, 9, 30)
        assert cal.next_trading_day(date(2026, 11, 20)) == date(2026, 11, 23)  # Friday → Monday
        assert cal.previous_trading_day(date(2026, 11, 22)) == date(2026, 11, 20)

    def test_t_plus_n(self, cal: TradingCalendar) -> None:
        assert cal.add_trading_days(date(2026, 9, 29), 1) == date(2026, 9, 30)
        assert cal.add_trading_days(date(2026, 9, 29), 2) == date(2026, 10, 8)  # QDII T+2
        assert cal.add_trading_days(date(2026, 10, 8), -2) == date(2026, 9, 29)
        assert cal.add_trading_days(date(2026, 10, 8), 0) == date(2026, 10, 8)

    def test_trading_days_between(self, cal: TradingCalendar) -> None:
        assert cal.trading_days(date(2026, 9, 28), date(2026, 10, 12)) == [
            date(2026, 9, 28),
            date(2026, 9, 29),
            date(2026, 9, 30),
            date(2026, 10, 8),
            date(2026, 10, 9),
            date(2026, 10, 12),
        ]


class TestCutOff:
    def test_before_three_is_today(self, cal: TradingCalendar) -> None:
        assert trade_date(cal, at(2026, 11, 20, 14, 59, 59)) == date(2026, 11, 20)

    def test_at_three_is_the_next_trading_day(self, cal: TradingCalendar) -> None:
        assert trade_date(cal, at(2026, 11, 20, 15, 0)) == date(2026, 11, 23)

    def test_friday_before_a_holiday(self, cal: TradingCalendar) -> None:
        # Friday 2026-04-03, then the weekend and Monday 04-06 (Qingming) are closed.
        assert trade_date(cal, at(2026, 4, 3, 14, 30)) == date(2026, 4, 3)
        assert trade_date(cal, at(2026, 4, 3, 15, 30)) == date(2026, 4, 7)

    def test_before_national_day(self, cal: TradingCalendar) -> None:
        # 2026-09-30 is the last trading day before National Day (10-01..10-07 closed).
        assert trade_date(cal, at(2026, 9, 30, 10, 0)) == date(2026, 9, 30)
        assert trade_date(cal, at(2026, 9, 30, 15, 30)) == date(2026, 10, 8)

    def test_weekend_and_holiday_orders(self, cal: TradingCalendar) -> None:
        assert trade_date(cal, at(2026, 11, 22, 9, 0)) == date(2026, 11, 23)
        assert trade_date(cal, at(2026, 10, 3, 9, 0)) == date(2026, 10, 8)

    def test_naive_time_is_beijing(self, cal: TradingCalendar) -> None:
        assert trade_date(cal, datetime(2026, 11, 20, 14, 0)) == date(2026, 11, 20)
        # 06:30 UTC is 14:30 in Beijing
        from datetime import UTC

        assert trade_date(cal, datetime(2026, 11, 20, 6, 30, tzinfo=UTC)) == date(2026, 11, 20)
        assert trade_date(cal, datetime(2026, 11, 20, 7, 0, tzinfo=UTC)) == date(2026, 11, 23)


class TestPastTheKnownRange:
    def test_the_holidays_estimate_decides_with_a_warning(
        self, cal: TradingCalendar, caplog: pytest.LogCaptureFixture
    ) -> None:
        assert cal.last_known is not None and cal.last_known >= date(2026, 12, 31)
        far = TradingCalendar(
            cal.trading_days(date(2026, 12, 1), date(2026, 12, 31)),
            date(2026, 12, 1),
            date(2026, 12, 31),
        )
        with caplog.at_level(logging.WARNING):
            assert far.is_trading_day(date(2027, 1, 4))  # Monday
            assert not far.is_trading_day(date(2027, 1, 2))  # Saturday
            assert not far.is_trading_day(date(2027, 1, 1))  # New Year's Day, a Friday
        assert "outside the known range" in caplog.text
        assert far.next_trading_day(date(2026, 12, 31)) == date(2027, 1, 4)
        assert far.previous_trading_day(date(2027, 1, 4)) == date(2026, 12, 31)
        assert trade_date(far, at(2030, 6, 15, 10, 0)) == date(2030, 6, 17)  # Saturday → Monday
        assert far.add_trading_days(date(2026, 12, 30), 3) == date(2027, 1, 5)

    def test_empty_calendar_never_crashes(self) -> None:
        empty = TradingCalendar([], None, None)
        assert empty.is_trading_day(date(1066, 10, 16))  # a Tuesday no calendar knows
        assert empty.next_trading_day(date(2026, 11, 20)) == date(2026, 11, 23)
        assert empty.trading_days(date(2026, 11, 20), date(2026, 11, 23)) == [
            date(2026, 11, 20),
            date(2026, 11, 23),
        ]


def test_a_published_year_is_imported_from_csv(session: Session, tmp_path: Path) -> None:
    # Only trading days listed: the dates in between become closed days.
    path = tmp_path / "2027.csv"
    path.write_text("date,is_open\n2027-01-04,1\n2027-01-05,1\n2027-02-18,1\n", encoding="utf-8")
    days = read_calendar_csv(path)
    assert days[date(2027, 1, 6)] is False
    assert len(days) == (date(2027, 2, 18) - date(2027, 1, 4)).days + 1
    store_days(session, days)
    cal = load_calendar(session)
    assert cal.last_known == date(2027, 2, 18)
    assert cal.next_trading_day(date(2027, 1, 5)) == date(2027, 2, 18)
    assert not cal.is_trading_day(date(2027, 1, 1))  # between 2026-12-31 and 2027-01-04, unlisted
