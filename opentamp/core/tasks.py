"""Tasks: per-item work that calls the outside world (docs/scale.md#tasks).

A feature defines a task with :func:`task` — a function ``fn(session, **kwargs)`` whose
keyword arguments are JSON values — and defers it with :func:`defer` inside its own unit of
work, under a key that names the item (``payments.payout:42:2026-03-02``). Two runners carry
the same task code:

- **queue** (PostgreSQL): the task is written to procrastinate's queue (tables in the
  ``procrastinate`` schema) *in the caller's transaction*, so it exists exactly when the work
  that asked for it was committed. ``opentamp worker`` (and ``opentamp serve`` with its
  scheduler) runs it in a transaction of its own. A failure is retried with an exponential
  backoff (``backoff_seconds`` ** attempt) up to ``attempts`` tries; the last failure stays in
  the queue as ``failed`` (``opentamp jobs list --failed``, ``opentamp jobs retry``).
- **inline** (SQLite, and any test that asks for it): the task runs at once, in a savepoint of
  the caller's transaction; ``task_run`` keeps its key. A failure rolls back only the task's
  savepoint and is recorded ``failed`` with the time of the next try; the scheduler's tick
  (``run_due``) retries it with the same backoff, in its own transaction.

**Idempotent by key.** Deferring a key that is waiting, running or has succeeded does nothing
(procrastinate's ``queueing_lock`` and a look at the key's earlier jobs; ``task_run.key`` is
unique); a failed key may be deferred again. Two jobs with one key never run at once
(procrastinate's ``lock``). The task itself must still be safe to run twice: a worker killed
after the outside call but before its commit runs it again (the gateway calls take the order
number as their idempotency key).
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Literal

from sqlalchemy import make_url, select, text
from sqlalchemy.orm import Session

from opentamp.db import db, transaction
from opentamp.kit.clock import now
from opentamp.models.tasks import TASK_FAILED, TASK_SUCCEEDED, TaskRun

if TYPE_CHECKING:
    # procrastinate and psycopg are imported where the queue is used (PostgreSQL only): on
    # SQLite they would be some 12 MiB of every process's memory (docs/scale.md#memory).
    import procrastinate

log = logging.getLogger(__name__)

Runner = Literal["inline", "queue"]
TaskFn = Callable[..., None]

#: The PostgreSQL schema of procrastinate's tables and functions (apart from the app's).
QUEUE_SCHEMA = "procrastinate"
_SCHEMA_LOCK_ID = 0x0EA7A4D6
#: Modules whose import defines tasks (a worker imports them before it runs any).
TASK_MODULES: list[str] = [
    "opentamp.payments.payouts",
    "opentamp.statements.documents",
    "opentamp.notices.jobs",
]


@dataclass(frozen=True)
class TaskDef:
    name: str
    fn: TaskFn
    attempts: int
    backoff_seconds: int

    def wait_after(self, attempt: int) -> timedelta:
        """The pause before try ``attempt + 1``: ``backoff_seconds`` ** ``attempt``."""
        return timedelta(seconds=self.backoff_seconds**attempt)


_tasks: dict[str, TaskDef] = {}


def task(name: str, *, attempts: int = 5, backoff_seconds: int = 4) -> Callable[[TaskFn], TaskDef]:
    """Define ``fn(session, **kwargs)`` as the task ``name`` (tried at most ``attempts`` times)."""

    def define(fn: TaskFn) -> TaskDef:
        definition = TaskDef(name, fn, attempts, backoff_seconds)
        _tasks[name] = definition
        return definition

    return define


def definitions() -> dict[str, TaskDef]:
    import importlib

    for module in TASK_MODULES:
        importlib.import_module(module)
    return dict(_tasks)


# -- which runner ------------------------------------------------------------------------------

_forced: Runner | None = None


def force_runner(runner: Runner | None) -> None:
    """Use ``runner`` whatever the database (tests); ``None``: the database decides."""
    global _forced
    _forced = runner


def runner() -> Runner:
    if _forced is not None:
        return _forced
    return "inline" if db.is_sqlite else "queue"


@dataclass(frozen=True)
class Deferred:
    key: str
    #: False when the key was already waiting, running or done (nothing was deferred).
    new: bool
    #: Inline only: the task ran and succeeded.
    succeeded: bool = False


def defer(session: Session, definition: TaskDef, *, key: str, **kwargs: Any) -> Deferred:
    """Defer ``definition`` for one item, in ``session``'s transaction (module docstring)."""
    if runner() == "queue":
        return _enqueue(session, definition, key, kwargs)
    return _run_inline(session, definition, key, kwargs)


# -- inline runner -----------------------------------------------------------------------------


def _run_inline(
    session: Session, definition: TaskDef, key: str, kwargs: dict[str, Any]
) -> Deferred:
    record = session.scalars(select(TaskRun).where(TaskRun.key == key)).one_or_none()
    if record is not None and record.status == TASK_SUCCEEDED:
        return Deferred(key, new=False)
    if record is None:
        record = TaskRun(
            key=key,
            task=definition.name,
            args=json.dumps(kwargs, sort_keys=True),
            status=TASK_FAILED,
            attempts=0,
            run_after=now(),
        )
        session.add(record)
        session.flush()
    return Deferred(key, new=True, succeeded=_attempt_inline(session, definition, record))


def _attempt_inline(session: Session, definition: TaskDef, record: TaskRun) -> bool:
    kwargs = json.loads(record.args)
    record.attempts += 1
    try:
        with session.begin_nested():
            definition.fn(session, **kwargs)
    except Exception as exc:  # noqa: BLE001 - a task's failure is recorded, not raised
        log.warning("task %s failed (attempt %d): %s", record.key, record.attempts, exc)
        record.status = TASK_FAILED
        record.last_error = f"{type(exc).__name__}: {exc}"
        record.run_after = now() + definition.wait_after(record.attempts)
        session.flush()
        return False
    record.status = TASK_SUCCEEDED
    record.last_error = ""
    session.flush()
    return True


def run_due(moment: datetime | None = None) -> int:
    """Retry the inline runner's failed tasks whose pause is over (each in its own
    transaction); returns how many succeeded."""
    moment = moment or now()
    known = definitions()
    with transaction(write=False) as session:
        keys = list(
            session.scalars(
                select(TaskRun.key).where(
                    TaskRun.status == TASK_FAILED, TaskRun.run_after <= moment
                )
            )
        )
    done = 0
    for key in keys:
        with transaction() as session:
            record = session.scalars(select(TaskRun).where(TaskRun.key == key)).one()
            definition = known.get(record.task)
            if (
                definition is None
                or record.status != TASK_FAILED
                or record.attempts >= definition.attempts
            ):
                continue
            done += _attempt_inline(session, definition, record)
    return done


# -- queue runner (procrastinate) ----------------------------------------------------------------


def queue_conninfo(url: str | None = None) -> str:
    """The libpq address of the queue: the app's database, with the queue's schema first."""
    raw = make_url(url or db.engine.url.render_as_string(hide_password=False))
    plain = raw.set(drivername="postgresql").render_as_string(hide_password=False)
    separator = "&" if "?" in plain else "?"
    return f"{plain}{separator}options=-csearch_path%3D{QUEUE_SCHEMA}"


_app_lock = threading.Lock()
_app: procrastinate.App | None = None
_schema_ready: set[str] = set()


def _build_app() -> procrastinate.App:
    import procrastinate

    app = procrastinate.App(connector=procrastinate.PsycopgConnector(conninfo=queue_conninfo()))
    for definition in definitions().values():
        _register(app, definition)
    return app


def queue_app() -> procrastinate.App:
    """The procrastinate app this process defers with (never opened: it writes through the
    caller's connection), every task registered on it."""
    global _app
    with _app_lock:
        if _app is None:
            _app = _build_app()
        return _app


def reset_queue_app() -> None:
    """Forget the app (its connector points at the engine of the time; tests swap engines)."""
    global _app
    with _app_lock:
        _app = None
        _schema_ready.clear()


def _register(app: procrastinate.App, definition: TaskDef) -> None:
    import procrastinate

    def run(**kwargs: Any) -> None:
        with transaction() as session:
            definition.fn(session, **kwargs)

    app.task(
        name=definition.name,
        retry=procrastinate.RetryStrategy(
            max_attempts=definition.attempts - 1, exponential_wait=definition.backoff_seconds
        ),
    )(run)


def ensure_queue_schema() -> None:
    """Create procrastinate's schema once per database (under an advisory lock, so that
    replicas and workers starting together do not race)."""
    url = db.engine.url.render_as_string(hide_password=False)
    if url in _schema_ready:
        return
    with db.engine.begin() as conn:
        conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _SCHEMA_LOCK_ID})
        exists = conn.execute(
            text("SELECT to_regclass(:t)"), {"t": f"{QUEUE_SCHEMA}.procrastinate_jobs"}
        ).scalar()
        if exists is None:
            conn.execute(text(f"CREATE SCHEMA IF NOT EXISTS {QUEUE_SCHEMA}"))
            conn.execute(text(f"SET LOCAL search_path = {QUEUE_SCHEMA}"))
            from procrastinate.schema import SchemaManager

            schema_sql = SchemaManager.get_schema()
            conn.exec_driver_sql(schema_sql.replace("%", "%%"))
    _schema_ready.add(url)


@contextmanager
def _queue_search_path(session: Session) -> Iterator[Any]:
    """The session's own connection, with the queue's schema on its search path meanwhile
    (a savepoint rolled back after an error reverts the setting by itself)."""
    connection = session.connection()
    previous = connection.execute(text("SELECT current_setting('search_path')")).scalar()
    connection.execute(
        text("SELECT set_config('search_path', :p, true)"), {"p": f"{QUEUE_SCHEMA}, {previous}"}
    )
    raw = connection.connection.driver_connection
    assert raw is not None
    from psycopg.pq import TransactionStatus

    try:
        yield raw
    finally:
        if raw.info.transaction_status != TransactionStatus.INERROR:
            connection.execute(text("SELECT set_config('search_path', :p, true)"), {"p": previous})


def _enqueue(session: Session, definition: TaskDef, key: str, kwargs: dict[str, Any]) -> Deferred:
    from procrastinate.exceptions import AlreadyEnqueued

    ensure_queue_schema()
    app = queue_app()
    try:
        with session.begin_nested(), _queue_search_path(session) as raw:
            with raw.cursor() as cursor:
                cursor.execute(
                    "SELECT 1 FROM procrastinate_jobs WHERE queueing_lock = %s"
                    " AND status IN ('todo', 'doing', 'succeeded') LIMIT 1",
                    (key,),
                )
                if cursor.fetchone() is not None:
                    return Deferred(key, new=False)
            app.configure_task(definition.name, queueing_lock=key, lock=key, connection=raw).defer(
                **kwargs
            )
    except AlreadyEnqueued:
        # Another transaction deferred the key meanwhile (its row was not visible yet).
        return Deferred(key, new=False)
    return Deferred(key, new=True)


def run_worker(
    stop: threading.Event | None = None, *, concurrency: int = 2, poll: float = 5.0
) -> None:
    """Run queued tasks until ``stop`` is set (or for ever); PostgreSQL only."""
    import asyncio

    ensure_queue_schema()
    app = _build_app()

    async def work() -> None:
        async with app.open_async():
            worker = asyncio.create_task(
                app.run_worker_async(
                    concurrency=concurrency,
                    install_signal_handlers=stop is None,
                    fetch_job_polling_interval=poll,
                )
            )
            while stop is None or not stop.is_set():
                if worker.done():
                    break
                await asyncio.sleep(0.5)
            worker.cancel()
            try:
                await worker
            except asyncio.CancelledError:
                pass

    asyncio.run(work())


# -- what the CLI shows ------------------------------------------------------------------------


@dataclass(frozen=True)
class TaskRow:
    id: int
    task: str
    key: str
    status: str
    attempts: int
    args: str
    error: str
    at: datetime | None


def list_tasks(*, failed_only: bool = False, limit: int = 50) -> list[TaskRow]:
    """The latest tasks (or only those that failed for good), newest first."""
    if runner() == "inline":
        with transaction(write=False) as session:
            query = select(TaskRun).order_by(TaskRun.id.desc()).limit(limit)
            if failed_only:
                query = query.where(TaskRun.status == TASK_FAILED)
            return [
                TaskRow(
                    r.id, r.task, r.key, r.status, r.attempts, r.args, r.last_error, r.updated_at
                )
                for r in session.scalars(query)
            ]
    ensure_queue_schema()
    where = "WHERE j.status = 'failed'" if failed_only else ""
    sql = (
        f"SELECT j.id, j.task_name, j.queueing_lock, j.status, j.attempts, j.args::text,"
        f" (SELECT max(e.at) FROM {QUEUE_SCHEMA}.procrastinate_events e WHERE e.job_id = j.id)"
        f" FROM {QUEUE_SCHEMA}.procrastinate_jobs j {where} ORDER BY j.id DESC LIMIT :n"
    )
    with db.engine.connect() as conn:
        return [
            TaskRow(r[0], r[1], r[2] or "", r[3], r[4], r[5], "", r[6])
            for r in conn.execute(text(sql), {"n": limit})
        ]


def retry_failed(task_id: int) -> bool:
    """Put a task that failed for good back in line (at once)."""
    if runner() == "inline":
        with transaction() as session:
            record = session.get(TaskRun, task_id)
            if record is None or record.status != TASK_FAILED:
                return False
            record.attempts = 0
            record.run_after = now()
        run_due()
        return True
    ensure_queue_schema()
    with db.engine.begin() as conn:
        # procrastinate's triggers name its types unqualified.
        conn.execute(text(f"SET LOCAL search_path = {QUEUE_SCHEMA}, public"))
        changed = conn.execute(
            text(
                f"UPDATE {QUEUE_SCHEMA}.procrastinate_jobs SET status = 'todo', attempts = 0,"
                " scheduled_at = NULL WHERE id = :id AND status = 'failed'"
            ),
            {"id": task_id},
        ).rowcount
    return bool(changed)
