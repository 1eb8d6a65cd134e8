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

import hashlib
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, NamedTuple

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from opentamp.config import get_settings
from opentamp.core.market_day import MARKET_DATE_KEY, parse_market_date
from opentamp.core.tokens import ACTIVE_ONLY, hash_token
from opentamp.db import MARKET_DATE_INFO, OWNED_ACCOUNTS_INFO, WORLD_SCOPES
from opentamp.errors import InvalidToken
from opentamp.kit.clock import now
from opentamp.models.accounts import FinancialAccount
from opentamp.models.auth import AuthToken, BrokerUser
from opentamp.models.platform import AppState
from opentamp.models.versions import DataVersion

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
    #: The owner as a detached row (its columns but the timestamps), for a read that runs.
    user: BrokerUser

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
    if (
        row is None
        or row.revoked_at is not None
        or row.expires_at <= now()
        or row.status not in ACTIVE_ONLY
    ):
        raise InvalidToken()
    if not session.new and not session.dirty and not session.deleted:
        session.info[MARKET_DATE_INFO] = (parse_market_date(row.market_date),)
        if financial_account_id is not None and row.owned_account_id is not None:
            session.info[OWNED_ACCOUNTS_INFO] = {
                financial_account_id: OwnedAccount(
                    financial_account_id, row.broker_user_id, row.owned_account_id
                )
            }
    user = BrokerUser(
        id=row.broker_user_id,
        broker_id=row.broker_id,
        phone=row.phone,
        nickname=row.nickname,
        status=row.status,
    )
    return Owner(row.broker_user_id, digest, row.user_version, row.world_version, user)


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

        self._errors: tuple[type[BaseException], ...] = (redis.RedisError, OSError)
        self._redis = redis.Redis.from_url(
            url,
            socket_timeout=self.TIMEOUT_SECONDS,
            socket_connect_timeout=self.TIMEOUT_SECONDS,
        )

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
