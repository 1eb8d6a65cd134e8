"""The trading calendar's table (docs/rules.md#fund-trading).

The calendar lives in the ``trading_day`` table, one row per calendar date of the known range
with ``is_open``. It is seeded from ``exchange-calendars`` and extended by ``opentamp calendar
import`` when China publishes a new year. The functions work on an in-memory copy of the table,
reloaded every few minutes: the table is reference data every replica reads from the database,
not state of this process.
"""

from __future__ import annotations

import threading
import time
from datetime import date

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from opentamp.db import db
from opentamp.kit.calendar import SEED_START, TradingCalendar, exchange_calendar_days
from opentamp.models.calendar import TradingDay

_RELOAD_SECONDS = 300.0


def load_calendar(session: Session) -> TradingCalendar:
    rows = session.execute(select(TradingDay.day, TradingDay.is_open)).all()
    if not rows:
        return TradingCalendar([], None, None)
    days = [r.day for r in rows]
    return TradingCalendar((r.day for r in rows if r.is_open), min(days), max(days))


class _CalendarCache:
    def __init__(self) -> None:
        self._calendar: TradingCalendar | None = None
        self._loaded_at = 0.0
        self._lock = threading.Lock()

    def get(self) -> TradingCalendar:
        if self._calendar is None or time.monotonic() - self._loaded_at > _RELOAD_SECONDS:
            with self._lock:
                if self._calendar is None or time.monotonic() - self._loaded_at > _RELOAD_SECONDS:
                    with db.session() as session:
                        self._calendar = load_calendar(session)
                    self._loaded_at = time.monotonic()
        return self._calendar

    def invalidate(self) -> None:
        self._calendar = None


_cache = _CalendarCache()


def get_calendar() -> TradingCalendar:
    """The trading calendar of the database in use."""
    return _cache.get()


def invalidate_calendar() -> None:
    _cache.invalidate()


def store_days(session: Session, days: dict[date, bool]) -> int:
    """Insert or replace calendar rows; returns how many dates were written."""
    if not days:
        return 0
    dates = sorted(days)
    session.execute(
        delete(TradingDay).where(TradingDay.day >= dates[0], TradingDay.day <= dates[-1])
    )
    session.add_all(TradingDay(day=d, is_open=days[d]) for d in dates)
    session.flush()
    invalidate_calendar()
    return len(dates)


def ensure_calendar(session: Session) -> int:
    """Seed the table from exchange-calendars when it is empty (``opentamp db upgrade``)."""
    if session.scalar(select(TradingDay.day).limit(1)) is not None:
        return 0
    return store_days(session, exchange_calendar_days(SEED_START))
