"""The trading calendar's table (docs/rules.md#money-shares-and-time).

The calendar lives in the ``trading_day`` table, one row per calendar date of the known range
with ``is_open``. It is seeded from ``exchange-calendars`` and extended by ``opentamp calendar
import`` when China publishes a new year. The functions work on an in-memory copy of the table
tagged with the calendar's version (``calendar.version`` in ``app_state``): every import bumps
the version in the same transaction, and each process compares its copy's version with the
database's (one primary-key read, at most once every :data:`VERSION_CHECK_SECONDS`, and always
at the start of a day of the daily pipeline), so an import takes effect at once everywhere.

An import may not close a day that the daily pipeline already published and settled (a day up
to the market date that the calendar in use counts open): NAVs, confirmations and profit rows
of that day exist, so :func:`store_days` refuses with the list of such days and stores nothing.
"""

from __future__ import annotations

import threading
import time
import uuid
from datetime import date

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from opentamp.core.market_day import market_date
from opentamp.db import db
from opentamp.errors import AppError
from opentamp.kit.calendar import SEED_START, TradingCalendar, exchange_calendar_days
from opentamp.models.calendar import TradingDay
from opentamp.models.platform import AppState

CALENDAR_VERSION_KEY = "calendar.version"
#: How long a process trusts its copy before it reads the version again.
VERSION_CHECK_SECONDS = 1.0


class CalendarImportRefused(AppError):
    status = 409
    code = 40910
    error = "calendar_closes_settled_days"
    msg = "导入会将已发布并结算的交易日改为休市：{days}；未导入任何日期"


def calendar_version(session: Session) -> tuple[int, str]:
    """The calendar's version: a number every import increments, with the import's random tag
    (so a version row lost and begun again is never mistaken for the one a process holds)."""
    row = session.get(AppState, CALENDAR_VERSION_KEY)
    if row is None:
        return (0, "")
    return (int(row.value.get("version", 0)), str(row.value.get("tag", "")))


def _bump_version(session: Session) -> None:
    row = session.get(AppState, CALENDAR_VERSION_KEY, with_for_update=True)
    tag = uuid.uuid4().hex
    if row is None:
        session.add(AppState(key=CALENDAR_VERSION_KEY, value={"version": 1, "tag": tag}))
    else:
        row.value = {"version": int(row.value.get("version", 0)) + 1, "tag": tag}


def load_calendar(session: Session) -> TradingCalendar:
    rows = session.execute(select(TradingDay.day, TradingDay.is_open)).all()
    if not rows:
        return TradingCalendar([], None, None)
    days = [r.day for r in rows]
    return TradingCalendar((r.day for r in rows if r.is_open), min(days), max(days))


class _CalendarCache:
    def __init__(self) -> None:
        self._calendar: TradingCalendar | None = None
        self._version: tuple[int, str] = (-1, "")
        self._checked_at = 0.0
        self._lock = threading.Lock()

    def _current(self, fresh: bool) -> TradingCalendar | None:
        calendar = self._calendar
        if (
            calendar is not None
            and not fresh
            and time.monotonic() - self._checked_at < VERSION_CHECK_SECONDS
        ):
            return calendar
        return None

    def get(self, *, fresh: bool = False) -> TradingCalendar:
        calendar = self._current(fresh)
        if calendar is not None:
            return calendar
        with self._lock:
            calendar = self._current(fresh)  # another thread may have just checked
            if calendar is not None:
                return calendar
            with db.session() as session:
                version = calendar_version(session)
                if self._calendar is None or version != self._version:
                    self._calendar = load_calendar(session)
                    self._version = version
            self._checked_at = time.monotonic()
            return self._calendar

    def invalidate(self) -> None:
        self._calendar = None
        self._version = (-1, "")


_cache = _CalendarCache()


def get_calendar(*, fresh: bool = False) -> TradingCalendar:
    """The trading calendar of the database in use; ``fresh`` checks the version now."""
    return _cache.get(fresh=fresh)


def invalidate_calendar() -> None:
    _cache.invalidate()


def settled_days_closed_by(session: Session, days: dict[date, bool]) -> list[date]:
    """The days that ``days`` would close although the pipeline published and settled them."""
    settled_to = market_date(session)
    if settled_to is None:
        return []
    current = load_calendar(session)
    return sorted(
        d
        for d, is_open in days.items()
        if not is_open and d <= settled_to and current.is_trading_day(d)
    )


def store_days(session: Session, days: dict[date, bool]) -> int:
    """Insert or replace calendar rows and bump the calendar's version; returns how many dates
    were written. Refuses (:class:`CalendarImportRefused`) to close a settled day."""
    if not days:
        return 0
    refused = settled_days_closed_by(session, days)
    if refused:
        raise CalendarImportRefused(days="、".join(d.isoformat() for d in refused))
    dates = sorted(days)
    session.execute(
        delete(TradingDay).where(TradingDay.day >= dates[0], TradingDay.day <= dates[-1])
    )
    session.add_all(TradingDay(day=d, is_open=days[d]) for d in dates)
    _bump_version(session)
    session.flush()
    invalidate_calendar()
    return len(dates)


def ensure_calendar(session: Session) -> int:
    """Seed the table from exchange-calendars when it is empty (``opentamp db upgrade``)."""
    if session.scalar(select(TradingDay.day).limit(1)) is not None:
        return 0
    return store_days(session, exchange_calendar_days(SEED_START))
