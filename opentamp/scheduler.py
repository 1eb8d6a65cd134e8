"""The in-process scheduler of ``opentamp serve`` and the loop of ``opentamp worker``.

Once a minute (``Settings.scheduler_interval_seconds``) it runs the daily pipeline for every
trading day that is due. On PostgreSQL only the holder of an advisory lock runs it, so any
number of replicas and workers may be started; on SQLite there is one process anyway, and the
tick also retries the in-process runner's failed tasks whose pause is over
(docs/scale.md#tasks). On PostgreSQL the queued tasks are run by :func:`start_task_worker`
(``opentamp worker``, or ``opentamp serve`` with its scheduler).
"""

from __future__ import annotations

import logging
import threading

from sqlalchemy import text

from opentamp.config import get_settings
from opentamp.core import tasks
from opentamp.db import db
from opentamp.jobs import catch_up
from opentamp.kit.clock import now

log = logging.getLogger(__name__)

_ADVISORY_LOCK_ID = 0x0EA7A4D5


def tick() -> None:
    if db.is_sqlite:
        days = catch_up(now())
        retried = tasks.run_due()
        if retried:
            log.info("%d failed tasks retried and done", retried)
    else:
        with db.engine.connect() as conn:
            if not conn.execute(
                text("SELECT pg_try_advisory_lock(:k)"), {"k": _ADVISORY_LOCK_ID}
            ).scalar():
                return
            try:
                days = catch_up(now())
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": _ADVISORY_LOCK_ID})
                conn.commit()
    for day in days:
        log.info("daily pipeline ran for %s", day)


def run_forever(stop: threading.Event) -> None:
    interval = get_settings().scheduler_interval_seconds
    while not stop.is_set():
        try:
            tick()
        except Exception:
            log.exception("scheduler tick failed; retrying in %.0f s", interval)
        stop.wait(interval)


def start_task_worker(stop: threading.Event) -> threading.Thread | None:
    """Run the queued tasks in a thread of this process (PostgreSQL; none on SQLite)."""
    if tasks.runner() != "queue":
        return None
    thread = threading.Thread(
        target=tasks.run_worker, args=(stop,), name="opentamp-tasks", daemon=True
    )
    thread.start()
    return thread


def start_in_background() -> threading.Event:
    stop = threading.Event()
    threading.Thread(
        target=run_forever, args=(stop,), name="opentamp-scheduler", daemon=True
    ).start()
    start_task_worker(stop)
    return stop
