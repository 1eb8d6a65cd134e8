"""The outbox: events the user should hear about, written once in the transaction that causes
them (docs/notices.md#the-outbox).

A feature records an event with :func:`record_event` (one item, from Python) or
:func:`record_events` (an ``INSERT … SELECT`` over a set, inside settlement's SQL: never a
Python loop over a day's orders). Each event has a unique ``key`` naming it
(``orders.finished:<user id>:<day>``): recording it again does nothing, so a step run twice records
nothing new. Features never write notices: the notice centre turns events into notices, in the
daily pipeline's ``notices.deliver`` step and, for an event recorded from Python, in the task
``notices.deliver`` deferred here under the event's key (run at once on SQLite, by a worker
right after the commit on PostgreSQL).
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, Select, literal
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from opentamp.core.market_day import NAV_PUBLISH_TIME
from opentamp.core.tasks import defer, definitions
from opentamp.db import AwareDateTime
from opentamp.kit.clock import BEIJING, now
from opentamp.models.notices import OutboxEvent

#: The kinds of event (docs/notices.md#the-events).
#: A user's day of finished orders (settlement): one notice per order, of kind
#: ``order.confirmed`` or ``order.failed`` (``core/finished_orders.py``).
ORDERS_FINISHED = "orders.finished"
#: One order, confirmed or failed (the events of one order recorded before settlement recorded
#: a user's day, and the demo world's).
ORDER_CONFIRMED = "order.confirmed"
ORDER_FAILED = "order.failed"
REDEMPTION_PAID = "redemption.paid"
PLAN_FAILED = "plan.failed"
FOLLOW_EXECUTED = "follow.executed"
ADJUSTMENT_WAITING = "adjustment.waiting"
ADVISER_FEE_CHARGED = "adviser.fee"
SURVEY_EXPIRING = "survey.expiring"
CARD_RESIGN = "card.resign"
BROKER_ANNOUNCEMENT = "broker.announcement"
ADVISER_ANNOUNCEMENT = "adviser.announcement"

KINDS = (
    ORDERS_FINISHED,
    ORDER_CONFIRMED,
    ORDER_FAILED,
    REDEMPTION_PAID,
    PLAN_FAILED,
    FOLLOW_EXECUTED,
    ADJUSTMENT_WAITING,
    ADVISER_FEE_CHARGED,
    SURVEY_EXPIRING,
    CARD_RESIGN,
    BROKER_ANNOUNCEMENT,
    ADVISER_ANNOUNCEMENT,
)

#: The task of the notice centre that delivers pending events (defined in opentamp/notices).
DELIVER_TASK = "notices.deliver"


def _insert(session: Session) -> Any:
    return sqlite_insert if session.get_bind().dialect.name == "sqlite" else pg_insert


def event_moment(day: date) -> datetime:
    """When an event of the daily pipeline's ``day`` happens on the market clock: the day's
    pipeline time, or now when the pipeline runs later (a catch-up). Never before the day:
    ``opentamp market advance`` runs a day before it moves the demo clock there."""
    return max(now(), datetime.combine(day, NAV_PUBLISH_TIME, tzinfo=BEIJING))


def event_time(day: date) -> ColumnElement[datetime]:
    """:func:`event_moment` as the ``created_at`` column of a set of events."""
    return literal(event_moment(day), AwareDateTime())


def record_event(
    session: Session,
    *,
    kind: str,
    key: str,
    broker_id: int,
    broker_user_id: int | None = None,
    ref: str = "",
    subject: str = "",
    amount: Decimal | None = None,
    detail: str = "",
    occurred_on: date | None = None,
    payload: dict[str, Any] | None = None,
    at: datetime | None = None,
) -> bool:
    """Record one event under ``kind:key``; False when it was recorded before. Its moment is
    ``at`` (an event of the daily pipeline's day D: :func:`event_moment` of D), else now. Its
    notice is delivered by the task :data:`DELIVER_TASK` deferred in the same transaction."""
    full_key = f"{kind}:{key}"
    stmt = (
        _insert(session)(OutboxEvent)
        .values(
            key=full_key,
            kind=kind,
            broker_id=broker_id,
            broker_user_id=broker_user_id,
            ref=ref,
            subject=subject[:128],
            amount=amount,
            detail=detail,
            occurred_on=occurred_on or now().date(),
            payload=payload,
            created_at=at or now(),
        )
        .on_conflict_do_nothing(index_elements=["key"])
        .returning(OutboxEvent.id)
    )
    new = session.execute(stmt).first() is not None
    if new:
        deliver_soon(session, full_key)
    return new


def deliver_soon(session: Session, key: str) -> None:
    """Defer the task :data:`DELIVER_TASK` under ``key`` (the events just recorded from Python
    or by a call, not waiting for the daily pipeline's last step)."""
    deliver = definitions().get(DELIVER_TASK)
    if deliver is not None:
        defer(session, deliver, key=f"{DELIVER_TASK}:{key}")


#: The columns a set of events selects, in this order: key (the full ``kind:…`` key), kind,
#: broker_id, broker_user_id, ref, subject, amount, detail, occurred_on, created_at (for a step
#: of the daily pipeline, :func:`event_time` of its day).
EVENT_COLUMNS = [
    "key",
    "kind",
    "broker_id",
    "broker_user_id",
    "ref",
    "subject",
    "amount",
    "detail",
    "occurred_on",
    "created_at",
]


def record_events(session: Session, rows: Select[*tuple[Any, ...]]) -> int:
    """Record the events ``rows`` selects (columns :data:`EVENT_COLUMNS`) in one statement;
    those recorded before are skipped. Returns how many were new."""
    stmt = (
        _insert(session)(OutboxEvent)
        .from_select(EVENT_COLUMNS, rows)
        .on_conflict_do_nothing(index_elements=["key"])
    )
    # The row count counts the rows inserted, not those skipped, on both dialects: no
    # RETURNING of a day's ids to count them.
    result = session.execute(
        stmt, execution_options={"synchronize_session": False, "preserve_rowcount": True}
    )
    return max(int(result.rowcount or 0), 0)  # type: ignore[attr-defined]


__all__ = [
    "ADJUSTMENT_WAITING",
    "ADVISER_ANNOUNCEMENT",
    "ADVISER_FEE_CHARGED",
    "BROKER_ANNOUNCEMENT",
    "CARD_RESIGN",
    "EVENT_COLUMNS",
    "FOLLOW_EXECUTED",
    "KINDS",
    "ORDER_CONFIRMED",
    "ORDER_FAILED",
    "ORDERS_FINISHED",
    "PLAN_FAILED",
    "REDEMPTION_PAID",
    "SURVEY_EXPIRING",
    "deliver_soon",
    "event_moment",
    "event_time",
    "record_event",
    "record_events",
]
