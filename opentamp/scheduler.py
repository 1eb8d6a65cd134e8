"""The in-process scheduler of ``opentamp serve`` and the loop of ``opentamp worker``.

Once a minute it runs the daily pipeline for every trading day that is due. On PostgreSQL only
the holder of an advisory lock runs it, so any number of replicas and workers may be started;
on SQLite there is one process anyway.
"""

from __future__ import annotations

import logging
import threading

from sqlalchemy import text

from opentamp.db import db
from opentamp.jobs import catch_up
from opentamp.kit.clock import now

log = logging.getLogger(__name__)

INTERVAL_SECONDS = 60.0
_ADVISORY_LOCK_ID = 0x0EA7A4D5


def tick() -> None:
    if db.is_sqlite:
        days = catch_up(now())
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
    while not stop.is_set():
        try:
            tick()
        except Exception:
            log.exception("scheduler tick failed; retrying in %.0f s", INTERVAL_SECONDS)
        stop.wait(INTERVAL_SECONDS)


def start_in_background() -> threading.Event:
    stop = threading.Event()
    threading.Thread(
        target=run_forever, args=(stop,), name="opentamp-scheduler", daemon=True
    ).start()
    return stop
