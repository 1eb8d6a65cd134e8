"""SQLite's writers under load (docs/scale.md#sqlite-writers): the writers of one process queue
in arrival order before ``BEGIN IMMEDIATE``, so none fails with "database is locked" while the
others go on; a writer of another process still waits for the lock by the busy timeout."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.exc import OperationalError

import opentamp.models  # noqa: F401
from opentamp import db as db_module
from opentamp.db import Base, Database, WriteGate, make_engine
from tests.suites import own_sqlite_file

pytestmark = own_sqlite_file

WRITERS = 6
ROUNDS = 40
#: How long each write transaction holds the lock: slow writers.
HOLD_SECONDS = 0.02
#: The busy timeout of these tests: long enough for a tenth of it (the gate's patience) and the
#: whole queue of the process (WRITERS × HOLD_SECONDS, 0.12 s) several times over, far shorter
#: than the writers' rounds (WRITERS × ROUNDS × HOLD_SECONDS, 4.8 s).
BUSY_TIMEOUT_MS = 2_000


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Database]:
    monkeypatch.setattr(db_module, "SQLITE_BUSY_TIMEOUT_MS", BUSY_TIMEOUT_MS)
    database = Database()
    database.use(make_engine(f"sqlite:///{tmp_path / 'writers.db'}", pool_size=WRITERS))
    with database.engine.begin() as conn:
        conn.execute(text("CREATE TABLE entry (writer INTEGER, round INTEGER)"))
        # A commit bumps the world's data version (db._bump_versions).
        Base.metadata.tables["data_version"].create(conn)
    yield database
    database.dispose()


def _write(database: Database, writer: int, round_: int) -> None:
    """One slow write: the lock held for HOLD_SECONDS, then committed."""
    with database.session(write=True) as session:
        session.execute(text("INSERT INTO entry VALUES (:w, :r)"), {"w": writer, "r": round_})
        time.sleep(HOLD_SECONDS)
        session.commit()


def _count(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(text("SELECT count(*) FROM entry")).scalar_one())


def test_no_writer_of_the_process_starves(database: Database) -> None:
    # Each writer begins its next write as soon as the last one committed: left to SQLite's
    # busy handler, which polls a taken lock with sleeps of up to 100 ms, the writer that just
    # committed takes the lock again before the sleepers wake, and one of them gives up after
    # the busy timeout ("database is locked") while the others go on.
    start = threading.Barrier(WRITERS)

    def writer(number: int) -> None:
        start.wait()
        for round_ in range(ROUNDS):
            _write(database, number, round_)

    with ThreadPoolExecutor(WRITERS) as pool:
        for done in [pool.submit(writer, n) for n in range(WRITERS)]:
            done.result()
    assert _count(database.engine) == WRITERS * ROUNDS


def test_a_rolled_back_or_failed_writer_gives_the_gate_back(database: Database) -> None:
    with database.session(write=True) as session:
        session.execute(text("INSERT INTO entry VALUES (1, 1)"))
        session.rollback()
    with pytest.raises(OperationalError), database.session(write=True) as session:
        session.execute(text("INSERT INTO no_such_table VALUES (1)"))
    with database.session(write=True) as session:  # closed without commit or rollback
        session.execute(text("INSERT INTO entry VALUES (2, 2)"))
    # The gate is free: a writer on another thread passes it at once.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(_write, database, 3, 3).result(timeout=BUSY_TIMEOUT_MS / 1000)
    assert _count(database.engine) == 1


def test_a_writer_of_another_process_is_waited_for(database: Database, tmp_path: Path) -> None:
    # Another engine on the same file stands for another process (the CLI, a worker): it holds
    # the write lock for a while, and the process's writer waits for it by the busy timeout.
    # A connection of its own on the same file stands for another process (the CLI, a worker):
    # it holds the write lock for a while, and the process's writer waits for it by the busy
    # timeout.
    other = sqlite3.connect(tmp_path / "writers.db", isolation_level=None, check_same_thread=False)
    held = threading.Event()

    def other_process() -> None:
        other.execute("BEGIN IMMEDIATE")
        other.execute("INSERT INTO entry VALUES (0, 0)")
        held.set()
        time.sleep(0.3)
        other.execute("COMMIT")

    try:
        with ThreadPoolExecutor(1) as pool:
            holding = pool.submit(other_process)
            assert held.wait(10)
            _write(database, 1, 1)
            holding.result()
    finally:
        other.close()
    assert _count(database.engine) == 2


def test_a_writer_that_has_waited_its_patience_is_handed_the_gate() -> None:
    gate = WriteGate(patience=0.0)
    first, waiter, newcomer = object(), object(), object()
    assert gate.acquire(first, timeout=0)
    assert not gate.acquire(newcomer, timeout=0)  # taken: the newcomer gives up at once
    passed = threading.Event()
    thread = threading.Thread(target=lambda: gate.acquire(waiter, timeout=10) and passed.set())
    thread.start()
    while gate.waiting == 0:
        time.sleep(0.001)
    gate.release(newcomer)  # not the holder's: nothing happens
    assert gate.holder is first
    gate.release(first)
    # Handed over at the release, before the waiting thread even runs: no one overtakes it.
    assert gate.holder is waiter
    assert not gate.acquire(newcomer, timeout=0)
    thread.join(10)
    assert passed.is_set()
    gate.release(waiter)
    assert gate.holder is None and gate.acquire(newcomer, timeout=0)
