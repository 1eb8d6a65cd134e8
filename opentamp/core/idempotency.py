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

The first call runs inside a savepoint with its row: if it fails, the row goes with its writes,
so a retry with the same tradeUUID (and any body) is a fresh attempt — a failure writes nothing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from datetime import date, datetime
from decimal import Decimal
from typing import Any, TypeVar

from pydantic import BaseModel
from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from opentamp.db import note_user_rows
from opentamp.errors import InvalidParams, TradeRequestInFlight, TradeUUIDMismatch, TradeUUIDReused
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
#: work in its thread (docs/scale.md#the-purchases-own-writes).
_INSERT_ROW = insert(TradeRequest)
_STORE_ANSWER = (
    update(TradeRequest)
    .where(TradeRequest.id == bindparam("row_id"))
    .values(response=bindparam("answer"))
)


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
    try:
        # One savepoint: the row and the run's writes stand or fall together. The row is
        # inserted first, without asking whether it exists: a repeat fails on the unique index
        # (after the first call's commit, which a concurrent duplicate's insert waits for) and
        # is answered from the first call's row. The row is the user's: the commit bumps their
        # version (``db.note_user_rows``: no event of the session sees a Core statement).
        with session.begin_nested():
            connection = session.connection()
            inserted = connection.execute(_INSERT_ROW, row).inserted_primary_key
            assert inserted is not None
            note_user_rows(session, user_id)
            result = run()
            answer = result.model_dump(mode="json", by_alias=True)
            connection.execute(_STORE_ANSWER, {"row_id": inserted[0], "answer": answer})
    except IntegrityError:
        first = _existing(session, user_id, trade_uuid)
        if first is None:  # the run's own integrity error, not a repeat
            raise
        return _replay(first, action, fingerprint, schema)
    return result
