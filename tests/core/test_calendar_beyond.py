"""docs/rules.md#money-shares-and-time: the calendar past the known range (the ``holidays``
package's XSHG calendar), an import that every process sees at once, and an import that would
close a settled day refused."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest
from sqlalchemy import Engine, delete, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from opentamp import jobs
from opentamp.cli import app as cli
from opentamp.core import calendar as core_calendar
from opentamp.core.calendar import (
    CalendarImportRefused,
    get_calendar,
    load_calendar,
    store_days,
)
from opentamp.core.market_day import advance_market_date
from opentamp.kit.clock import BEIJING
from opentamp.market import service
from opentamp.models.calendar import TradingDay
from opentamp.models.products import FundNav
from opentamp.rules import trade_date
from tests.market.test_publication import simulated


def at(*args: int) -> datetime:
    return datetime(*args, tzinfo=BEIJING)


def test_past_2026_new_year_and_the_spring_festival_are_closed(engine: Engine) -> None:
    cal = get_calendar()
    assert cal.last_known == date(2026, 12, 31)  # exchange-calendars' last recorded day
    assert not cal.is_trading_day(date(2027, 1, 1))  # New Year's Day, a Friday
    assert cal.next_trading_day(date(2026, 12, 31)) == date(2027, 1, 4)
    assert trade_date(cal, at(2026, 12, 31, 16, 0)) == date(2027, 1, 4)
    assert cal.add_trading_days(date(2026, 12, 30), 3) == date(2027, 1, 5)
    # Spring Festival 2027 (New Year's Day of the lunar calendar: Saturday 02-06): the weekdays
    # Friday 02-05 to Wednesday 02-10 are closed, Thursday 02-11 opens.
    assert cal.trading_days(date(2027, 2, 1), date(2027, 2, 12)) == [
        date(2027, 2, 1),
        date(2027, 2, 2),
        date(2027, 2, 3),
        date(2027, 2, 4),
        date(2027, 2, 11),
        date(2027, 2, 12),
    ]
    assert not cal.is_trading_day(date(2027, 10, 1))  # National Day
    assert cal.is_trading_day(date(2027, 10, 8))
    assert trade_date(cal, at(2150, 6, 13, 10, 0)) == date(2150, 6, 15)  # Saturday → Monday


def test_advancing_past_2026_publishes_nothing_on_new_years_day(committed: Engine) -> None:
    with Session(committed) as s:
        simulated(s)
        service.simulate_history(s, end=date(2026, 12, 30))
        advance_market_date(s, date(2026, 12, 30))
        s.commit()
    done = jobs.catch_up(at(2027, 1, 4, 21, 0))
    assert done == [date(2026, 12, 31), date(2027, 1, 4)]
    with Session(committed) as s:
        published = set(
            s.scalars(select(FundNav.nav_date).where(FundNav.nav_date > date(2026, 12, 30)))
        )
    assert published == {date(2026, 12, 31), date(2027, 1, 4)}


def test_an_import_takes_effect_at_once_in_every_process(
    committed: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert get_calendar().is_trading_day(date(2027, 1, 5))  # loaded: the estimate opens it
    # Another process imports the published 2027 January (05 closed, to tell it apart): its
    # own copy is refreshed there, not here.
    monkeypatch.setattr(core_calendar, "invalidate_calendar", lambda: None)
    published = {date(2027, 1, d): d not in (1, 2, 3, 5, 9, 10) for d in range(1, 12)}
    try:
        with Session(committed) as s:
            store_days(s, published)
            s.commit()
        # Within the check interval the copy stands; the daily pipeline checks at once, and
        # so does every call once the interval has passed.
        assert not get_calendar(fresh=True).is_trading_day(date(2027, 1, 5))
        monkeypatch.setattr(core_calendar, "VERSION_CHECK_SECONDS", 0.0)
        assert get_calendar().last_known == date(2027, 1, 11)
    finally:
        with Session(committed) as s:
            s.execute(delete(TradingDay).where(TradingDay.day > date(2026, 12, 31)))
            s.commit()
        monkeypatch.undo()
        core_calendar.invalidate_calendar()
    assert get_calendar().last_known == date(2026, 12, 31)


def test_an_import_may_not_close_a_settled_day(session: Session) -> None:
    advance_market_date(session, date(2026, 11, 20))
    before = load_calendar(session)
    with pytest.raises(CalendarImportRefused) as refused:
        store_days(
            session,
            {
                date(2026, 11, 18): False,  # settled, would close: refused
                date(2026, 11, 19): True,
                date(2026, 11, 20): False,  # settled, would close: refused
                date(2026, 11, 21): False,  # a Saturday, closed already
                date(2026, 11, 23): False,  # after the market date: allowed
            },
        )
    assert refused.value.message == (
        "导入会将已发布并结算的交易日改为休市：2026-11-18、2026-11-20；未导入任何日期"
    )
    assert load_calendar(session).trading_days(
        date(2026, 11, 16), date(2026, 11, 27)
    ) == before.trading_days(date(2026, 11, 16), date(2026, 11, 27))
    # Closing a day after the market date is an ordinary import.
    assert store_days(session, {date(2026, 11, 23): False}) == 1
    assert not load_calendar(session).is_trading_day(date(2026, 11, 23))


def test_the_command_refuses_to_close_a_settled_day(committed: Engine, tmp_path: Path) -> None:
    with Session(committed) as s:
        advance_market_date(s, date(2026, 11, 20))
        s.commit()
    published = tmp_path / "fix.csv"
    # Lists only trading days: Thursday 11-19 left out would close it.
    published.write_text("date,is_open\n2026-11-18,1\n2026-11-20,1\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["calendar", "import", "--file", str(published)])
    assert result.exit_code != 0
    assert "已发布并结算的交易日改为休市：2026-11-19" in result.output
    assert get_calendar(fresh=True).is_trading_day(date(2026, 11, 19))
