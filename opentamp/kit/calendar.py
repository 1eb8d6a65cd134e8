"""The trading calendar of the Shanghai exchange (XSHG), docs/rules.md#money-shares-and-time and
docs/rules.md#fund-trading.

:class:`TradingCalendar` answers over a set of open days. Past the known range the ``holidays``
package's XSHG financial calendar decides (the official closures where it records them, the
statutory holidays computed from the lunar calendar otherwise: 2027-01-01 and the Spring
Festival week of 2027-02-05..10 are closed), with a logged warning; outside the years that
package knows, weekdays count. So no date ever crashes. The days come from
``exchange-calendars`` (whose holidays are known through 2026) or a published year's CSV; the
table that stores them, and the process-wide copy of it, are in :mod:`opentamp.core.calendar`.
"""

from __future__ import annotations

import bisect
import csv
import functools
import logging
from collections.abc import Iterable
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger(__name__)

SEED_START = date(2005, 1, 1)


@functools.cache
def estimated_closures(year: int) -> frozenset[date]:
    """The weekdays the exchange is closed in ``year`` by the ``holidays`` package's XSHG
    financial calendar (empty for a year it does not know, where weekdays count)."""
    # Imported on first use: only a day past the known range asks (the package's calendars
    # are a few MiB of every process's memory, docs/scale.md#memory).
    import holidays

    try:
        days = holidays.financial_holidays("XSHG", years=year)
    except (NotImplementedError, ValueError, KeyError):  # pragma: no cover - defensive
        return frozenset()
    return frozenset(d for d in days if d.year == year and d.weekday() < 5)


def estimated_open(day: date) -> bool:
    """Whether ``day`` is a trading day by the estimate used past the known range."""
    return day.weekday() < 5 and day not in estimated_closures(day.year)


class TradingCalendar:
    """Trading days over a known range, with the ``holidays`` estimate outside it."""

    def __init__(self, open_days: Iterable[date], first: date | None, last: date | None) -> None:
        self._open = sorted(set(open_days))
        self._open_set = set(self._open)
        self.first_known = first
        self.last_known = last
        self._warned_years: set[int] = set()

    # -- single days -------------------------------------------------------------------
    def in_known_range(self, day: date) -> bool:
        return (
            self.first_known is not None
            and self.last_known is not None
            and self.first_known <= day <= self.last_known
        )

    def is_trading_day(self, day: date) -> bool:
        if self.in_known_range(day):
            return day in self._open_set
        self._warn_outside(day)
        return estimated_open(day)

    def next_trading_day(self, day: date) -> date:
        """The first trading day strictly after ``day``."""
        if self.in_known_range(day):
            i = bisect.bisect_right(self._open, day)
            if i < len(self._open):
                return self._open[i]
        candidate = day + timedelta(days=1)
        while not self.is_trading_day(candidate):
            candidate += timedelta(days=1)
        return candidate

    def previous_trading_day(self, day: date) -> date:
        """The last trading day strictly before ``day``."""
        if self.in_known_range(day):
            i = bisect.bisect_left(self._open, day)
            if i > 0:
                return self._open[i - 1]
        candidate = day - timedelta(days=1)
        while not self.is_trading_day(candidate):
            candidate -= timedelta(days=1)
        return candidate

    def add_trading_days(self, day: date, n: int) -> date:
        """T+n: the n-th trading day after ``day`` (before it when n < 0; ``day`` itself at 0)."""
        for _ in range(abs(n)):
            day = self.next_trading_day(day) if n > 0 else self.previous_trading_day(day)
        return day

    def trading_day_on_or_after(self, day: date) -> date:
        return day if self.is_trading_day(day) else self.next_trading_day(day)

    def trading_day_on_or_before(self, day: date) -> date:
        return day if self.is_trading_day(day) else self.previous_trading_day(day)

    def trading_days(self, start: date, end: date) -> list[date]:
        """The trading days from ``start`` to ``end``, both included."""
        if start > end:
            return []
        if self.in_known_range(start) and self.in_known_range(end):
            lo = bisect.bisect_left(self._open, start)
            hi = bisect.bisect_right(self._open, end)
            return self._open[lo:hi]
        days, day = [], start
        while day <= end:
            if self.is_trading_day(day):
                days.append(day)
            day += timedelta(days=1)
        return days

    def _warn_outside(self, day: date) -> None:
        if day.year not in self._warned_years:
            self._warned_years.add(day.year)
            log.warning(
                "trading calendar: %s is outside the known range %s..%s; the holidays "
                "package's XSHG calendar decides until `opentamp calendar import` adds the year",
                day,
                self.first_known,
                self.last_known,
            )


def exchange_calendar_days(start: date, end: date | None = None) -> dict[date, bool]:
    """Every date from ``start`` to the end of exchange-calendars' XSHG knowledge, open or not."""
    import exchange_calendars as xcals

    cal = xcals.get_calendar("XSHG", start=start.isoformat())
    last = cal.last_session.date()
    if end is not None:
        last = min(last, end)
    opened = {ts.date() for ts in cal.sessions}
    out: dict[date, bool] = {}
    day = start
    while day <= last:
        out[day] = day in opened
        day += timedelta(days=1)
    return out


def read_calendar_csv(path: Path) -> dict[date, bool]:
    """A published year as CSV: ``date,is_open`` (1/0, true/false); dates absent from the file
    but inside its range are closed, so a file may list only trading days."""
    listed: dict[date, bool] = {}
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            day = date.fromisoformat(row["date"].strip())
            flag = str(row.get("is_open", "1")).strip().lower()
            listed[day] = flag in {"1", "true", "yes", "y", "open"}
    if not listed:
        return {}
    out: dict[date, bool] = {}
    day, last = min(listed), max(listed)
    while day <= last:
        out[day] = listed.get(day, False)
        day += timedelta(days=1)
    return out
