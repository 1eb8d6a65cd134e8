"""Stage 8: the day's finished orders recorded as events of the outbox
(docs/notices.md#the-events): one ``orders.finished`` event per user and day, for the user's
top-level orders the day confirmed or failed (``core/finished_orders.py``: a portfolio order
once, not per component fund; not cancellations, dividends or adviser fees), in one
``INSERT … SELECT``. The notice centre makes a notice of each of those orders when it delivers
the event."""

from __future__ import annotations

from datetime import date

from sqlalchemy import literal, select
from sqlalchemy.orm import Session

from opentamp.core.events import ORDERS_FINISHED, event_time, record_events
from opentamp.core.finished_orders import day_key_column, finished_on
from opentamp.kit.money import SqlMoney
from opentamp.models.auth import BrokerUser
from opentamp.models.orders import TradeOrder
from opentamp.settlement.common import day_literal, local_settings


def record_order_events(session: Session, m: SqlMoney, day: date) -> int:
    """Record ``orders.finished:<user id>:<day>`` for each user with orders finished on
    ``day``; returns how many were new (a day run again records none).

    The day's finished orders were set by the stages just before, so PostgreSQL's statistics
    still count none of them: planned for one row, the join of their users would be a loop
    that looks a user up once per order. The statement runs with nested loops off, which
    leaves a hash join over the users, read once."""
    o = TradeOrder
    users = select(o.broker_user_id).where(*finished_on(o, day_literal(day))).distinct().subquery()
    rows = select(
        day_key_column(users.c.broker_user_id, day),
        literal(ORDERS_FINISHED),
        BrokerUser.broker_id,
        users.c.broker_user_id,
        literal(day.isoformat()),
        literal(""),
        literal(None),
        literal(""),
        day_literal(day),
        event_time(day),
    ).join(BrokerUser, BrokerUser.id == users.c.broker_user_id)
    if m.sqlite:
        return record_events(session, rows)
    with local_settings(session, enable_nestloop="off"):
        return record_events(session, rows)
