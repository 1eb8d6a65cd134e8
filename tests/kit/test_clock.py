"""docs/rules.md#money-shares-and-time: one injectable Beijing clock, settable in tests and,
through the database, for
every process."""

from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime, timedelta

from sqlalchemy import Engine

from opentamp.core.clock import store_state
from opentamp.kit.clock import (
    BEIJING,
    ClockState,
    clock,
    frozen,
    now,
    shift_to,
    today,
)


def test_now_is_beijing_time() -> None:
    moment = now()
    assert moment.utcoffset() == timedelta(hours=8)
    assert abs(moment - datetime.now(UTC)) < timedelta(seconds=5)


def test_frozen_in_tests() -> None:
    with frozen(datetime(2026, 9, 30, 14, 59)):
        assert now() == datetime(2026, 9, 30, 14, 59, tzinfo=BEIJING)
        assert today().isoformat() == "2026-09-30"
    assert now().year >= 2026 and now() != datetime(2026, 9, 30, 14, 59, tzinfo=BEIJING)


def test_state_round_trips_as_json() -> None:
    shifted = ClockState(offset=timedelta(days=3, seconds=5, microseconds=7))
    assert ClockState.from_json(shifted.to_json()) == shifted
    stopped = ClockState(frozen_at=datetime(2026, 11, 23, 14, 30, tzinfo=BEIJING))
    assert ClockState.from_json(stopped.to_json()) == stopped
    assert ClockState.from_json(None) == ClockState()


def test_stored_state_is_seen_by_the_process(committed: Engine) -> None:
    target = datetime(2027, 3, 1, 10, 0, tzinfo=BEIJING)
    store_state(shift_to(target))
    assert abs(now() - target) < timedelta(seconds=5)
    store_state(ClockState(frozen_at=target))
    assert now() == target
    store_state(ClockState())
    clock.forget()
    assert abs(now() - datetime.now(UTC)) < timedelta(seconds=5)


def test_the_event_loop_never_waits_for_the_stored_state() -> None:
    """docs/scale.md#the-h5-page: the state over a second old is read on a thread of its own
    while the loop goes on with the one it has; only a state too old is read at once."""
    from opentamp.core.clock import load_state

    target = datetime(2027, 3, 1, 10, 0, tzinfo=BEIJING)
    readers: list[int] = []
    done = threading.Event()

    def reader() -> ClockState:
        readers.append(threading.get_ident())
        done.set()
        return ClockState(frozen_at=target)

    async def on_the_loop() -> tuple[int, datetime]:
        return threading.get_ident(), now()

    clock.read_state_with(reader)
    try:
        loop_thread, first = asyncio.run(on_the_loop())
        # never read (or forgotten): read at once, even on the loop
        assert first == target and readers == [loop_thread]
        clock._cached_until = 0.0  # over a second old, under the limit
        done.clear()
        loop_thread, second = asyncio.run(on_the_loop())
        assert second == target
        assert done.wait(10)
        assert len(readers) == 2 and readers[1] != loop_thread
    finally:
        clock.read_state_with(load_state)


def test_the_event_loop_goes_on_while_the_state_is_being_read() -> None:
    """A read that takes long (the database busy) holds the clock's lock; the loop asking the
    time meanwhile does not wait for it."""
    from opentamp.core.clock import load_state

    release, reading = threading.Event(), threading.Event()

    reads: list[int] = []

    def slow_reader() -> ClockState:
        reads.append(1)
        if len(reads) > 1:  # the read off the loop
            reading.set()
            release.wait(30)
        return ClockState()

    async def twice_on_the_loop() -> bool:
        now()
        clock._cached_until = 0.0  # over a second old: the next is read off the loop
        now()
        assert reading.wait(10)  # the thread reads, holding the lock
        # the read ends only when the timer lets it: a loop that waited for it sees it let go
        threading.Timer(5, release.set).start()
        now()  # the loop asks again meanwhile
        return release.is_set()

    clock.read_state_with(slow_reader)
    try:
        waited = asyncio.run(twice_on_the_loop())
        assert not waited
    finally:
        release.set()
        clock.read_state_with(load_state)
