"""The one clock (docs/rules.md#money-shares-and-time): Beijing time, injectable.

Nothing in the package calls ``datetime.now()``; it calls :func:`now`. Tests freeze the clock
in-process with :func:`frozen`. For the demo, ``opentamp clock set`` stores a shift (or a
frozen instant) in the database, so every process and replica sees the same time; a process
re-reads it at most once a second.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

BEIJING = ZoneInfo("Asia/Shanghai")
CLOCK_STATE_KEY = "clock"
_STATE_TTL_SECONDS = 1.0


@dataclass(frozen=True)
class ClockState:
    """How the clock differs from real time: not at all, by a shift, or stopped at an instant."""

    offset: timedelta = timedelta(0)
    frozen_at: datetime | None = None

    def apply(self, real: datetime) -> datetime:
        if self.frozen_at is not None:
            return self.frozen_at.astimezone(BEIJING)
        return (real + self.offset).astimezone(BEIJING)

    def to_json(self) -> dict[str, object]:
        if self.frozen_at is not None:
            return {"mode": "frozen", "at": self.frozen_at.isoformat()}
        return {"mode": "offset", "microseconds": _microseconds(self.offset)}

    @classmethod
    def from_json(cls, value: dict[str, object] | None) -> ClockState:
        if not value:
            return cls()
        if value.get("mode") == "frozen":
            return cls(frozen_at=datetime.fromisoformat(str(value["at"])))
        raw = value.get("microseconds", 0)
        return cls(offset=timedelta(microseconds=int(raw if isinstance(raw, int | str) else 0)))


def _microseconds(delta: timedelta) -> int:
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def _real_now() -> datetime:
    return datetime.now(BEIJING)  # the single call to the system clock


class Clock:
    def __init__(self) -> None:
        self._override: ClockState | None = None
        self._cached: ClockState = ClockState()
        self._cached_until = 0.0
        self._lock = threading.Lock()

    def now(self) -> datetime:
        return self.state().apply(_real_now())

    def state(self) -> ClockState:
        if self._override is not None:
            return self._override
        if time.monotonic() >= self._cached_until:
            with self._lock:
                if time.monotonic() >= self._cached_until:
                    self._cached = _load_state()
                    self._cached_until = time.monotonic() + _STATE_TTL_SECONDS
        return self._cached

    def override(self, state: ClockState | None) -> None:
        """Set (or with ``None`` lift) an in-process clock that ignores the database."""
        self._override = state

    def forget(self) -> None:
        """Drop the cached database state so the next read sees a change at once."""
        self._cached_until = 0.0


def _load_state() -> ClockState:
    from opentamp.db import db
    from opentamp.models.platform import AppState

    try:
        with db.session() as session:
            row = session.get(AppState, CLOCK_STATE_KEY)
            return ClockState.from_json(row.value if row else None)
    except Exception:  # a missing table before the first migration is real time
        return ClockState()


clock = Clock()


def now() -> datetime:
    """The current Beijing time (aware)."""
    return clock.now()


def today() -> date:
    return now().date()


def as_beijing(moment: datetime) -> datetime:
    """An aware Beijing datetime; a naive one is taken to be Beijing time already."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=BEIJING)
    return moment.astimezone(BEIJING)


@contextmanager
def frozen(at: datetime) -> Iterator[None]:
    """Run a block with the clock stopped at ``at`` (tests)."""
    previous = clock._override
    clock.override(ClockState(frozen_at=as_beijing(at)))
    try:
        yield
    finally:
        clock.override(previous)


def store_state(state: ClockState) -> None:
    """Persist the clock for every process (the CLI's ``clock set``)."""
    from opentamp.db import transaction
    from opentamp.models.platform import AppState

    with transaction() as session:
        row = session.get(AppState, CLOCK_STATE_KEY)
        if row is None:
            session.add(AppState(key=CLOCK_STATE_KEY, value=state.to_json()))
        else:
            row.value = state.to_json()
    clock.forget()


def shift_to(target: datetime) -> ClockState:
    """A state whose clock reads ``target`` now and runs on from there."""
    return ClockState(offset=as_beijing(target) - _real_now())
