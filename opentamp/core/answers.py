"""The versioned answer cache of signed-in reads (docs/scale.md#answer-cache).

A hot signed-in read (``deps.owner_answer``) reads, in the one query that checks its token,
the owner's data version and the world's (``opentamp.db`` bumps them in every commit that
writes). Its answer is remembered under (token, the two versions, the Beijing date, the call
with its parameters): any write of the owner's data, any settlement day and any write tied to
no one user makes a new pair of versions, so a remembered answer is never served once the data
under it changed, and the next read after a write computes afresh. The key holds the token's
hash, not only the user: answers are never shared between tokens, so one revoked or expired is
refused by the same query before anything remembered is looked at.

The store is Redis when ``Settings.redis_url`` is set, shared by every process and replica
(what one computed, the others serve); otherwise an in-process LRU (bounded by entries) that
each process keeps for itself. A Redis key lives a day at most, only to give the memory back:
freshness is the versions' business, never time's. An unreachable Redis is a miss, never an
error: the read is computed as without a cache.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import sqlite3
import threading
import time
from collections import OrderedDict, deque, namedtuple
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

from sqlalchemy import Engine, bindparam, func, select
from sqlalchemy.orm import Session

from opentamp.config import get_settings
from opentamp.core.market_day import MARKET_DATE_KEY, parse_market_date
from opentamp.core.tokens import ACTIVE_ONLY, hash_token
from opentamp.db import (
    MARKET_DATE_INFO,
    OWNED_ACCOUNTS_INFO,
    POOL_RECYCLE_SECONDS,
    WORLD_SCOPES,
    db,
)
from opentamp.errors import InvalidToken
from opentamp.kit.clock import now
from opentamp.models.accounts import FinancialAccount
from opentamp.models.auth import AuthToken, BrokerUser
from opentamp.models.platform import AppState
from opentamp.models.versions import DataVersion

if TYPE_CHECKING:
    import psycopg

logger = logging.getLogger(__name__)

#: The world's version: the sum of its shards (``db.WORLD_SCOPES``).
WORLD_VERSION = (
    select(func.coalesce(func.sum(DataVersion.version), 0))
    .where(DataVersion.scope_id.between(WORLD_SCOPES.start, WORLD_SCOPES.stop - 1))
    .scalar_subquery()
)
_market = select(AppState.value).where(AppState.key == MARKET_DATE_KEY).scalar_subquery()
_COLUMNS = (
    AuthToken.broker_user_id,
    AuthToken.expires_at,
    AuthToken.revoked_at,
    BrokerUser.broker_id,
    BrokerUser.phone,
    BrokerUser.nickname,
    BrokerUser.status,
    func.coalesce(DataVersion.version, 0).label("user_version"),
    WORLD_VERSION.label("world_version"),
    _market.label("market_date"),
)
#: The financial account a request names, when it is the token owner's (else null).
_OWNED_ACCOUNT = (
    select(FinancialAccount.account_id)
    .where(
        FinancialAccount.id == bindparam("financial_account_id"),
        FinancialAccount.broker_user_id == AuthToken.broker_user_id,
    )
    .scalar_subquery()
)


def _owner_query(*columns: Any) -> Any:
    return (
        select(*_COLUMNS, *columns)
        .join(BrokerUser, BrokerUser.id == AuthToken.broker_user_id)
        .outerjoin(DataVersion, DataVersion.scope_id == AuthToken.broker_user_id)
        .where(AuthToken.token_hash == bindparam("token_hash"))
    )


#: Token, owner, versions and the market date in one Core query (no ORM object is built).
_OWNER_AND_VERSIONS = _owner_query()
#: The same, and whether the financial account the request names is the owner's.
_OWNER_VERSIONS_AND_ACCOUNT = _owner_query(_OWNED_ACCOUNT.label("owned_account_id"))


class OwnedAccount(NamedTuple):
    """A financial account found to be the token owner's (as ``financial_account_owner``)."""

    id: int
    broker_user_id: int
    account_id: int


@dataclass(frozen=True)
class Owner:
    user_id: int
    token_hash: str
    user_version: int
    world_version: int
    #: The token query's row.
    row: Any = field(compare=False, repr=False)

    @cached_property
    def user(self) -> BrokerUser:
        """The owner as a detached row (its columns but the timestamps), for a read that runs
        (built only then: a remembered answer needs none)."""
        row = self.row
        return BrokerUser(
            id=row.broker_user_id,
            broker_id=row.broker_id,
            phone=row.phone,
            nickname=row.nickname,
            status=row.status,
        )

    def key(self, call: str) -> tuple[Any, ...]:
        return (self.token_hash, self.user_version, self.world_version, now().date(), call)


def owner_of(
    session: Session, raw: str | None, *, financial_account_id: int | None = None
) -> Owner:
    """The live token's owner (an active user) and the data versions; 401 otherwise, exactly
    as ``tokens.user_for_token``. With ``financial_account_id`` the same query learns whether
    that account is the owner's, kept in the session for the read
    (``db.OWNED_ACCOUNTS_INFO``, asked by ``assets.grouping.accounts_in_scope``)."""
    if not raw:
        raise InvalidToken()
    digest = hash_token(raw)
    if financial_account_id is None:
        row = session.execute(_OWNER_AND_VERSIONS, {"token_hash": digest}).first()
    else:
        row = session.execute(
            _OWNER_VERSIONS_AND_ACCOUNT,
            {"token_hash": digest, "financial_account_id": financial_account_id},
        ).first()
    return owner_from_row(row, digest, session=session, financial_account_id=financial_account_id)


def owner_from_row(
    row: Any,
    digest: str,
    *,
    session: Session | None = None,
    financial_account_id: int | None = None,
) -> Owner:
    """The owner of the token query's ``row`` (``None``: no such token); 401 unless the token
    is live and its owner active. With ``session``, what the row says of the market date and
    of the financial account is kept in it for the read (``owner_of``)."""
    if (
        row is None
        or row.revoked_at is not None
        or row.expires_at <= now()
        or row.status not in ACTIVE_ONLY
    ):
        raise InvalidToken()
    if session is not None and not session.new and not session.dirty and not session.deleted:
        session.info[MARKET_DATE_INFO] = (parse_market_date(row.market_date),)
        if financial_account_id is not None and row.owned_account_id is not None:
            session.info[OWNED_ACCOUNTS_INFO] = {
                financial_account_id: OwnedAccount(
                    financial_account_id, row.broker_user_id, row.owned_account_id
                )
            }
    # ints whatever the driver gives (PostgreSQL's sum of BIGINTs is a numeric): the key's
    # digest in Redis is of its text
    return Owner(row.broker_user_id, digest, int(row.user_version), int(row.world_version), row)


# -- the token query without SQLAlchemy, for a remembered answer ---------------------------
#
# ``deps.RememberedRoute`` answers a remembered read before FastAPI solves the route: the same
# query as ``owner_of`` (compiled once by SQLAlchemy for the database's dialect), run by the
# driver itself. On PostgreSQL it runs on the event loop with psycopg's async connection, so
# the loop serves other requests while the server answers (no worker thread, no SQLAlchemy
# execution), as a prepared statement. On SQLite it runs on the event loop with a connection
# of the loop's thread (sqlite3 keeps the statement prepared): a local read of a few indexed
# rows costs less than the hop to a worker thread would.


class TokenReaderUnavailable(Exception):
    """The fast token query could not be asked (the database busy, say): the route's own path
    answers instead."""


def compiled(engine: Engine, statement: Any) -> tuple[str, dict[str, Any], tuple[str, ...]]:
    """A statement as the driver runs it: its SQL for the engine's dialect, its parameters'
    defaults and their order (for a driver of positional parameters)."""
    done = statement.compile(dialect=engine.dialect)
    return str(done), dict(done.params), tuple(done.positiontup or ())


class _LoopConnections:
    """The idle connections of one event loop, and how many may be lent at once."""

    def __init__(self, loop: asyncio.AbstractEventLoop, size: int) -> None:
        self.loop = loop
        self.idle: deque[tuple[float, psycopg.AsyncConnection[Any]]] = deque()
        self.lendable = asyncio.Semaphore(size)


class _OfLoop(Protocol):
    loop: asyncio.AbstractEventLoop


OfLoop = TypeVar("OfLoop", bound=_OfLoop)


def of_running_loop(
    states: dict[int, OfLoop],
    make: Callable[[asyncio.AbstractEventLoop], OfLoop],
    let_go: Callable[[OfLoop], None],
) -> OfLoop:
    """The running event loop's own state in ``states`` (its connections), made at its first
    use; the states of loops closed since (a test client's) are let go."""
    loop = asyncio.get_running_loop()
    mine = states.get(id(loop))
    if mine is None or mine.loop is not loop:
        for key, other in list(states.items()):
            if other.loop.is_closed():
                let_go(other)
                del states[key]
        mine = states[id(loop)] = make(loop)
    return mine


def _let_go_idle(closed: _LoopConnections) -> None:
    for _, conn in closed.idle:
        conn.pgconn.finish()


class PgTokenReader:
    """The token query on PostgreSQL with psycopg's async connections, a few per event loop,
    in autocommit (one round trip, no ``BEGIN``/``COMMIT``), the statement prepared on each
    connection. A connection the server closed is replaced, and the query asked once more, as
    ``deps.owner_answer`` does; connections are renewed after ``POOL_RECYCLE_SECONDS``."""

    #: Connections lent at once per event loop (a request beyond waits for one).
    SIZE = 8

    def __init__(self, engine: Engine) -> None:
        # psycopg is imported here, on PostgreSQL only: on SQLite it would be some MiBs of
        # every process's memory (docs/scale.md#memory).
        import psycopg
        from psycopg.rows import namedtuple_row

        cargs, cparams = engine.dialect.create_connect_args(engine.url)
        cparams.pop("context", None)  # SQLAlchemy's own adapters: the driver's types here
        self._cargs, self._cparams = cargs, cparams
        self._connect = psycopg.AsyncConnection.connect
        self._row_factory = namedtuple_row
        self._closed_by_server = psycopg.OperationalError
        self._queries = {
            False: compiled(engine, _OWNER_AND_VERSIONS)[:2],
            True: compiled(engine, _OWNER_VERSIONS_AND_ACCOUNT)[:2],
        }
        self._loops: dict[int, _LoopConnections] = {}
        #: Queries asked (tests count them).
        self.asked = 0

    def _of_loop(self) -> _LoopConnections:
        return of_running_loop(
            self._loops, lambda loop: _LoopConnections(loop, self.SIZE), _let_go_idle
        )

    async def row(self, digest: str, financial_account_id: int | None) -> Any:
        sql, defaults = self._queries[financial_account_id is not None]
        params = {**defaults, "token_hash": digest, "financial_account_id": financial_account_id}
        mine = self._of_loop()
        async with mine.lendable:
            for attempt in (1, 2):
                born, conn = await self._take(mine)
                try:
                    self.asked += 1
                    cursor = await conn.execute(sql, params, prepare=True)
                    row = await cursor.fetchone()
                except self._closed_by_server:
                    # closed by the server: so may be the idle ones beside it
                    await conn.close()
                    while mine.idle:
                        await mine.idle.pop()[1].close()
                    if attempt == 2:
                        raise
                    continue
                except BaseException:
                    await conn.close()
                    raise
                mine.idle.append((born, conn))
                return row
        raise AssertionError("unreachable")  # pragma: no cover

    async def _take(self, mine: _LoopConnections) -> tuple[float, psycopg.AsyncConnection[Any]]:
        while mine.idle:
            born, conn = mine.idle.pop()  # the last used first, like the pool (LIFO)
            if time.monotonic() - born < POOL_RECYCLE_SECONDS and not conn.closed:
                return born, conn
            await conn.close()
        conn = await self._connect(
            *self._cargs, **self._cparams, autocommit=True, row_factory=self._row_factory
        )
        return time.monotonic(), conn


class SqliteTokenReader:
    """The token query on SQLite, on the caller's thread (the event loop's), with a connection
    of that thread in autocommit; sqlite3 keeps the statement prepared. A busy database (a
    moment's lock, rare under WAL) is not waited for on the loop: the route's own path
    answers instead."""

    #: Milliseconds the loop may wait for a lock before handing the read to the route.
    BUSY_MS = 50

    def __init__(self, engine: Engine) -> None:
        cargs, cparams = engine.dialect.create_connect_args(engine.url)
        self._cargs, self._cparams = cargs, cparams
        self._queries = {
            False: compiled(engine, _OWNER_AND_VERSIONS),
            True: compiled(engine, _OWNER_VERSIONS_AND_ACCOUNT),
        }
        #: Each column's result processor, as SQLAlchemy reads it (the models' types: moments
        #: stored as UTC text, the market date as JSON); the same for both queries' columns.
        self._processors = [
            column.type.dialect_impl(engine.dialect).result_processor(engine.dialect, None)
            for column in _OWNER_VERSIONS_AND_ACCOUNT.selected_columns
        ]
        self._local = threading.local()
        self.asked = 0

    def connection(self) -> sqlite3.Connection:
        """The connection of the caller's thread (the event loop's)."""
        conn: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if conn is None:
            database = str(self._cargs[0])
            conn = sqlite3.connect(database, isolation_level=None, check_same_thread=True)
            conn.execute(f"PRAGMA busy_timeout={self.BUSY_MS}")
            self._local.connection = conn
        return conn

    async def row(self, digest: str, financial_account_id: int | None) -> Any:
        sql, defaults, order = self._queries[financial_account_id is not None]
        params = {**defaults, "token_hash": digest, "financial_account_id": financial_account_id}
        self.asked += 1
        try:
            cursor = self.connection().execute(sql, tuple(params[name] for name in order))
            # all rows (the token's hash is unique: one at most), so that the statement ends
            # and with it the read's snapshot, which would hold back the WAL's checkpoints
            rows = cursor.fetchall()
            names = [d[0] for d in cursor.description]
        except sqlite3.OperationalError as exc:
            raise TokenReaderUnavailable() from exc
        if not rows:
            return None
        values = [
            value if process is None else process(value)
            for value, process in zip(rows[0], self._processors, strict=False)
        ]
        return _sqlite_row(names)(*values)


_row_types: dict[tuple[str, ...], Any] = {}


def _sqlite_row(names: list[str]) -> Any:
    key = tuple(names)
    kind = _row_types.get(key)
    if kind is None:
        kind = _row_types[key] = namedtuple("TokenRow", key)
    return kind


_readers: dict[int, tuple[Engine, PgTokenReader | SqliteTokenReader]] = {}


def token_reader() -> PgTokenReader | SqliteTokenReader:
    """The fast token query of the process's database (``db.engine``)."""
    engine = db.engine
    found = _readers.get(id(engine))
    if found is None or found[0] is not engine:
        reader = (
            SqliteTokenReader(engine) if engine.dialect.name == "sqlite" else PgTokenReader(engine)
        )
        found = _readers[id(engine)] = (engine, reader)
    return found[1]


class AnswerCache:
    """Serialized answers by key, least recently used dropped first."""

    def __init__(self, size: int = 2048) -> None:
        self.size = size
        self._data: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[Any, ...]) -> bytes | None:
        with self._lock:
            body = self._data.get(key)
            if body is not None:
                self._data.move_to_end(key)
            return body

    def put(self, key: tuple[Any, ...], body: bytes) -> None:
        with self._lock:
            self._data[key] = body
            self._data.move_to_end(key)
            while len(self._data) > self.size:
                self._data.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()


class RedisAnswers:
    """Serialized answers in Redis, under ``answer:`` and a digest of the key."""

    #: Seconds a remembered answer is kept (memory, not freshness: the key holds the versions).
    KEEP_SECONDS = 24 * 3600
    #: Seconds to wait for Redis before answering without it.
    TIMEOUT_SECONDS = 0.25

    def __init__(self, url: str) -> None:
        import redis

        self._url = url
        self._errors: tuple[type[BaseException], ...] = (redis.RedisError, OSError)
        self._redis = redis.Redis.from_url(
            url,
            socket_timeout=self.TIMEOUT_SECONDS,
            socket_connect_timeout=self.TIMEOUT_SECONDS,
        )
        #: An asyncio client per event loop, for ``get_async``.
        self._async: dict[int, tuple[asyncio.AbstractEventLoop, Any]] = {}

    @staticmethod
    def name(key: tuple[Any, ...]) -> str:
        return "answer:" + hashlib.sha256(repr(key).encode("utf-8")).hexdigest()

    def get(self, key: tuple[Any, ...]) -> bytes | None:
        try:
            body = self._redis.get(self.name(key))
        except self._errors:
            logger.warning("answer cache: Redis unreachable, reading without it", exc_info=True)
            return None
        return body if isinstance(body, bytes) else None

    async def get_async(self, key: tuple[Any, ...]) -> bytes | None:
        """``get`` on the event loop (``deps.remembered_answer``), with an asyncio client of
        the loop's own."""
        from redis import asyncio as aioredis

        loop = asyncio.get_running_loop()
        found = self._async.get(id(loop))
        if found is None or found[0] is not loop:
            for key_, (other, _) in list(self._async.items()):
                if other.is_closed():
                    del self._async[key_]
            client = aioredis.Redis.from_url(
                self._url,
                socket_timeout=self.TIMEOUT_SECONDS,
                socket_connect_timeout=self.TIMEOUT_SECONDS,
            )
            found = self._async[id(loop)] = (loop, client)
        try:
            body = await found[1].get(self.name(key))
        except self._errors:
            logger.warning("answer cache: Redis unreachable, reading without it", exc_info=True)
            return None
        return body if isinstance(body, bytes) else None

    def put(self, key: tuple[Any, ...], body: bytes) -> None:
        try:
            self._redis.set(self.name(key), body, ex=self.KEEP_SECONDS)
        except self._errors:
            logger.warning("answer cache: Redis unreachable, answer not kept", exc_info=True)

    def clear(self) -> None:
        """Forget this server's remembered answers (tests)."""
        try:
            names = list(self._redis.scan_iter(match="answer:*", count=1000))
            if names:
                self._redis.delete(*names)
        except self._errors:
            logger.warning("answer cache: Redis unreachable, nothing cleared", exc_info=True)


class Answers:
    """The process's answer store, chosen on first use from the settings (tests swap it)."""

    def __init__(self) -> None:
        self._store: AnswerCache | RedisAnswers | None = None
        self._lock = threading.Lock()

    @property
    def store(self) -> AnswerCache | RedisAnswers:
        if self._store is None:
            with self._lock:
                if self._store is None:
                    url = get_settings().redis_url
                    self._store = RedisAnswers(url) if url else AnswerCache()
        return self._store

    def use(self, store: AnswerCache | RedisAnswers | None) -> None:
        """Use ``store`` (None: choose again from the settings at the next use)."""
        self._store = store

    def get(self, key: tuple[Any, ...]) -> bytes | None:
        return self.store.get(key)

    def put(self, key: tuple[Any, ...], body: bytes) -> None:
        self.store.put(key, body)

    def clear(self) -> None:
        self.store.clear()


answers = Answers()
