"""Request dependencies, as ``Annotated`` aliases for route signatures."""

from __future__ import annotations

import threading
import time
from collections.abc import AsyncIterator, Iterator
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy.orm import Session

from opentamp.auth.tokens import ACTIVE_OR_VISITOR, user_for_token
from opentamp.db import db
from opentamp.errors import AppError
from opentamp.models.auth import BrokerUser

READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def unit_of_work(session: Session) -> Iterator[Session]:
    """Commit when the block succeeds; on an error roll back, unless the error keeps the
    request's writes (a failure counter, see ``AppError.keeps_writes``)."""
    try:
        yield session
        session.commit()
    except AppError as exc:
        if exc.keeps_writes:
            session.commit()
        else:
            session.rollback()
        raise
    except BaseException:
        session.rollback()
        raise


def get_session(request: Request) -> Iterator[Session]:
    """The request's unit of work: committed after the endpoint returns and before the
    response is sent; rolled back on any error."""
    session = db.session(write=request.method not in READ_METHODS)
    try:
        yield from unit_of_work(session)
    finally:
        session.close()


SessionDep = Annotated[Session, Depends(get_session, scope="function")]

_bearer = HTTPBearer(auto_error=False, description="登录后获得的 accessToken")


def get_current_user(
    session: SessionDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> BrokerUser:
    return user_for_token(session, credentials.credentials if credentials else None)


CurrentUser = Annotated[BrokerUser, Depends(get_current_user)]


async def get_read_session() -> AsyncIterator[Session]:
    """The unit of work of a hot read: opened without a worker thread and connected only when
    first used, so a read answered from memory (``products.microcache``) touches neither a
    thread nor the database. Committed (a read's commit ends its transaction) and closed after
    the endpoint, like ``get_session``."""
    session = db.session()
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()


ReadSessionDep = Annotated[Session, Depends(get_read_session)]


class _ViewerCache:
    """Who a token belongs to, remembered for a few seconds per process for the read-only
    product and adviser-zone calls (the hot path of every product page). A token's expiry or
    revocation (sign-out) reaches these reads within ``VIEWER_CACHE_SECONDS``, which is
    harmless: what they answer, visitors may read anyway. Account and trade calls
    (``CurrentUser``) always read the token table."""

    def __init__(self, seconds: float, size: int = 4096) -> None:
        self.seconds = seconds
        self.size = size
        self._data: dict[str, tuple[float, BrokerUser]] = {}
        self._lock = threading.Lock()

    def get(self, raw: str) -> BrokerUser | None:
        hit = self._data.get(raw)
        if hit is None:
            return None
        valid_until, user = hit
        if valid_until < time.monotonic():
            self._data.pop(raw, None)
            return None
        return user

    def put(self, raw: str, user: BrokerUser) -> None:
        snapshot = BrokerUser(
            id=user.id,
            broker_id=user.broker_id,
            phone=user.phone,
            nickname=user.nickname,
            status=user.status,
        )
        with self._lock:
            if len(self._data) >= self.size:
                self._data.clear()
            self._data[raw] = (time.monotonic() + self.seconds, snapshot)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()


VIEWER_CACHE_SECONDS = 5.0
viewer_cache = _ViewerCache(VIEWER_CACHE_SECONDS)


async def get_viewer(
    session: ReadSessionDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> BrokerUser:
    """The token's owner, a signed-in user or a visitor (status ``visitor``): for the product
    and adviser-zone reads visitors may make. Account and trade calls use ``CurrentUser``.
    (Async: a remembered viewer costs no worker thread; the rare look-up is one indexed
    query.)"""
    raw = credentials.credentials if credentials else None
    if raw:
        cached = viewer_cache.get(raw)
        if cached is not None:
            return cached
    user = user_for_token(session, raw, admit=ACTIVE_OR_VISITOR)
    if raw:
        viewer_cache.put(raw, user)
    return user


ViewerDep = Annotated[BrokerUser, Depends(get_viewer)]
