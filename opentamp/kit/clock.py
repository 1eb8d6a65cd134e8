"""The one clock (docs/rules.md#money-shares-and-time): Beijing time, injectable.

Nothing in the package calls ``datetime.now()``; it calls :func:`now`. Tests freeze the clock
in-process with :func:`frozen`. For the demo, ``opentamp clock set`` stores a shift (or a
frozen instant) in the database, so every process and replica sees the same time; a process
re-reads it at most once a second. Reading and storing that state is
:mod:`opentamp.core.clock`, which plugs its reader in here (:meth:`Clock.read_state_with`);
without it the clock is real time.

The event loop never waits for that read (every API answer asks the time there, for its
``X-Server-Time``): when its state is over a second old but under ``_STALE_SECONDS``, the loop
goes on with it and a thread of its own reads the next; only a state older than that (a process
that asked nothing for a while) is read at once, on whatever thread asks. A stored change thus
reaches every process within ``_STALE_SECONDS``.
"""

from __future__ import annotations

import asyncio
import math
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

BEIJING = ZoneInfo("Asia/Shanghai")
CLOCK_STATE_KEY = "clock"
_STATE_TTL_SECONDS = 1.0
#: The oldest state the event loop goes on with while the next is read off the loop.
_STALE_SECONDS = 2.0


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
        #: When ``_cached`` was read (monotonic); -inf: never, or forgotten.
        self._read_at = -math.inf
        #: Held while a thread of its own reads the next state (:meth:`_refresh_off_the_loop`).
        self._refreshing = threading.Lock()
        self._lock = threading.Lock()
        self._read_state: Callable[[], ClockState] = ClockState

    def read_state_with(self, reader: Callable[[], ClockState]) -> None:
        """Where the shared state comes from (the database, see :mod:`opentamp.core.clock`)."""
        self._read_state = reader
        self.forget()

    def now(self) -> datetime:
        return self.state().apply(_real_now())

    def state(self) -> ClockState:
        if self._override is not None:
            return self._override
        moment = time.monotonic()
        if moment < self._cached_until:
            return self._cached
        if moment < self._read_at + _STALE_SECONDS and _on_event_loop():
            self._refresh_off_the_loop()
            return self._cached
        with self._lock:
            if time.monotonic() >= self._cached_until:
                self._refresh()
        return self._cached

    def _refresh(self) -> None:
        read_at = time.monotonic()
        self._cached = self._read_state()
        self._read_at = read_at
        self._cached_until = time.monotonic() + _STATE_TTL_SECONDS

    def _refresh_off_the_loop(self) -> None:
        """Read the next state on a thread of its own (one at a time; module docstring). The
        loop never waits here for ``_lock``, which a read holds while it asks the database."""
        if not self._refreshing.acquire(blocking=False):
            return  # a read is under way

        def refresh() -> None:
            try:
                with self._lock:
                    if time.monotonic() >= self._cached_until:
                        self._refresh()
            finally:
                self._refreshing.release()

        threading.Thread(target=refresh, name="clock-state", daemon=True).start()

    def override(self, state: ClockState | None) -> None:
        """Set (or with ``None`` lift) an in-process clock that ignores the database."""
        self._override = state

    def forget(self) -> None:
        """Drop the cached database state so the next read sees a change at once."""
        self._cached_until = 0.0
        self._read_at = -math.inf


def _on_event_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


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


def shift_to(target: datetime) -> ClockState:
    """A state whose clock reads ``target`` now and runs on from there."""
    return ClockState(offset=as_beijing(target) - _real_now())
