"""The outbox of the system's own events and the notices made from them (docs/notices.md).

A write that the user should hear about records an :class:`OutboxEvent` in its own
transaction (``core/events.py``); the notice centre's consumer turns each event into exactly one
:class:`Notice`, and a user's day of finished orders (``orders.finished``) into one notice per
order (``notice (event_id, order_id)`` is unique). A notice for one user carries
``broker_user_id``; a broker's announcement is one notice for all its users
(``broker_user_id`` NULL). Reading and acknowledging are rows of :class:`NoticeRead`, the same
for both kinds, so "unread" is "no read row" everywhere.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.kit.money import Money
from opentamp.models._columns import created_at_column


class OutboxEvent(Base):
    """One event, written once in the transaction that caused it. ``key`` names the event
    (``orders.finished:<user id>:<day>``) and is unique, so recording it twice records it once.
    ``delivered_at`` is set when the notice centre has made its notice."""

    __tablename__ = "outbox_event"
    __table_args__ = (Index("ix_outbox_event_pending", "delivered_at", "id"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    key: Mapped[str] = mapped_column(String(96), unique=True)
    kind: Mapped[str] = mapped_column(String(32))
    broker_id: Mapped[int] = mapped_column(Integer)
    #: The user of the row that caused the event (an order, a plan…; the notice made from the
    #: event has a foreign key): no foreign key of its own, so settlement's events (one per user
    #: and day) do not look the user up; the test suite checks it
    #: (docs/trading.md#settlement-at-scale).
    broker_user_id: Mapped[int | None] = mapped_column(BigId, default=None)
    #: what the event is about: an order number, a plan id, a strategy code…
    ref: Mapped[str] = mapped_column(String(64), default="")
    #: a name to show: the fund's or strategy's name, an announcement's title
    subject: Mapped[str] = mapped_column(String(128), default="")
    amount: Mapped[Decimal | None] = mapped_column(Money(), default=None)
    detail: Mapped[str] = mapped_column(Text, default="")
    occurred_on: Mapped[date] = mapped_column(Date)
    #: anything else (an announcement's attachments)
    payload: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    created_at: Mapped[datetime] = created_at_column()
    delivered_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)


class Notice(Base):
    """A notice of the notice centre, made from one event (and of an ``orders.finished``
    event, from one of its orders)."""

    __tablename__ = "notice"
    __table_args__ = (
        UniqueConstraint("event_id", "order_id"),
        Index("ix_notice_user", "broker_user_id", "category", "id"),
        Index("ix_notice_broadcast", "broker_id", "category", "id"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("outbox_event.id"))
    #: The order of a user's day of finished orders this notice speaks of (``trade_order.id``;
    #: its title and text are read from the order), 0 for the one notice of any other event. No
    #: foreign key: delivery selects the orders themselves (docs/notices.md#delivery).
    order_id: Mapped[int] = mapped_column(BigId, default=0, server_default="0")
    broker_id: Mapped[int] = mapped_column(Integer)
    broker_user_id: Mapped[int | None] = mapped_column(ForeignKey("broker_user.id"), default=None)
    category: Mapped[str] = mapped_column(String(16))
    kind: Mapped[str] = mapped_column(String(32))
    #: a notice that must be acknowledged in a pop-up (confirmPopWindow)
    must_confirm: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = created_at_column()


class NoticeRead(Base):
    """A user has read (and, for a notice that needs it, acknowledged) a notice."""

    __tablename__ = "notice_read"

    notice_id: Mapped[int] = mapped_column(ForeignKey("notice.id"), primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(
        ForeignKey("broker_user.id"), primary_key=True, index=True
    )
    read_at: Mapped[datetime] = created_at_column()
    confirmed_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
