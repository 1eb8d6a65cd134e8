"""Engine, sessions and the declarative base.

One owner of the transaction (STYLE): the request dependency (`deps.get_session`) or the
job/CLI wrapper (`transaction()`) commits; services only ``flush()``.

SQLite is the embedded default. Its writers are serialised with ``BEGIN IMMEDIATE`` so that
two concurrent writes queue on the database lock instead of failing when a read transaction
tries to become a write one; readers never block in WAL mode. Within a process the writers
queue first, in arrival order, at a gate (:class:`WriteGate`) in front of ``BEGIN IMMEDIATE``:
SQLite's own busy handler polls a taken lock with sleeps of up to 100 ms, so under load a
writer could lose every poll to writers that came after it and fail with "database is
locked" while the others went on. Other processes (the CLI, a worker) still wait on the
database lock by the busy timeout. PostgreSQL runs at READ COMMITTED with its own row locks.
"""

from __future__ import annotations

import random
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    DateTime,
    Engine,
    Integer,
    MetaData,
    create_engine,
    event,
    text,
)
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import DeclarativeBase, ORMExecuteState, Session, UOWTransaction, sessionmaker
from sqlalchemy.sql.elements import TextClause
from sqlalchemy.types import TypeDecorator

from opentamp.config import get_settings
from opentamp.kit.clock import BEIJING
from opentamp.kit.money import SQLITE_MULDIV, sqlite_muldiv

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


SQLITE_BUSY_TIMEOUT_MS = 30_000
#: ``sqlite_begin`` modes that take the database's write lock at ``BEGIN``.
_WRITE_BEGINS = frozenset({"IMMEDIATE", "EXCLUSIVE"})


class WriteGate:
    """The writers of one process in front of SQLite's ``BEGIN IMMEDIATE``
    (docs/scale.md#sqlite-writers): none waits for ever behind the others.

    A writer passes the gate before its ``BEGIN IMMEDIATE`` and gives it back once its
    ``COMMIT`` or ``ROLLBACK`` is done. A free gate is taken by whoever asks: the writer that
    is running takes it at once, which keeps the lock busy on a loaded machine (a strict queue
    leaves it idle while the next writer's thread waits to be scheduled). The writer that has
    waited longest is woken at each release to try too, and once it has waited ``patience``
    seconds the gate is handed to it directly, in arrival order, so that a writer waits about
    ``patience`` plus the queue before it at most, never until its busy timeout runs out. The
    holder is the DBAPI connection, not the thread: a request's transaction may begin on one
    worker thread and commit on another (``deps._end_in_thread``).
    """

    def __init__(self, *, patience: float) -> None:
        self.patience = patience
        self._mutex = threading.Lock()
        self._holder: object | None = None
        #: Waiting writers, longest first: (owner, its wake-up, when it began to wait).
        self._waiting: deque[tuple[object, threading.Event, float]] = deque()

    @property
    def holder(self) -> object | None:
        return self._holder

    @property
    def waiting(self) -> int:
        """How many writers wait."""
        return len(self._waiting)

    def acquire(self, owner: object, *, timeout: float) -> bool:
        """Wait (at most ``timeout`` seconds) for the gate; True once ``owner`` holds it."""
        began = time.monotonic()
        with self._mutex:
            if self._holder is None:
                self._holder = owner
                return True
            entry = (owner, threading.Event(), began)
            self._waiting.append(entry)
        turn = entry[1]
        while True:
            woken = turn.wait(max(0.0, began + timeout - time.monotonic()))
            with self._mutex:
                if self._holder is owner:  # handed over
                    return True
                if woken and self._holder is None:  # free: taken before anyone else does
                    self._waiting.remove(entry)
                    self._holder = owner
                    return True
                if not woken:
                    self._waiting.remove(entry)
                    if self._holder is None and self._waiting:
                        self._waiting[0][1].set()  # the wake-up this writer may have missed
                    return False
                turn.clear()  # another writer took it first: wait for the next release

    def release(self, owner: object) -> None:
        """Give the gate back if ``owner`` holds it (else nothing): to the longest waiting
        writer if it has waited ``patience``, else to whoever asks first, that writer woken."""
        with self._mutex:
            if self._holder is not owner:
                return
            self._holder = None
            if not self._waiting:
                return
            first, turn, began = self._waiting[0]
            if time.monotonic() - began >= self.patience:
                self._waiting.popleft()
                self._holder = first
            turn.set()


def _dbapi(conn: Any) -> sqlite3.Connection | None:
    """The DBAPI connection under a SQLAlchemy connection; None once it is invalidated."""
    try:
        dbapi_connection: sqlite3.Connection = conn.connection.dbapi_connection
    except Exception:
        return None
    return dbapi_connection


def _configure_sqlite(engine: Engine) -> None:
    # A writer that has waited a tenth of the busy timeout is served in arrival order.
    gate = WriteGate(patience=SQLITE_BUSY_TIMEOUT_MS / 10_000)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy, not pysqlite, decide when a transaction begins (and how).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()
        # Exact products of money beyond 64-bit integers (kit/money.py, SqlMoney.muldiv).
        dbapi_connection.create_function(SQLITE_MULDIV, -1, sqlite_muldiv, deterministic=True)

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        mode = conn.get_execution_options().get("sqlite_begin", "DEFERRED")
        if mode not in _WRITE_BEGINS:
            conn.exec_driver_sql(f"BEGIN {mode}")
            return
        owner = _dbapi(conn)
        assert owner is not None  # a transaction begins on a valid connection
        # The gate waits as long as the busy timeout would; then BEGIN waits, by the busy
        # timeout, only for a writer of another process.
        if not gate.acquire(owner, timeout=SQLITE_BUSY_TIMEOUT_MS / 1000):
            raise OperationalError(
                f"BEGIN {mode}", None, sqlite3.OperationalError("database is locked")
            )
        try:
            conn.exec_driver_sql(f"BEGIN {mode}")
        except BaseException:
            gate.release(owner)
            raise

    # The gate is given back after the transaction's end, not before it: SQLAlchemy's commit
    # and rollback events run before its own COMMIT or ROLLBACK, so these end the transaction
    # themselves (the DBAPI's own call after them then finds none and does nothing). A COMMIT
    # that fails keeps the gate and the transaction: SQLAlchemy's own call fails the same way
    # and reports it, and the rollback that follows gives the gate back.
    @event.listens_for(engine, "commit")
    def _on_commit(conn: Any) -> None:
        owner = _dbapi(conn)
        if owner is None or gate.holder is not owner:
            return
        try:
            owner.commit()
        except sqlite3.Error:
            return
        gate.release(owner)

    @event.listens_for(engine, "rollback")
    def _on_rollback(conn: Any) -> None:
        owner = _dbapi(conn)
        if owner is None or gate.holder is not owner:
            return
        try:
            owner.rollback()
        except sqlite3.Error:
            pass
        finally:
            gate.release(owner)

    # A connection given back to the pool (its reset rolled back), invalidated or closed holds
    # no transaction any more.
    @event.listens_for(engine, "checkin")
    def _on_checkin(dbapi_connection: Any, _record: Any) -> None:
        if dbapi_connection is not None:
            gate.release(dbapi_connection)

    @event.listens_for(engine, "invalidate")
    def _on_invalidate(dbapi_connection: Any, _record: Any, _exception: Any) -> None:
        if dbapi_connection is not None:
            gate.release(dbapi_connection)

    @event.listens_for(engine, "close")
    def _on_close(dbapi_connection: Any, _record: Any) -> None:
        gate.release(dbapi_connection)


def _plain_savepoints(engine: Engine) -> Engine:
    """``SAVEPOINT``, ``RELEASE SAVEPOINT`` and ``ROLLBACK TO SAVEPOINT`` sent as the driver's
    SQL: SQLAlchemy's own make a clause object each time, with its cache key and compilation,
    which cost a purchase (one savepoint, ``core.idempotency`` then) as much as one of its queries
    (docs/scale.md#the-purchases-own-cost-the-hash-the-reads-by-key-the-savepoint). The names
    are SQLAlchemy's (``sa_savepoint_N``)."""
    dialect = engine.dialect

    def do_savepoint(connection: Any, name: str) -> None:
        connection.exec_driver_sql(f"SAVEPOINT {name}")

    def do_release_savepoint(connection: Any, name: str) -> None:
        connection.exec_driver_sql(f"RELEASE SAVEPOINT {name}")

    def do_rollback_to_savepoint(connection: Any, name: str) -> None:
        connection.exec_driver_sql(f"ROLLBACK TO SAVEPOINT {name}")

    dialect.do_savepoint = do_savepoint  # type: ignore[method-assign]
    dialect.do_release_savepoint = do_release_savepoint  # type: ignore[method-assign]
    dialect.do_rollback_to_savepoint = do_rollback_to_savepoint  # type: ignore[method-assign]
    return engine


def make_engine(url: str, *, echo: bool = False, pool_size: int = 20) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(
            url,
            echo=echo,
            connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_TIMEOUT_MS / 1000},
            pool_size=pool_size,
            max_overflow=pool_size,
        )
        _configure_sqlite(engine)
        return _plain_savepoints(engine)
    # No pre-ping (a round trip before every request's first statement): a connection the
    # server closed is replaced when its first statement fails (SQLAlchemy invalidates the
    # pool on a disconnect; ``deps.owner_answer`` and ``core.answers.PgTokenReader`` ask their
    # read once more), and connections are renewed after ``POOL_RECYCLE_SECONDS`` before an
    # idle timeout can cut them.
    return _plain_savepoints(
        create_engine(
            url,
            echo=echo,
            pool_size=pool_size,
            max_overflow=pool_size,
            pool_recycle=POOL_RECYCLE_SECONDS,
            pool_use_lifo=True,
        )
    )


#: A pooled PostgreSQL connection's age at which it is closed and replaced.
POOL_RECYCLE_SECONDS = 1800
#: ``Session.info`` mark of a read-only session (``Database.read_session``): it must not write.
READ_ONLY = "read_only"


#: The scope of writes tied to no single user: the world's version is the sum of
#: ``WORLD_SHARDS`` rows, scope ids ``WORLD_SCOPE`` down to ``WORLD_SCOPE - WORLD_SHARDS + 1``
#: (no user has an id of 0 or below). A commit bumps one of them, chosen at random (among the
#: first ``db.world_shards``: all of them unless a benchmark says otherwise), so concurrent
#: commits that wrote no user's rows do not queue on one row lock; the sum, read in one
#: statement, still grows with every such commit.
WORLD_SCOPE = 0
WORLD_SHARDS = 8
#: The world's shards' scope ids, lowest first.
WORLD_SCOPES = range(WORLD_SCOPE - WORLD_SHARDS + 1, WORLD_SCOPE + 1)
#: The brokers' and teams' own version, bumped by triggers of the database on every write of
#: those tables, whoever makes it (SQL text too): SQLite's, migration ``broker_version``; on
#: PostgreSQL the triggers notify instead (core/broker_watch.py). Below the world's shards.
BROKERS_SCOPE = WORLD_SCOPE - WORLD_SHARDS


class Database:
    """The process's engine, created on first use from the settings (tests swap it)."""

    def __init__(self) -> None:
        self._engine: Engine | None = None
        self._write_engine: Engine | None = None
        self._replica_engine: Engine | None = None
        self._read_engine: Engine | None = None
        self._lock = threading.Lock()
        self.session_factory = sessionmaker(expire_on_commit=False, autoflush=True)
        #: How many of the world's version rows commits spread their bumps over (the highest
        #: scope ids of ``WORLD_SCOPES``); see :meth:`use_world_shards`.
        self.world_shards = WORLD_SHARDS

    def use_world_shards(self, shards: int) -> None:
        """Spread the world's bumps over ``shards`` rows (1 … ``WORLD_SHARDS``): scope ids 0
        down to ``1 - shards``. Readers sum every row of ``WORLD_SCOPES``, so any count is
        correct; 1 is the single row the world's version was before it was sharded (the
        benchmark ``bench.versions`` compares the two)."""
        if not 1 <= shards <= WORLD_SHARDS:
            raise ValueError(f"world shards must be 1 … {WORLD_SHARDS}, not {shards}")
        self.world_shards = shards

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            with self._lock:
                if self._engine is None:
                    settings = get_settings()
                    self.use(
                        make_engine(
                            settings.database_url,
                            echo=settings.db_echo,
                            pool_size=settings.db_pool_size,
                        )
                    )
        assert self._engine is not None
        return self._engine

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def use(self, engine: Engine) -> None:
        self._engine = engine
        self._write_engine = (
            engine.execution_options(sqlite_begin="IMMEDIATE")
            if engine.dialect.name == "sqlite"
            else engine
        )
        self._read_engine = None

    def dispose(self) -> None:
        for engine in (self._engine, self._replica_engine):
            if engine is not None:
                engine.dispose()
        self._engine = self._write_engine = self._replica_engine = self._read_engine = None

    def session(self, *, write: bool = False) -> Session:
        engine = self.engine
        return self.session_factory(bind=self._write_engine if write else engine)

    def read_session(self) -> Session:
        """A session that only reads (the hot reads, ``deps.get_read_session``). On PostgreSQL
        its statements run in autocommit, each its own transaction: at READ COMMITTED every
        statement sees its own snapshot anyway, so this only drops the ``BEGIN`` and
        ``COMMIT`` round trips. A write through it is refused (``ReadOnlySession``)."""
        engine = self.engine
        if self._read_engine is None:
            self._read_engine = (
                engine
                if engine.dialect.name == "sqlite"
                else engine.execution_options(isolation_level="AUTOCOMMIT")
            )
        session = self.session_factory(bind=self._read_engine)
        session.info[READ_ONLY] = True
        return session

    def replica_session(self) -> Session:
        """A read-only session on the streaming replica when ``read_database_url`` is set
        (docs/scale.md#read-replica), else an ordinary read session."""
        settings = get_settings()
        if not settings.read_database_url:
            return self.read_session()
        if self._replica_engine is None:
            with self._lock:
                if self._replica_engine is None:
                    self._replica_engine = make_engine(
                        settings.read_database_url,
                        echo=settings.db_echo,
                        pool_size=settings.db_pool_size,
                    )
        session = self.session_factory(bind=self._replica_engine)
        session.info[READ_ONLY] = True
        return session


db = Database()


@contextmanager
def transaction(*, write: bool = True) -> Iterator[Session]:
    """A unit of work for jobs and the CLI: commit on success, roll back on any error."""
    session = db.session(write=write)
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()


# -- data versions (docs/scale.md#answer-cache) ---------------------------------------------
#
# Every commit that wrote bumps, in the same transaction, the version of each user whose rows
# it wrote and of the users who made the request (``note_caller``), and the world's version
# (one of its shards, ``WORLD_SCOPES``) when it wrote anything not tied to one user: a row without a
# ``broker_user_id``, or a statement (an INSERT/UPDATE/DELETE, or any SQL text) whose rows the
# session cannot see. Listening on every Session, here at the bottom floor, no feature, job or
# command can write without a bump. Users' rows are bumped in id order and the world's (one of
# its shards) last, so concurrent commits take these row locks in one order. A rolled-back
# write leaves its marks: a later commit of the same session bumps once more, which is only a
# cache miss.

_WROTE = "data_version.wrote"
_USERS = "data_version.users"
_WORLD = "data_version.world"
_CALLERS = "data_version.callers"
#: The market date a read learnt with its token (core.answers), as a 1-tuple; forgotten once
#: the session writes or its transaction ends, as it may then be behind.
MARKET_DATE_INFO = "data_version.market_date"
#: The financial account a read's token query found to be the owner's (core.answers), as
#: ``{id: (id, broker_user_id, account_id)}``; forgotten as the market date is.
OWNED_ACCOUNTS_INFO = "data_version.owned_accounts"
#: The world's version as the transaction read it for catalogue rows (core.catalogue);
#: forgotten when the transaction ends or writes anything tied to no user.
CATALOGUE_VERSION_INFO = "data_version.catalogue"
#: SQL text that reads (or sets a session parameter) and so bumps nothing.
_READS = ("SELECT", "SET ", "SHOW", "EXPLAIN", "ANALYZE")
_BUMP = text(
    "INSERT INTO data_version (scope_id, version) VALUES (:scope, 1) "
    "ON CONFLICT (scope_id) DO UPDATE SET version = data_version.version + 1"
)


def wrote_world(session: Session) -> bool:
    """Whether the session's transaction wrote something tied to no user, which its commit
    will bump the world's version for (until then the world's version does not show it)."""
    return bool(session.info.get(_WORLD))


def note_caller(session: Session, user_id: int) -> None:
    """``user_id`` made the session's request: a commit that writes bumps their version."""
    session.info.setdefault(_CALLERS, set()).add(user_id)


class ReadOnlySession(RuntimeError):
    """A write through a session opened to read only (``Database.read_session``)."""


@event.listens_for(Session, "before_flush")
def _refuse_read_only(session: Session, _context: UOWTransaction, _objects: Any) -> None:
    if session.info.get(READ_ONLY) and (session.new or session.dirty or session.deleted):
        raise ReadOnlySession("a read-only session would flush changes")


def note_user_rows(session: Session, user_id: int) -> None:
    """The session's transaction wrote rows of ``user_id``: its commit bumps their version.
    What a flush notes of each row it writes (``_note_flushed``); a caller that writes a user's
    row by a Core statement on the session's connection, which no event of the session sees,
    says so here (``core.idempotency.run_once``)."""
    _wrote(session.info).add(user_id)


def _wrote(info: dict[Any, Any]) -> set[int]:
    """Note in a session's ``info`` that its transaction wrote; the users whose rows it wrote."""
    info[_WROTE] = True
    info.pop(MARKET_DATE_INFO, None)
    info.pop(OWNED_ACCOUNTS_INFO, None)
    users: set[int] = info.setdefault(_USERS, set())
    return users


@event.listens_for(Session, "after_flush")
def _note_flushed(session: Session, _context: UOWTransaction) -> None:
    changed = [*session.new, *session.dirty, *session.deleted]
    if not changed:
        return
    info = session.info
    users = _wrote(info)
    for obj in changed:
        owner = getattr(obj, "broker_user_id", None)
        if owner is None and getattr(obj, "__tablename__", None) == "broker_user":
            owner = getattr(obj, "id", None)
        if isinstance(owner, int):
            users.add(owner)
        else:
            info[_WORLD] = True
            info.pop(CATALOGUE_VERSION_INFO, None)


@event.listens_for(Session, "do_orm_execute")
def _note_statement(state: ORMExecuteState) -> None:
    if state.is_select:
        return
    statement = state.statement
    if isinstance(statement, TextClause) and statement.text.lstrip().upper().startswith(_READS):
        return
    if state.session.info.get(READ_ONLY):
        raise ReadOnlySession("a read-only session ran a writing statement")
    state.session.info.pop(MARKET_DATE_INFO, None)
    state.session.info.pop(OWNED_ACCOUNTS_INFO, None)
    state.session.info[_WROTE] = True
    state.session.info[_WORLD] = True
    state.session.info.pop(CATALOGUE_VERSION_INFO, None)


@event.listens_for(Session, "after_commit")
@event.listens_for(Session, "after_rollback")
def _forget_world_read(session: Session) -> None:
    session.info.pop(MARKET_DATE_INFO, None)
    session.info.pop(OWNED_ACCOUNTS_INFO, None)
    session.info.pop(CATALOGUE_VERSION_INFO, None)


@event.listens_for(Session, "before_commit")
def _bump_versions(session: Session) -> None:
    if session.in_nested_transaction():
        # a savepoint's release: the transaction's own commit bumps, once, at its end. Bumped
        # here, the version rows stayed locked from the savepoint to the commit, and every
        # purchase of a user (the idempotency row's savepoint came first then) queued behind
        # the whole of the one before (docs/scale.md#profiles).
        return
    session.flush()
    info = session.info
    if not info.pop(_WROTE, False):
        return
    users = info.pop(_USERS, set()) | info.get(_CALLERS, set())
    world = info.pop(_WORLD, False)
    connection = session.connection()
    for scope in sorted(users):
        connection.execute(_BUMP, {"scope": scope})
    if world:
        connection.execute(_BUMP, {"scope": WORLD_SCOPE - random.randrange(db.world_shards)})


# -- column types shared by every model ------------------------------------------------------

#: Primary keys: BIGINT on PostgreSQL, INTEGER (the rowid, autoincrementing) on SQLite.
BigId = BigInteger().with_variant(Integer(), "sqlite")


class AwareDateTime(TypeDecorator[datetime]):
    """A moment in time: timestamptz on PostgreSQL, UTC text on SQLite; read back as Beijing."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime: use opentamp.kit.clock.now() or as_beijing()")
        if dialect.name == "sqlite":
            return value.astimezone(UTC).replace(tzinfo=None)
        return value

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value.astimezone(BEIJING)
