"""Trade writes happen once per (user, tradeUUID) (docs/architecture.md#transport).

The first call inserts a ``trade_request`` row and stores its result next to it in the same
transaction. A repeat finds the row and gets the stored result back. A concurrent duplicate
blocks on the unique index (PostgreSQL) or on the write lock (SQLite) until the first commits,
then replays it. If the first call fails, its transaction rolls back with the row, so a retry
with the same tradeUUID is a fresh attempt: a failure writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from opentamp.errors import InvalidParams, TradeUUIDReused
from opentamp.models.auth import TradeRequest

M = TypeVar("M", bound=BaseModel)

TRADE_UUID_MAX = 64


def _existing(session: Session, user_id: int, trade_uuid: str) -> TradeRequest | None:
    return session.scalar(
        select(TradeRequest).where(
            TradeRequest.broker_user_id == user_id, TradeRequest.trade_uuid == trade_uuid
        )
    )


def _replay(row: TradeRequest, action: str, schema: type[M]) -> M:
    if row.action != action or row.response is None:
        raise TradeUUIDReused()
    return schema.model_validate(row.response)


def run_once(
    session: Session,
    *,
    user_id: int,
    trade_uuid: str | None,
    action: str,
    schema: type[M],
    run: Callable[[], M],
) -> M:
    """Run ``run`` at most once for this user's ``trade_uuid`` and return its (stored) result."""
    if not trade_uuid or len(trade_uuid) > TRADE_UUID_MAX:
        raise InvalidParams("缺少交易请求编号 tradeUUID，请刷新页面后重试")
    row = _existing(session, user_id, trade_uuid)
    if row is not None:
        return _replay(row, action, schema)
    row = TradeRequest(broker_user_id=user_id, trade_uuid=trade_uuid, action=action)
    try:
        with session.begin_nested():
            session.add(row)
    except IntegrityError:
        # A concurrent duplicate committed first; its row is visible now.
        first = _existing(session, user_id, trade_uuid)
        if first is None:  # pragma: no cover - the unique index just said it exists
            raise
        return _replay(first, action, schema)
    result = run()
    row.response = result.model_dump(mode="json", by_alias=True)
    session.flush()
    return result
