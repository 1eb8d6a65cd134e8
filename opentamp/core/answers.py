"""The versioned answer cache of signed-in reads (docs/scale.md#answer-cache).

A hot signed-in read (``deps.owner_answer``) reads, in the one query that checks its token,
the owner's data version and the world's (``opentamp.db`` bumps them in every commit that
writes). Its answer is remembered under (token, the two versions, the Beijing date, the call
with its parameters): any write of the owner's data, any settlement day and any write tied to
no one user makes a new pair of versions, so a remembered answer is never served once the data
under it changed, and the next read after a write computes afresh. The key holds the token's
hash, not only the user: answers are never shared between tokens, so one revoked or expired is
refused by the same query before anything remembered is looked at.

The store is an in-process LRU (bounded by entries); each process keeps its own.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from opentamp.core.market_day import MARKET_DATE_KEY, parse_market_date
from opentamp.core.tokens import ACTIVE_ONLY, hash_token
from opentamp.db import MARKET_DATE_INFO, WORLD_SCOPE
from opentamp.errors import InvalidToken
from opentamp.kit.clock import now
from opentamp.models.auth import AuthToken, BrokerUser
from opentamp.models.platform import AppState
from opentamp.models.versions import DataVersion

_world = select(DataVersion.version).where(DataVersion.scope_id == WORLD_SCOPE).scalar_subquery()
_market = select(AppState.value).where(AppState.key == MARKET_DATE_KEY).scalar_subquery()
#: Token, owner, versions and the market date in one Core query (no ORM object is built).
_OWNER_AND_VERSIONS = (
    select(
        AuthToken.broker_user_id,
        AuthToken.expires_at,
        AuthToken.revoked_at,
        BrokerUser.broker_id,
        BrokerUser.phone,
        BrokerUser.nickname,
        BrokerUser.status,
        func.coalesce(DataVersion.version, 0).label("user_version"),
        func.coalesce(_world, 0).label("world_version"),
        _market.label("market_date"),
    )
    .join(BrokerUser, BrokerUser.id == AuthToken.broker_user_id)
    .outerjoin(DataVersion, DataVersion.scope_id == AuthToken.broker_user_id)
    .where(AuthToken.token_hash == bindparam("token_hash"))
)


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


def owner_of(session: Session, raw: str | None) -> Owner:
    """The live token's owner (an active user) and the data versions; 401 otherwise, exactly
    as ``tokens.user_for_token``."""
    if not raw:
        raise InvalidToken()
    digest = hash_token(raw)
    row = session.execute(_OWNER_AND_VERSIONS, {"token_hash": digest}).first()
    if (
        row is None
        or row.revoked_at is not None
        or row.expires_at <= now()
        or row.status not in ACTIVE_ONLY
    ):
        raise InvalidToken()
    if not session.new and not session.dirty and not session.deleted:
        session.info[MARKET_DATE_INFO] = (parse_market_date(row.market_date),)
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


answers = AnswerCache()
