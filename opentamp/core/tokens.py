"""Opaque bearer tokens (docs/architecture.md#transport): random, stored hashed, with expiry and
revocation."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Select, bindparam, inspect, select, update
from sqlalchemy.orm import Session, make_transient_to_detached

from opentamp.config import get_settings
from opentamp.db import note_caller
from opentamp.errors import InvalidToken
from opentamp.kit.clock import now
from opentamp.models.auth import AuthToken, BrokerUser


@dataclass(frozen=True)
class IssuedToken:
    access_token: str
    expires_in: int  # seconds


def hash_token(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


def issue_token(session: Session, *, user: BrokerUser, client: str = "h5") -> IssuedToken:
    ttl = get_settings().token_ttl_seconds
    raw = secrets.token_urlsafe(32)
    session.add(
        AuthToken(
            broker_user_id=user.id,
            token_hash=hash_token(raw),
            client=client,
            expires_at=now() + timedelta(seconds=ttl),
        )
    )
    session.flush()
    return IssuedToken(access_token=raw, expires_in=ttl)


ACTIVE_ONLY = frozenset({"active"})
#: Users admitted by reads a visitor (the retail visitor identity, docs/product.md#what-it-does) may
# make.
ACTIVE_OR_VISITOR = frozenset({"active", "visitor"})


#: ``Session.info`` key of the token owner another session of the request read
#: (:func:`hand_over_owner`): (token hash, detached user).
EARLIER_OWNER = "tokens.earlier_owner"

#: The look-up of every signed-in request, built once (only the hash changes).
_OWNER_OF_TOKEN = (
    select(BrokerUser, AuthToken.expires_at, AuthToken.revoked_at)
    .join(AuthToken, AuthToken.broker_user_id == BrokerUser.id)
    .where(AuthToken.token_hash == bindparam("token_hash"))
)


def user_for_token(
    session: Session, raw: str | None, *, admit: frozenset[str] = ACTIVE_ONLY
) -> BrokerUser:
    """The owner of a live token; otherwise 401 ``invalid_token`` (missing, unknown, expired or
    revoked alike, so a client cannot tell which). Only users whose status is in ``admit``
    pass: active users by default; product reads also admit visitors. An owner another
    session of the request read (:func:`hand_over_owner`) is not asked again."""
    if not raw:
        raise InvalidToken()
    digest = hash_token(raw)
    earlier = session.info.get(EARLIER_OWNER)
    if earlier is not None and earlier[0] == digest:
        user: BrokerUser = session.merge(earlier[1], load=False)
        if user.status not in admit:
            raise InvalidToken()
    else:
        user = live_owner(session.execute(_OWNER_OF_TOKEN, {"token_hash": digest}).first(), admit)
    note_caller(session, user.id)
    return user


def live_owner(row: Any, admit: frozenset[str] = ACTIVE_ONLY) -> BrokerUser:
    """The user of a row of the token look-up (or None: no such token) when the token
    is live and the user's status is in ``admit``; otherwise 401 ``invalid_token``."""
    if row is None or not _live(row, row[0].status, admit):
        raise InvalidToken()
    user: BrokerUser = row[0]
    return user


def _live(row: Any, status: str, admit: frozenset[str]) -> bool:
    """Whether the token of a look-up's ``row`` is live and its owner's ``status`` admitted."""
    return row.revoked_at is None and row.expires_at > now() and status in admit


#: The owner's columns (``BrokerUser``'s attributes bear their columns' names).
_USER_COLUMNS = tuple(BrokerUser.__table__.columns)
#: The same look-up as plain values, no ORM entity: the owner's columns, the token's expiry and
#: revocation (:func:`owner_columns_query`).
_OWNER_COLUMNS_OF_TOKEN = (
    select(*_USER_COLUMNS, AuthToken.expires_at, AuthToken.revoked_at)
    .join_from(BrokerUser, AuthToken, AuthToken.broker_user_id == BrokerUser.id)
    .where(AuthToken.token_hash == bindparam("token_hash"))
)


def owner_columns_query() -> Select[Any]:
    """The token look-up as plain values (the owner's columns by name, ``expires_at``,
    ``revoked_at``) by ``token_hash``, for a caller that runs it on a connection without an ORM
    session and joins more to it (``accounts.trade_password.compare_first``): a session and
    the hydration of its rows cost more than the statement
    (docs/scale.md#the-comparisons-look-up-and-the-fee-by-integers)."""
    return _OWNER_COLUMNS_OF_TOKEN


def live_owner_of_columns(row: Any, admit: frozenset[str] = ACTIVE_ONLY) -> BrokerUser:
    """:func:`live_owner` for a row of :func:`owner_columns_query`: the owner as a detached
    row that no session holds (its columns as read), for :func:`hand_over_owner`."""
    if row is None or not _live(row, row.status, admit):
        raise InvalidToken()
    user: BrokerUser = _NEW_USER()
    # The columns as the ORM's loading sets them on a new instance (its attributes' dict), the
    # owner's columns first in the row; then its identity, as a row a session let go.
    user.__dict__.update(zip(_USER_KEYS, row, strict=False))
    make_transient_to_detached(user)
    return user


_NEW_USER = inspect(BrokerUser).class_manager.new_instance
_USER_KEYS = tuple(column.key for column in _USER_COLUMNS)


def hand_over_owner(session: Session, raw: str, user: BrokerUser) -> None:
    """``user`` owns the live token ``raw``, as another session of the same request has just
    read (``accounts.trade_password.check_trade_password_first``): :func:`user_for_token` of
    this request's ``session`` takes it from there instead of asking the database again
    (docs/scale.md#transport-and-purchases). ``user`` is detached, its columns loaded."""
    session.info[EARLIER_OWNER] = (hash_token(raw), user)


def held_token(session: Session, raw: str) -> tuple[BrokerUser, datetime] | None:
    """The owner and end of a token that was issued and not revoked, live or expired (to give
    a returning visitor their identity back, store.h5_token); None otherwise."""
    row = session.execute(_OWNER_OF_TOKEN, {"token_hash": hash_token(raw)}).first()
    if row is None or row.revoked_at is not None:
        return None
    return row[0], row.expires_at


def revoke_token(session: Session, raw: str) -> None:
    session.execute(
        update(AuthToken)
        .where(AuthToken.token_hash == hash_token(raw), AuthToken.revoked_at.is_(None))
        .values(revoked_at=now())
    )
