"""The task layer (docs/scale.md#tasks): idempotency by key, retry with backoff, failures kept
in sight, on the in-process runner (both databases) and on procrastinate's queue
(PostgreSQL)."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator
from datetime import timedelta

import pytest
from sqlalchemy import Engine, select, text
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from opentamp.cli import app
from opentamp.core import tasks
from opentamp.db import db, transaction
from opentamp.kit.clock import now
from opentamp.models.tasks import TaskRun

cli = CliRunner()
calls: list[tuple[str, int]] = []
#: How many more times each item's task fails before it succeeds.
failures_left: dict[str, int] = {}


@tasks.task("tests.count", attempts=3, backoff_seconds=2)
def count(session: Session, *, item: str, n: int) -> None:
    session.execute(text("SELECT 1"))
    if failures_left.get(item, 0) > 0:
        failures_left[item] -= 1
        raise RuntimeError("gateway unreachable")
    calls.append((item, n))


def _item() -> str:
    return uuid.uuid4().hex[:12]


def _calls(item: str) -> list[int]:
    return [n for k, n in calls if k == item]


def _record(session: Session, item: str) -> TaskRun:
    return session.scalars(select(TaskRun).where(TaskRun.key == f"count:{item}")).one()


# -- in-process runner -------------------------------------------------------------------------


def test_inline_runs_at_once_and_once_per_key(session: Session) -> None:
    item = _item()
    first = tasks.defer(session, count, key=f"count:{item}", item=item, n=1)
    again = tasks.defer(session, count, key=f"count:{item}", item=item, n=2)
    assert (first.new, first.succeeded) == (True, True)
    assert again.new is False
    assert _calls(item) == [1]
    record = _record(session, item)
    assert (record.status, record.attempts, record.last_error) == ("succeeded", 1, "")


def test_inline_failure_rolls_back_only_the_task_and_is_kept(session: Session) -> None:
    item = _item()
    failures_left[item] = 1
    deferred = tasks.defer(session, count, key=f"count:{item}", item=item, n=1)
    assert (deferred.new, deferred.succeeded) == (True, False)
    record = _record(session, item)
    assert record.status == "failed"
    assert record.attempts == 1
    assert record.last_error == "RuntimeError: gateway unreachable"
    # The backoff: 2 ** 1 seconds after the attempt.
    assert timedelta(seconds=1) < record.run_after - now() <= timedelta(seconds=2)
    # The caller's transaction goes on.
    assert session.execute(text("SELECT 1")).scalar() == 1
    # Deferring the failed key again tries it again.
    again = tasks.defer(session, count, key=f"count:{item}", item=item, n=1)
    assert (again.new, again.succeeded) == (True, True)
    assert _record(session, item).attempts == 2


@pytest.fixture
def committed_tasks(committed: Engine) -> Iterator[Engine]:
    yield committed


@pytest.mark.concurrent
def test_inline_retry_after_backoff_then_failed_for_good(committed_tasks: Engine) -> None:
    item, other = _item(), _item()
    failures_left[item] = 5  # more than the task's 3 attempts
    failures_left[other] = 1
    with transaction() as session:
        tasks.defer(session, count, key=f"count:{item}", item=item, n=1)
        tasks.defer(session, count, key=f"count:{other}", item=other, n=2)
    # Not yet: the pause after the first attempt is not over.
    assert tasks.run_due(now()) == 0
    # After it: the other succeeds, the first fails its second attempt.
    assert tasks.run_due(now() + timedelta(seconds=3)) == 1
    assert _calls(other) == [2]
    # The third and last attempt, 2 ** 2 seconds later.
    assert tasks.run_due(now() + timedelta(seconds=3)) == 0
    assert tasks.run_due(now() + timedelta(seconds=10)) == 0
    assert tasks.run_due(now() + timedelta(days=1)) == 0  # no fourth attempt
    with transaction() as session:
        record = _record(session, item)
        assert (record.status, record.attempts) == ("failed", 3)
    failed = tasks.list_tasks(failed_only=True)
    assert [(r.key, r.status, r.attempts) for r in failed] == [(f"count:{item}", "failed", 3)]
    assert failed[0].error == "RuntimeError: gateway unreachable"
    assert {r.key for r in tasks.list_tasks()} == {f"count:{item}", f"count:{other}"}
    shown = cli.invoke(app, ["jobs", "list", "--failed"], env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    assert f"count:{item}" in shown.output and f"count:{other}" not in shown.output
    assert "1 task(s), runner: inline" in shown.output
    # Put back in line by hand, it runs again (and succeeds now).
    failures_left[item] = 0
    again = cli.invoke(app, ["jobs", "retry", str(failed[0].id)])
    assert again.exit_code == 0, again.output
    assert _calls(item) == [1]
    assert tasks.list_tasks(failed_only=True) == []
    refused = cli.invoke(app, ["jobs", "retry", str(failed[0].id)])
    assert refused.exit_code == 1 and f"没有 id 为 {failed[0].id} 的失败任务" in refused.output


# -- procrastinate's queue (PostgreSQL) --------------------------------------------------------


@pytest.fixture
def queue(committed: Engine) -> Iterator[Engine]:
    if committed.dialect.name != "postgresql":
        pytest.skip("procrastinate's queue is PostgreSQL's")
    tasks.reset_queue_app()
    tasks.force_runner("queue")
    try:
        yield committed
    finally:
        tasks.force_runner("inline")
        tasks.reset_queue_app()


def _jobs(key: str) -> list[tuple[str, int]]:
    with db.engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT status, attempts FROM procrastinate.procrastinate_jobs"
                " WHERE queueing_lock = :k ORDER BY id"
            ),
            {"k": key},
        )
        return [(r[0], r[1]) for r in rows]


def _work_until(done: object, seconds: float = 60) -> None:
    stop = threading.Event()
    worker = threading.Thread(target=tasks.run_worker, args=(stop,), kwargs={"poll": 0.2})
    worker.start()
    try:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not done():  # type: ignore[operator]
            time.sleep(0.2)
    finally:
        stop.set()
        worker.join(30)
    assert done(), "the worker did not finish the queued tasks"  # type: ignore[operator]


@pytest.mark.concurrent
def test_queue_defers_in_the_callers_transaction_once_per_key(queue: Engine) -> None:
    item, dropped = _item(), _item()
    with transaction() as session:
        first = tasks.defer(session, count, key=f"count:{item}", item=item, n=1)
        again = tasks.defer(session, count, key=f"count:{item}", item=item, n=2)
    assert (first.new, again.new) == (True, False)
    # A transaction rolled back leaves no task behind.
    with pytest.raises(RuntimeError), transaction() as session:
        tasks.defer(session, count, key=f"count:{dropped}", item=dropped, n=1)
        raise RuntimeError("the work failed")
    assert _jobs(f"count:{dropped}") == []
    assert _jobs(f"count:{item}") == [("todo", 0)]
    assert _calls(item) == []
    _work_until(lambda: _jobs(f"count:{item}") == [("succeeded", 1)])
    assert _calls(item) == [1]
    # Done: the key deferred again does nothing.
    with transaction() as session:
        assert tasks.defer(session, count, key=f"count:{item}", item=item, n=3).new is False
    assert _jobs(f"count:{item}") == [("succeeded", 1)]


@pytest.mark.concurrent
def test_queue_retries_with_backoff_and_keeps_the_failure(queue: Engine) -> None:
    item, flaky = _item(), _item()
    failures_left[item] = 5
    failures_left[flaky] = 1
    with transaction() as session:
        tasks.defer(session, count, key=f"count:{item}", item=item, n=1)
        tasks.defer(session, count, key=f"count:{flaky}", item=flaky, n=2)
    _work_until(
        lambda: (
            _jobs(f"count:{item}") == [("failed", 3)]
            and _jobs(f"count:{flaky}") == [("succeeded", 2)]
        )
    )
    assert _calls(flaky) == [2]
    assert _calls(item) == []
    failed = [r for r in tasks.list_tasks(failed_only=True) if r.key == f"count:{item}"]
    assert [(r.task, r.status, r.attempts) for r in failed] == [("tests.count", "failed", 3)]
    shown = cli.invoke(app, ["jobs", "list", "--failed"], env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    assert f"count:{item}" in shown.output and f"count:{flaky}" not in shown.output
    assert "runner: queue" in shown.output
    # A failed key may be deferred again; so may the failed job be put back in line.
    failures_left[item] = 0
    again = cli.invoke(app, ["jobs", "retry", str(failed[0].id)])
    assert again.exit_code == 0, again.output
    _work_until(lambda: _jobs(f"count:{item}") == [("succeeded", 1)])
    assert _calls(item) == [1]


@pytest.mark.concurrent
def test_queue_two_transactions_deferring_one_key_make_one_task(queue: Engine) -> None:
    item = _item()
    key = f"count:{item}"
    results: list[tasks.Deferred] = []
    first = db.session(write=True)
    try:
        results.append(tasks.defer(first, count, key=key, item=item, n=1))

        def second() -> None:
            with transaction() as session:
                results.append(tasks.defer(session, count, key=key, item=item, n=2))

        other = threading.Thread(target=second)
        other.start()
        time.sleep(1)  # the second waits on the first's uncommitted row of the same key
        first.commit()
        other.join(30)
    finally:
        first.close()
    assert [r.new for r in results] == [True, False]
    assert _jobs(key) == [("todo", 0)]
    _work_until(lambda: _jobs(key) == [("succeeded", 1)])
    assert _calls(item) == [1]
