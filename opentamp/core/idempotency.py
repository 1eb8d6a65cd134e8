"""Trade writes happen once per (user, tradeUUID) (docs/architecture.md#transport), the way an
idempotency key works for a payment API.

The first call inserts a ``trade_request`` row holding the fingerprint of its body
(:func:`request_fingerprint`), runs, and stores its result next to it, all in the request's
transaction. Then:

- the same key with the same body (a retry, a double tap) gets the stored result back;
- the same key with another body answers 422 ``TradeUUIDMismatch``: the first call's answer is
  not this request's, and replaying it would report an order the user did not ask for;
- the same key for another action answers 409 ``TradeUUIDReused``;
- a duplicate arriving while the first call is still running waits for it: on PostgreSQL its
  insert blocks on the unique index until the first commits, on SQLite the writing request
  waits for the database lock; then it is answered as above. Should it ever find the first
  call's row without a result, it answers 409 ``TradeRequestInFlight``.

The first call's row is inserted with ``ON CONFLICT DO NOTHING``: a repeat inserts nothing and
is answered from the first call's row, and no savepoint is needed around the run
(docs/scale.md#the-idempotent-run-without-a-savepoint). A run that fails fails the request
whole: its row goes with its writes in the request's rollback, so a retry with the same
tradeUUID (and any body) is a fresh attempt — a failure writes nothing. That holds because no
run raises an error that keeps the request's writes (``AppError.keeps_writes``: a wrong trade
password's or SMS code's count): those checks run before ``run_once``. A run that raised one
would have its half-done writes and its row without an answer committed with the count, so
``run_once`` refuses it loudly (:class:`KeptWritesInRun`, a programming error: the request
rolls back whole, nothing of it stays).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from datetime import date, datetime
from decimal import Decimal
from typing import Any, TypeVar

from pydantic import BaseModel
from sqlalchemy import Text, bindparam, cast, select, type_coerce, update
from sqlalchemy.dialects import postgresql
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from opentamp.db import note_user_rows
from opentamp.errors import (
    AppError,
    InvalidParams,
    TradeRequestInFlight,
    TradeUUIDMismatch,
    TradeUUIDReused,
)
from opentamp.models.auth import TradeRequest

M = TypeVar("M", bound=BaseModel)

TRADE_UUID_MAX = 64
#: Fields that prove who asks rather than say what is asked: a retry may carry them anew (a
#: password typed again, a fresh verify ticket), and no digest of a secret is stored.
NOT_FINGERPRINTED = frozenset({"trade_uuid", "trade_password", "verify_ticket"})


def _canonical(value: Any) -> Any:
    """A JSON value that is the same for the same meaning: a number's trailing zeros and the
    key order do not count ("100" and "100.00" ask for the same amount)."""
    if isinstance(value, Mapping):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((_canonical(v) for v in value), key=json.dumps)
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, Decimal | int | float):
        number = Decimal(str(value)).normalize()
        return format(number, "f") if number else "0"
    if isinstance(value, datetime | date):
        return value.isoformat()
    return str(value)


def request_fingerprint(body: BaseModel) -> str:
    """SHA-256 of the request's canonical body: its parsed fields (defaults filled in) without
    the key and the credentials (``NOT_FINGERPRINTED``), as sorted compact JSON."""
    fields = body.model_dump(mode="python", exclude=set(NOT_FINGERPRINTED))
    text = json.dumps(_canonical(fields), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


#: The row and its stored answer as Core statements on the session's connection, built once:
#: written through the ORM's unit of work they cost a flush each, about a sixth of a purchase's
#: work in its thread (docs/scale.md#the-purchases-own-writes). The row's insert gives its id,
#: or no row when the user's tradeUUID has one already (a repeat), by dialect.
_INSERT_ROW = {
    name: insert_of(TradeRequest)
    .on_conflict_do_nothing(index_elements=["broker_user_id", "trade_uuid"])
    .returning(TradeRequest.id)
    for name, insert_of in (("sqlite", sqlite_insert), ("postgresql", pg_insert))
}
#: The answer is bound as the JSON text pydantic writes (``model_dump_json``), not as a dict
#: that the column's type would serialise again with ``json.dumps``: as text on SQLite (where
#: JSON is text), cast to ``json`` on PostgreSQL.
_ANSWER_TEXT = bindparam("answer", type_=Text())
_STORE_ANSWER = {
    name: update(TradeRequest).where(TradeRequest.id == bindparam("row_id")).values(response=value)
    for name, value in (
        ("sqlite", type_coerce(_ANSWER_TEXT, Text())),
        ("postgresql", cast(_ANSWER_TEXT, postgresql.JSON())),
    )
}


class KeptWritesInRun(RuntimeError):
    """A run of :func:`run_once` raised an error that keeps the request's writes: refused, so
    that the request rolls back whole (the count such an error keeps belongs before
    ``run_once``; module docstring)."""

    def __init__(self, error: AppError) -> None:
        super().__init__(
            f"{type(error).__name__} ({error.error}) raised inside run_once keeps the request's"
            " writes: check it before the idempotent run"
        )


class CountedCheckInRun(RuntimeError):
    """A check that counts wrong tries (the trade password, an SMS code) was made inside a run
    of :func:`run_once`: refused whatever its outcome, so that the mistake shows on the first
    test that reaches it, not only when a wrong try happens there (module docstring)."""

    def __init__(self, check: str) -> None:
        super().__init__(f"{check} inside run_once: check it before the idempotent run")


#: ``Session.info`` key: a run of :func:`run_once` is in progress on this session.
_IN_RUN = "opentamp.idempotency.in_run"


def refuse_inside_run(session: Session, check: str) -> None:
    """Raise :class:`CountedCheckInRun` when called inside a run of :func:`run_once`: for the
    checks whose wrong tries are counted and kept (``AppError.keeps_writes``), which belong
    before the run."""
    if session.info.get(_IN_RUN):
        raise CountedCheckInRun(check)


def _existing(session: Session, user_id: int, trade_uuid: str) -> TradeRequest | None:
    return session.scalar(
        select(TradeRequest)
        .where(TradeRequest.broker_user_id == user_id, TradeRequest.trade_uuid == trade_uuid)
        .execution_options(populate_existing=True)
    )


def _replay(row: TradeRequest, action: str, fingerprint: str, schema: type[M]) -> M:
    if row.action != action:
        raise TradeUUIDReused()
    if row.request_hash and row.request_hash != fingerprint:
        raise TradeUUIDMismatch()
    if row.response is None:
        raise TradeRequestInFlight()
    return schema.model_validate(row.response)


def run_once(
    session: Session,
    *,
    user_id: int,
    trade_uuid: str | None,
    action: str,
    request: BaseModel,
    schema: type[M],
    run: Callable[[], M],
) -> M:
    """Run ``run`` at most once for this user's ``trade_uuid`` and return its (stored) result;
    ``request`` is the call's body, whose fingerprint a repeat must match (module docstring)."""
    if not trade_uuid or len(trade_uuid) > TRADE_UUID_MAX:
        raise InvalidParams("缺少交易请求编号 tradeUUID，请刷新页面后重试")
    fingerprint = request_fingerprint(request)
    row = {
        "broker_user_id": user_id,
        "trade_uuid": trade_uuid,
        "action": action,
        "request_hash": fingerprint,
    }
    # No savepoint: a repeat inserts nothing (the unique pair; on PostgreSQL a concurrent
    # duplicate's insert waits for the first call's commit) and is answered from the first
    # call's row; a failing run fails the request whole (module docstring). The row is the
    # user's: the commit bumps their version (``db.note_user_rows``: no event of the session
    # sees a Core statement).
    # What the checks before the run left pending (a count cleared, a hash renewed) is sent
    # first, as a savepoint's start would: the run then starts from a clean session, whose
    # catalogue reads come from memory (core.catalogue).
    session.flush()
    connection = session.connection()
    row_id = connection.execute(_INSERT_ROW[connection.dialect.name], row).scalar()
    if row_id is None:
        first = _existing(session, user_id, trade_uuid)
        assert first is not None  # the conflict was on this very pair
        return _replay(first, action, fingerprint, schema)
    note_user_rows(session, user_id)
    outer = session.info.get(_IN_RUN, False)  # a run may place another trade write's order
    session.info[_IN_RUN] = True
    try:
        result = run()
    except AppError as error:
        if error.keeps_writes:
            raise KeptWritesInRun(error) from error
        raise
    finally:
        session.info[_IN_RUN] = outer
    answer = result.model_dump_json(by_alias=True)
    connection.execute(_STORE_ANSWER[connection.dialect.name], {"row_id": row_id, "answer": answer})
    return result
