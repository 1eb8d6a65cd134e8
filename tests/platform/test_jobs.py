"""docs/architecture.md#the-pieces: the daily pipeline runs each due trading day once, in one
transaction."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from opentamp import jobs
from opentamp.kit.clock import BEIJING
from opentamp.models.platform import AppState


@pytest.fixture
def recorder() -> list[date]:
    seen: list[date] = []

    def step(session: Session, day: date) -> str:
        # idempotent: records the day once in app_state
        key = f"test.ran.{day.isoformat()}"
        if session.get(AppState, key) is None:
            session.add(AppState(key=key, value={"n": 1}))
            seen.append(day)
        return f"recorded {day}"

    jobs.daily_step("test.record", order=999)(step)
    yield seen
    jobs._steps.pop("test.record")


def test_last_publishable_day() -> None:
    assert jobs.last_publishable_day(datetime(2026, 11, 20, 19, 59, tzinfo=BEIJING)) == date(
        2026, 11, 19
    )
    assert jobs.last_publishable_day(datetime(2026, 11, 20, 20, 0, tzinfo=BEIJING)) == date(
        2026, 11, 20
    )
    assert jobs.last_publishable_day(datetime(2026, 11, 22, 12, 0, tzinfo=BEIJING)) == date(
        2026, 11, 20
    )
    assert jobs.last_publishable_day(datetime(2026, 10, 5, 12, 0, tzinfo=BEIJING)) == date(
        2026, 9, 30
    )


def test_catch_up_runs_each_due_day_once(committed: Engine, recorder: list[date]) -> None:
    jobs.run_day(date(2026, 9, 28))
    assert recorder == [date(2026, 9, 28)]
    ran = jobs.catch_up(datetime(2026, 10, 8, 21, 0, tzinfo=BEIJING))
    assert ran == [date(2026, 9, 29), date(2026, 9, 30), date(2026, 10, 8)]
    assert jobs.catch_up(datetime(2026, 10, 8, 23, 0, tzinfo=BEIJING)) == []
    jobs.run_day(date(2026, 9, 30))  # by hand, again: changes nothing
    assert recorder == [date(2026, 9, 28), date(2026, 9, 29), date(2026, 9, 30), date(2026, 10, 8)]
    with Session(committed) as s:
        assert jobs.market_date(s) == date(2026, 10, 8)


def test_a_failing_step_leaves_the_day_undone(committed: Engine, recorder: list[date]) -> None:
    def broken(session: Session, day: date) -> None:
        raise RuntimeError("disk full")

    jobs.daily_step("test.broken", order=1000)(broken)
    try:
        with pytest.raises(RuntimeError):
            jobs.run_day(date(2026, 11, 20))
    finally:
        jobs._steps.pop("test.broken")
    with Session(committed) as s:
        assert s.scalar(select(AppState).where(AppState.key == "test.ran.2026-11-20")) is None
        assert jobs.market_date(s) is None


def test_a_new_database_starts_at_the_last_publishable_day(
    committed: Engine, recorder: list[date]
) -> None:
    assert jobs.catch_up(datetime(2026, 11, 20, 21, 0, tzinfo=BEIJING)) == []
    assert jobs.catch_up(datetime(2026, 11, 24, 21, 0, tzinfo=BEIJING)) == [
        date(2026, 11, 23),
        date(2026, 11, 24),
    ]
    assert recorder == [date(2026, 11, 23), date(2026, 11, 24)]
