"""Whether the brokers or teams may have changed, known on the event loop without a query per
call (docs/scale.md#the-h5-page).

What is kept in memory for every request and built from the ``broker`` and ``team`` rows (the H5
page's ``frame-ancestors``) is valid while nobody wrote those tables since. :meth:`stamp`
answers a number that changes whenever they may have been written; a thing remembered under a
stamp is served while :meth:`stamp` still answers it. ``None`` means "cannot tell": build
afresh and keep nothing. The database itself reports the writes, by triggers (migration
``broker_version``), so a write by SQL of an operator's own counts as one through the models:

- **PostgreSQL** pushes them: a statement trigger on each table sends
  ``NOTIFY opentamp_brokers``, delivered at the writer's commit to every process listening, on
  any replica. Each event loop keeps one connection that ``LISTEN``\\ s (to the primary, or
  through pgbouncer in session mode); every notification makes a new stamp. Until the
  ``LISTEN`` is in place, and from the moment its connection fails until it is again, the stamp
  is ``None``. Every ``HEARTBEAT_SECONDS`` the connection is asked ``SELECT 1`` (answered
  within as long, or it is given up) and a new stamp is drawn: one cut without a word (a
  network partition) stops the stamps within twice that, and each remembered thing is built
  afresh that often anyway.
- **SQLite** is one file on one machine: its triggers bump the version of
  ``db.BROKERS_SCOPE`` in ``data_version``. ``PRAGMA data_version`` on the event loop's own
  connection (``SqliteTokenReader``) changes when any other connection commits, and costs no
  page of the database; only then is that version read (one row by its key), and a different
  one makes a new stamp.

Stamps are drawn from one counter of the process, so a stamp of one event loop never equals
another's.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import sqlite3
import threading
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, select

from opentamp.core.answers import (
    SqliteTokenReader,
    compiled,
    of_running_loop,
    token_reader,
)
from opentamp.db import BROKERS_SCOPE, db
from opentamp.models.versions import DataVersion

logger = logging.getLogger(__name__)

#: The channel the triggers of ``broker`` and ``team`` notify.
CHANNEL = "opentamp_brokers"

if TYPE_CHECKING:
    import psycopg

_stamps = itertools.count(1)


class _Listener:
    """One event loop's listening connection and its current stamp."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.stamp: int | None = None
        self.task: asyncio.Task[None] | None = None
        self.conn: psycopg.AsyncConnection[Any] | None = None
        self.retry_at = 0.0


def _let_go(closed: _Listener) -> None:
    if closed.conn is not None:
        closed.conn.pgconn.finish()


class PgBrokerWatch:
    """The writes pushed by ``NOTIFY`` (module docstring)."""

    #: Seconds between attempts to listen again after a failure.
    RETRY_SECONDS = 1.0
    #: Seconds between two questions whether the connection lives (and the longest wait for
    #: an answer, or for a connection).
    HEARTBEAT_SECONDS = 5.0

    def __init__(self, engine: Engine) -> None:
        cargs, cparams = engine.dialect.create_connect_args(engine.url)
        cparams.pop("context", None)
        self._cargs, self._cparams = cargs, cparams
        self._loops: dict[int, _Listener] = {}
        #: Notifications received (tests).
        self.notified = 0

    def stamp(self) -> int | None:
        mine = self._of_loop()
        if mine.stamp is None and mine.task is None and time.monotonic() >= mine.retry_at:
            mine.task = mine.loop.create_task(self._listen(mine))
        return mine.stamp

    def _of_loop(self) -> _Listener:
        return of_running_loop(self._loops, _Listener, _let_go)

    async def _listen(self, mine: _Listener) -> None:
        import psycopg  # PostgreSQL only (docs/scale.md#memory)

        try:
            mine.conn = await asyncio.wait_for(
                psycopg.AsyncConnection.connect(*self._cargs, **self._cparams, autocommit=True),
                self.HEARTBEAT_SECONDS,
            )
            await mine.conn.execute(f"LISTEN {CHANNEL}")
            # from here on every commit that writes the tables is heard
            mine.stamp = next(_stamps)
            while True:
                async for _ in mine.conn.notifies(timeout=self.HEARTBEAT_SECONDS):
                    self.notified += 1
                    mine.stamp = next(_stamps)
                # is the connection alive? (one that died without a word, a network cut,
                # would otherwise leave the stamp standing for ever)
                await asyncio.wait_for(mine.conn.execute("SELECT 1"), self.HEARTBEAT_SECONDS)
                mine.stamp = next(_stamps)  # what came during the check is not missed
        except (psycopg.Error, OSError, TimeoutError):
            logger.warning("broker watch: not listening, reading afresh", exc_info=True)
        finally:
            mine.stamp = None
            mine.task = None
            mine.retry_at = time.monotonic() + self.RETRY_SECONDS
            if mine.conn is not None:
                mine.conn.pgconn.finish()
                mine.conn = None


class SqliteBrokerWatch:
    """The brokers' version read when ``PRAGMA data_version`` says another connection
    committed (module docstring)."""

    def __init__(self, engine: Engine, reader: SqliteTokenReader) -> None:
        self._reader = reader
        sql, params, order = compiled(
            engine, select(DataVersion.version).where(DataVersion.scope_id == BROKERS_SCOPE)
        )
        self._version = sql, tuple(params[name] for name in order)
        self._local = threading.local()
        #: Times the brokers' version was read (tests).
        self.version_reads = 0

    def stamp(self) -> int | None:
        mine = self._local
        try:
            conn = self._reader.connection()
            (changes,) = conn.execute("PRAGMA data_version").fetchone()
            if changes == getattr(mine, "changes", None):
                return mine.stamp  # type: ignore[no-any-return]
            row = conn.execute(*self._version).fetchone()
        except sqlite3.OperationalError:
            return None
        self.version_reads += 1
        version = row[0] if row else None
        if not hasattr(mine, "stamp") or version != mine.version:
            mine.version, mine.stamp = version, next(_stamps)
        mine.changes = changes
        return mine.stamp  # type: ignore[no-any-return]


_watches: dict[int, tuple[Engine, PgBrokerWatch | SqliteBrokerWatch]] = {}


def broker_watch() -> PgBrokerWatch | SqliteBrokerWatch:
    """The broker watch of the process's database (``db.engine``)."""
    engine = db.engine
    found = _watches.get(id(engine))
    if found is None or found[0] is not engine:
        reader = token_reader()
        watch = (
            SqliteBrokerWatch(engine, reader)
            if isinstance(reader, SqliteTokenReader)
            else PgBrokerWatch(engine)
        )
        found = _watches[id(engine)] = (engine, watch)
    return found[1]
