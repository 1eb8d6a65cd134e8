"""Request dependencies, as ``Annotated`` aliases for route signatures."""

from __future__ import annotations

import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Annotated, Any

from anyio import CapacityLimiter, to_thread
from fastapi import APIRouter, Depends, Request, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, Field, ValidationError
from sqlalchemy import select
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from opentamp.core.answers import (
    AnswerCache,
    Owner,
    TokenReaderUnavailable,
    answers,
    owner_from_row,
    owner_of,
    token_reader,
)
from opentamp.core.tokens import ACTIVE_OR_VISITOR, hash_token, user_for_token
from opentamp.db import db
from opentamp.errors import AppError, InvalidToken, NotFound
from opentamp.kit.envelope import ok, ok_json
from opentamp.kit.ownership import require_self
from opentamp.kit.params import INT64_MAX, JSON_BODY_KEY, AnsweredFirstRoute
from opentamp.models.accounts import Account
from opentamp.models.auth import BrokerUser

READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def _end(session: Session, error: BaseException | None) -> None:
    """Commit when the block succeeded; on an error roll back, unless the error keeps the
    request's writes (a failure counter, see ``AppError.keeps_writes``)."""
    if error is None or (isinstance(error, AppError) and error.keeps_writes):
        session.commit()
    else:
        session.rollback()


def unit_of_work(session: Session) -> Iterator[Session]:
    """The block's unit of work (:func:`_end`)."""
    try:
        yield session
    except BaseException as exc:
        _end(session, exc)
        raise
    _end(session, None)


async def _end_in_thread(session: Session, error: BaseException | None) -> None:
    """End a unit of work on a thread of its own, outside the handlers' thread pool. A handler
    thread may wait on a row lock (a trade password's failure count) that only another
    request's commit releases: if that commit queued behind the handlers for a thread, a burst
    as large as the pool would wait on itself for ever. Each ending takes its own one-token
    limiter, so it never waits for a thread (anyio reuses its idle worker threads)."""
    await to_thread.run_sync(_finish, session, error, limiter=CapacityLimiter(1))


def _finish(session: Session, error: BaseException | None) -> None:
    try:
        _end(session, error)
    finally:
        session.close()


def _touched(session: Session) -> bool:
    """Whether the session connected or holds objects a commit would write."""
    return session.in_transaction() or bool(session.new or session.dirty or session.deleted)


async def get_session(request: Request) -> AsyncIterator[Session]:
    """The request's unit of work: committed after the endpoint returns and before the
    response is sent; rolled back on any error. A session connects only when first used, so
    it is opened on the event loop, and ended (commit or rollback, and close) in one hop to a
    worker thread only if it did connect: a request that never touched the database costs
    no thread, one that did costs one hop here instead of two."""
    session = db.session(write=request.method not in READ_METHODS)
    try:
        yield session
    except BaseException as exc:
        if _touched(session):
            await _end_in_thread(session, exc)
        else:
            session.close()
        raise
    if _touched(session):
        await _end_in_thread(session, None)
    else:
        session.close()


SessionDep = Annotated[Session, Depends(get_session, scope="function")]

_bearer = HTTPBearer(auto_error=False, description="登录后获得的 accessToken")


async def optional_token(
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> str | None:
    """The request's bearer token, or None when there is none (no ``Authorization`` header,
    another scheme, nothing after ``Bearer``): the one reading of the header (HTTPBearer's:
    the scheme in any case, the token without surrounding blanks), for every dependency here
    and for the calls that take a token without requiring one. Whose token it is, and whether
    it is live, is for the caller to ask (``core.tokens.user_for_token``)."""
    return credentials.credentials if credentials else None


OptionalToken = Annotated[str | None, Depends(optional_token)]

#: The ``openapi_extra`` of a call that takes ``OptionalToken`` without requiring a token: its
#: API document lists the bearer token as optional (OpenAPI's empty security requirement).
TOKEN_OPTIONAL: dict[str, Any] = {"security": [{}]}


async def token_of(request: Request) -> str | None:
    """``OptionalToken`` for the code that runs before FastAPI solves a route's dependencies
    (``RememberedRoute``, ``OneHopWrite``) and for a router's dependency that looks at the
    token only now and then (``claimed_ids``: a dependency would list the token in the API
    document of every call of the router, sign-in included): the same reading."""
    return await optional_token(await _bearer(request))


def get_current_user(session: SessionDep, token: OptionalToken) -> BrokerUser:
    return user_for_token(session, token)


CurrentUser = Annotated[BrokerUser, Depends(get_current_user)]


async def get_read_session() -> AsyncIterator[Session]:
    """The unit of work of a hot read: opened without a worker thread and connected only when
    first used, so a read answered from memory (``products.microcache``) touches neither a
    thread nor the database. Committed (a read's commit ends its transaction) and closed after
    the endpoint, like ``get_session``. It only reads (``db.read_session``: on PostgreSQL
    without the ``BEGIN`` and ``COMMIT`` round trips)."""
    session = db.read_session()
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()


ReadSessionDep = Annotated[Session, Depends(get_read_session)]


async def get_replica_session() -> AsyncIterator[Session]:
    """Like ``get_read_session``, on the streaming replica when one is configured
    (docs/scale.md#read-replica): for answers that may trail the primary by the replica's lag,
    never for anything the caller has just written."""
    session = db.replica_session()
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()


ReplicaSessionDep = Annotated[Session, Depends(get_replica_session)]


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


async def get_viewer(session: ReadSessionDep, raw: OptionalToken) -> BrokerUser:
    """The token's owner, a signed-in user or a visitor (status ``visitor``): for the product
    and adviser-zone reads visitors may make. Account and trade calls use ``CurrentUser``.
    (Async: a remembered viewer costs no worker thread; the look-up of one not remembered
    runs on a worker thread, not on the event loop, which would wait for its round trip.)"""
    if not raw:
        raise InvalidToken()
    cached = viewer_cache.get(raw)
    if cached is not None:
        return cached
    user = await run_in_threadpool(partial(user_for_token, session, raw, admit=ACTIVE_OR_VISITOR))
    viewer_cache.put(raw, user)
    return user


ViewerDep = Annotated[BrokerUser, Depends(get_viewer)]


@dataclass(frozen=True)
class LookedUp:
    """The token query a remembered read made before its route ran (``RememberedRoute``): the
    route's ``owner_answer`` uses its row instead of asking again."""

    digest: str
    financial_account_id: int | None
    #: The token query's row (None: no such token).
    row: Any


#: The request scope's key of the ``LookedUp`` a remembered read left for its route.
LOOKED_UP = "opentamp.looked_up"


class CallCredentials(HTTPAuthorizationCredentials):
    """The bearer token, and the call it came with (path and sorted parameters): what a
    remembered answer is kept under besides the token and the data versions."""

    call: str = ""
    #: The token query made already for this request (``RememberedRoute``), if any.
    looked_up: Any = Field(default=None, exclude=True)


def call_of(request: Request) -> str:
    """The call a remembered answer is kept under: the path and the sorted parameters."""
    params = "&".join(f"{k}={v}" for k, v in sorted(request.query_params.multi_items()))
    return f"{request.url.path}?{params}"


async def _bearer_credentials(request: Request, raw: OptionalToken) -> CallCredentials:
    """A request without a token is refused (401) before its parameters are looked at; the
    token itself is checked on the worker thread (``owner_answer``)."""
    if not raw:
        raise InvalidToken()
    return CallCredentials(
        scheme="Bearer",
        credentials=raw,
        call=call_of(request),
        looked_up=request.scope.get(LOOKED_UP),
    )


Bearer = Annotated[CallCredentials, Depends(_bearer_credentials)]


async def owner_answer(
    session: Session,
    credentials: CallCredentials,
    broker_user_id: int | None,
    read: Callable[[BrokerUser], BaseModel | list[Any]],
    *,
    financial_account_id: int | None = None,
) -> Response:
    """The envelope of ``read(owner)`` for a hot signed-in read: the token is checked against
    the token table (as ``CurrentUser`` does) in the query that reads the data versions,
    ``brokerUserId`` must be the owner's, and the answer remembered under the token, the
    versions and the call is served if there is one (``core.answers``: never stale, a write
    makes new versions); otherwise the read runs on a worker thread and the envelope is
    serialized once and remembered. FastAPI's own path would take a thread hop per dependency
    and validate the answer a second time; the route documents it with its
    ``response_model``. A ``financial_account_id`` the read names is looked up in the same
    query (``core.answers.owner_of``), so the read need not ask whose it is.

    A route registered with ``remembered_get`` has served a remembered answer before getting
    here (``RememberedRoute``); what reaches this is a read to compute, or an error to answer,
    with the token query's row already in ``credentials.looked_up``: it is not asked again."""
    looked_up = credentials.looked_up
    if not (
        isinstance(looked_up, LookedUp)
        and looked_up.financial_account_id == financial_account_id
        and looked_up.digest == hash_token(credentials.credentials)
    ):
        looked_up = None

    def look_up() -> Owner:
        if looked_up is not None:
            return owner_from_row(
                looked_up.row,
                looked_up.digest,
                session=session,
                financial_account_id=financial_account_id,
            )
        try:
            return owner_of(
                session, credentials.credentials, financial_account_id=financial_account_id
            )
        except DBAPIError as exc:
            # A pooled connection the server closed (no pre-ping, db.make_engine): SQLAlchemy
            # has dropped it and the stale ones beside it; the read is asked once more.
            if not exc.connection_invalidated:
                raise
            session.rollback()
            return owner_of(
                session, credentials.credentials, financial_account_id=financial_account_id
            )

    def work() -> bytes:
        owner = look_up()
        require_self(owner.user_id, broker_user_id)
        key = owner.key(credentials.call)
        body = answers.get(key)
        if body is None:
            body = ok(read(owner.user)).model_dump_json().encode("utf-8")
            answers.put(key, body)
        return body

    return Response(content=await run_in_threadpool(work), media_type="application/json")


# -- remembered answers before the route (docs/scale.md#answer-cache) -----------------------


def _account_param(value: str | None) -> int | None:
    """``financialAccountId`` as the route will read it, when it is a valid id."""
    if value is None or not value.isascii() or not value.isdigit():
        return None
    number = int(value)
    return number if 1 <= number <= INT64_MAX else None


async def remembered_answer(request: Request) -> bytes | None:
    """The remembered answer of a hot signed-in read, or None: the route then runs (and finds
    the token query made, ``LookedUp``). The token is checked by the same query as
    ``owner_answer``'s, with the versions, made by the driver on the event loop
    (``core.answers.token_reader``); the key is the same. A remembered answer is only ever
    kept by its route after the parameters were valid and ``brokerUserId``,
    ``financialAccountId`` and ``accountId`` found the owner's, under this token and these
    parameters: the same key proves the same checks pass, and new versions (a write) make a
    new key. Anything else — no bearer token, a token refused, nothing remembered — is left to
    the route, which answers exactly as it always has (its errors in their order)."""
    raw = await token_of(request)
    if not raw:
        return None
    financial_account_id = _account_param(request.query_params.get("financialAccountId"))
    digest = hash_token(raw)
    try:
        row = await token_reader().row(digest, financial_account_id)
    except TokenReaderUnavailable:
        return None
    request.scope[LOOKED_UP] = LookedUp(digest, financial_account_id, row)
    try:
        owner = owner_from_row(row, digest)
    except InvalidToken:
        return None
    key = owner.key(call_of(request))
    store = answers.store
    if isinstance(store, AnswerCache):
        return store.get(key)
    return await store.get_async(key)  # Redis: its round trip on the loop too


class RememberedRoute(AnsweredFirstRoute):
    """The route of a hot signed-in read answered by ``owner_answer``: a remembered answer is
    served before FastAPI solves the route's dependencies and parameters
    (``remembered_answer``), with no worker thread and no SQLAlchemy. Where the app's read
    session is overridden (the tests' one shared connection, whose rows no other connection
    sees), the route's own path answers everything."""

    async def answer_first(self, request: Request) -> Response | None:
        overrides = getattr(request.scope.get("app"), "dependency_overrides", None) or {}
        if get_read_session in overrides:
            return None
        body = await remembered_answer(request)
        return None if body is None else Response(content=body, media_type="application/json")


def remembered_get(
    router: APIRouter, path: str, **kwargs: Any
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``@router.get(path, ...)`` for a hot signed-in read answered by ``owner_answer``, with
    ``RememberedRoute``."""

    def register(endpoint: Callable[..., Any]) -> Callable[..., Any]:
        router.add_api_route(
            path, endpoint, methods=["GET"], route_class_override=RememberedRoute, **kwargs
        )
        return endpoint

    return register


# -- ids a request claims ------------------------------------------------------------------

#: Ids a request claims, checked for every call of the sign-in, accounts, payments, security,
#: suitability and trading routers (docs/architecture.md#transport): ``brokerUserId`` and
#: ``accountId`` sent in the query string or the JSON body must be the token owner's, else 404
#: as for an id that does not exist.
CLAIM_KEYS = ("brokerUserId", "accountId")


def claims_of(query: Mapping[str, str], body: object) -> dict[str, Any]:
    """The ids a request claims (``CLAIM_KEYS``): from the query string, then from a JSON
    write's parsed ``body`` (None for any other request)."""
    claims: dict[str, Any] = {k: query[k] for k in CLAIM_KEYS if query.get(k) is not None}
    if isinstance(body, dict):
        for key in CLAIM_KEYS:
            if body.get(key) is not None:
                claims.setdefault(key, body[key])
    return claims


async def claimed_ids(request: Request, session: SessionDep) -> None:
    """Requests naming neither id pass untouched (sign-in and public calls)."""
    body = None
    content_type = request.headers.get("content-type", "")
    if request.method in ("POST", "PUT", "DELETE") and content_type.startswith("application/json"):
        try:
            body = await request.json()
        except ValueError:
            body = None
    claims = claims_of(request.query_params, body)
    if not claims:
        return
    raw = await token_of(request)
    # The token and the account are read on a thread, not on the event loop, which would wait
    # for each round trip with every other request of the process behind it. A thread of its
    # own, not the handlers' pool: a write request's first statement may wait for the write
    # lock (SQLite's BEGIN IMMEDIATE) that only another request's handler, once it gets a
    # thread of the pool, goes on to release (as _end_in_thread).
    await to_thread.run_sync(_check_claims, session, raw, claims, limiter=CapacityLimiter(1))


def _check_claims(session: Session, raw: str | None, claims: dict[str, Any]) -> None:
    user = user_for_token(session, raw)
    require_self(user.id, claims.get("brokerUserId"))
    if "accountId" in claims:
        account_id = session.scalar(select(Account.id).where(Account.broker_user_id == user.id))
        try:
            same = account_id is not None and int(claims["accountId"]) == account_id
        except (TypeError, ValueError):
            same = False
        if not same:
            raise NotFound()


# -- a trade write in one worker-thread hop (docs/scale.md#the-purchase-in-one-hop) ----------

#: The threads of the writes answered in one hop (``OneHopWrite``), apart from the handlers'
#: pool: such a write never waits for a thread while it holds a lock, and a generic write that
#: holds SQLite's write lock while it waits for a thread of the pool is not kept waiting by
#: these, queued on that lock.
ONE_HOP_THREADS = CapacityLimiter(16)


class OneHopWrite(AnsweredFirstRoute):
    """The route of a hot trade write (``POST /trade/buyFund``) answered in one hop to a
    worker thread: what the generic path does in four (the trade password's comparison before
    the transaction, ``CurrentUser``, the endpoint, the session's commit, each a hop of its
    own, with FastAPI's dependency solving and the answer's validation on the event loop
    between them), and with the transaction's first statement and its commit on one thread
    with no wait for the event loop between (on SQLite the write lock was held across those
    waits).

    The steps are the generic path's, in its order, each by the same function: ``before``
    (the router's first dependency, the trade password compared before the transaction), the
    ids the request claims (``claimed_ids``), the token (``CurrentUser``), the service
    (``write``), the commit or rollback (``get_session``: ``_end``, a failure counter kept).
    What the generic path would answer differently is left to it, before anything is done: a
    body that is not a JSON object or fails the body's schema (its 400 after the token's
    checks), no bearer token, and any request where the app's session is overridden (the
    tests' one rolled-back connection)."""

    #: The body's schema, the route's endpoint's ``body`` parameter.
    body_model: type[BaseModel]
    #: The router's dependency run first (on the thread): (session, the bearer token, body).
    before: Callable[[Session, str, object], None]
    #: The service: (session, the token's owner, the validated body) → the answer's data.
    write: Callable[[Session, BrokerUser, Any], BaseModel]

    async def answer_first(self, request: Request) -> Response | None:
        overrides = getattr(request.scope.get("app"), "dependency_overrides", None) or {}
        if get_session in overrides:
            return None
        if not request.headers.get("content-type", "").startswith("application/json"):
            return None
        body = request.scope.get(JSON_BODY_KEY)
        raw = await token_of(request)
        if not raw:
            return None
        if not isinstance(body, dict):
            return None
        try:
            parsed = self.body_model.model_validate(body)
        except ValidationError:
            return None
        claims = claims_of(request.query_params, body)
        data = await to_thread.run_sync(
            self._run, raw, body, parsed, claims, limiter=ONE_HOP_THREADS
        )
        return Response(content=ok_json(data), media_type="application/json")

    def _run(self, raw: str, body: object, parsed: BaseModel, claims: dict[str, Any]) -> BaseModel:
        session = db.session(write=True)
        try:
            type(self).before(session, raw, body)
            if claims:
                _check_claims(session, raw, claims)
            user = user_for_token(session, raw)
            data = type(self).write(session, user, parsed)
        except BaseException as exc:
            _finish(session, exc)
            raise
        _finish(session, None)
        return data


def one_hop_post(
    router: APIRouter,
    path: str,
    *,
    body: type[BaseModel],
    before: Callable[[Session, str, object], None],
    write: Callable[[Session, BrokerUser, Any], BaseModel],
    **kwargs: Any,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``@router.post(path, ...)`` for a trade write answered in one hop (``OneHopWrite``) on
    a router whose dependencies are ``before`` and ``claimed_ids``; the endpoint stays the
    generic path (and the operation the API document shows)."""

    def register(endpoint: Callable[..., Any]) -> Callable[..., Any]:
        route_class = type(
            "OneHopWrite",
            (OneHopWrite,),
            {"body_model": body, "before": staticmethod(before), "write": staticmethod(write)},
        )
        router.add_api_route(
            path, endpoint, methods=["POST"], route_class_override=route_class, **kwargs
        )
        return endpoint

    return register
