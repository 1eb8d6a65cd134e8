"""The notice centre (docs/notices.md): events become notices, users read them.

Features never write notices: they record events (``core/events.py``), and :func:`deliver`
turns every event not yet delivered into its one notice, and a user's day of finished orders
(``orders.finished``) into one notice per order (``notice (event_id, order_id)`` is unique), in
one ``INSERT … SELECT``; it runs as the daily pipeline's last step and as the task deferred with
each event recorded from Python. Delivering twice makes nothing twice.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast
from uuid import uuid4

from sqlalchemy import (
    Row,
    and_,
    case,
    exists,
    false,
    literal,
    literal_column,
    or_,
    select,
    union_all,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session, aliased

from opentamp.core import caller
from opentamp.core.events import BROKER_ANNOUNCEMENT, ORDERS_FINISHED, record_event
from opentamp.core.finished_orders import (
    ORDER_EVENT_KINDS,
    finished_on,
    order_event_key,
    order_kind,
)
from opentamp.db import AwareDateTime
from opentamp.kit.clock import now
from opentamp.kit.pagination import PageOut, has_more, page_offset
from opentamp.models.auth import BrokerUser
from opentamp.models.notices import Notice, OutboxEvent
from opentamp.models.orders import TradeOrder
from opentamp.models.platform import Broker
from opentamp.notices import repository
from opentamp.notices.errors import (
    BrokerNotFound,
    NoConfirmNeeded,
    NoticeNotFound,
    UnknownCategory,
)
from opentamp.notices.schemas import (
    BrokerAnnouncementIn,
    CategoryUnread,
    NoticeFile,
    ReadAllOut,
    UnreadOut,
    UserNoticeOut,
)
from opentamp.notices.templates import CATEGORIES, CATEGORY_OF, Fields, render

#: ``ref`` of an announcement that must be acknowledged in a pop-up.
NEED_CONFIRM = "needConfirm"


#: The columns of a notice that delivery writes.
NOTICE_COLUMNS = [
    "event_id",
    "order_id",
    "broker_id",
    "broker_user_id",
    "category",
    "kind",
    "must_confirm",
    "created_at",
]


def deliver(session: Session) -> int:
    """Make the notices of every event not yet delivered (one per event; of a user's day of
    finished orders, one per order); returns how many were made. An order has one notice,
    whatever its events: an order's own event of before 2026-11-27 and its user's day (a day
    settled again after the change) make one between them (docs/notices.md#delivery)."""
    session.flush()
    e = OutboxEvent
    o = TradeOrder
    category = case(
        *((e.kind == kind, literal(cat)) for kind, cat in CATEGORY_OF.items()),
        else_=literal("TRADE"),
    )
    pending = e.delivered_at.is_(None)
    day = e.kind == ORDERS_FINISHED
    # The orders of a user's day that it owes a notice: the user's orders finished on the
    # event's day, selected as settlement selected them when it recorded the event, but for
    # those with an event of their own (which makes, or made, their notice).
    own_event = aliased(OutboxEvent, name="own_event")
    owed = and_(
        o.broker_user_id == e.broker_user_id,
        *finished_on(o, e.occurred_on),
        ~exists().where(own_event.key == order_event_key(o)),
    )
    # An order's own event whose order has its notice from its user's day already.
    noticed = aliased(TradeOrder, name="noticed_order")
    told_by_day = and_(
        e.kind.in_(ORDER_EVENT_KINDS),
        exists()
        .where(
            Notice.broker_user_id == e.broker_user_id,
            Notice.order_id == noticed.id,
            noticed.broker_order_no == e.ref,
        )
        .correlate(e),
    )
    # A user's day of finished orders: a notice per order it owes.
    of_orders = (
        select(
            e.id.label("event_id"),
            o.id.label("order_id"),
            e.broker_id,
            e.broker_user_id,
            literal(CATEGORY_OF[ORDERS_FINISHED]),
            order_kind(o),
            false(),
            e.created_at,
        )
        .join(o, owed)
        .where(pending, day)
    )
    # Any other event: its one notice.
    of_events = select(
        e.id,
        literal(0),
        e.broker_id,
        e.broker_user_id,
        category,
        e.kind,
        e.ref == NEED_CONFIRM,
        e.created_at,
    ).where(pending, ~day, ~told_by_day)
    # One statement, in the events' order: the notices' ids (the list's newest first) follow
    # the events', as they did with a notice per event.
    rows = union_all(of_orders, of_events).order_by(
        literal_column("event_id"), literal_column("order_id")
    )
    insert = sqlite_insert if session.get_bind().dialect.name == "sqlite" else pg_insert
    result = session.execute(
        insert(Notice)
        .from_select(NOTICE_COLUMNS, rows)
        .on_conflict_do_nothing(index_elements=["event_id", "order_id"]),
        execution_options={"synchronize_session": False, "preserve_rowcount": True},
    )
    made = max(int(result.rowcount or 0), 0)  # type: ignore[attr-defined]
    # Delivered: an event with its notices, and one that owes none (a day whose every order
    # has its own event, an order's event whose order was told by its day).
    session.execute(
        update(OutboxEvent)
        .where(
            pending,
            or_(
                # by the notices' (event_id, order_id) index, row by row: an IN over a million
                # notices is a subplan that no longer hashes within work_mem on PostgreSQL and
                # scans the notices again for every event
                exists().where(Notice.event_id == e.id),
                and_(day, ~exists(select(o.id).where(owed))),
                told_by_day,
            ),
        )
        .values(delivered_at=literal(now(), AwareDateTime()))
        .execution_options(synchronize_session=False)
    )
    return made


def _wallet_name(session: Session, user: BrokerUser) -> str:
    """The name of the user's broker's wallet, which a wallet order's notice says."""
    return caller.broker_of(session, user).wallet_name


def _check_category(category: str | None) -> str | None:
    if category is not None and category not in CATEGORIES:
        raise UnknownCategory(name=category[:16])
    return category


def notice_out(row: Row[Any], *, wallet_name: str) -> UserNoticeOut:
    notice, event, read_at, confirmed_at = cast(
        tuple[Notice, OutboxEvent, datetime | None, datetime | None], tuple(row)[:4]
    )
    if notice.order_id:  # one order of a user's day: its fields from the order
        ref, subject, amount, detail = tuple(row)[4:8]
        fields = Fields(
            notice.kind, ref or "", subject or "", amount, detail or "", event.occurred_on
        )
    else:
        fields = Fields(
            kind=event.kind,
            ref=event.ref,
            subject=event.subject,
            amount=event.amount,
            detail=event.detail,
            occurred_on=event.occurred_on,
        )
    text = render(fields, wallet_name=wallet_name)
    files = (event.payload or {}).get("files") or []
    return UserNoticeOut(
        notice_id=notice.id,
        category=notice.category,
        category_name=CATEGORIES.get(notice.category, ""),
        kind=notice.kind,
        title=text.title,
        content=text.content,
        create_time=notice.created_at,
        is_read=read_at is not None,
        need_confirm=notice.must_confirm,
        is_confirmed=confirmed_at is not None,
        link=text.link,
        files=[NoticeFile.model_validate(f) for f in files],
    )


def notices(
    session: Session, *, user: BrokerUser, category: str | None, page: int, size: int
) -> PageOut[UserNoticeOut]:
    _check_category(category)
    total, rows = repository.page(
        session, user, category=category, offset=page_offset(page, size), size=size
    )
    wallet_name = _wallet_name(session, user)
    return PageOut[UserNoticeOut](
        list=[notice_out(r, wallet_name=wallet_name) for r in rows],
        total=total,
        page=page,
        size=size,
        has_more=has_more(page, size, total),
    )


def detail(session: Session, *, user: BrokerUser, notice_id: int) -> UserNoticeOut:
    row = repository.one(session, user, notice_id)
    if row is None:
        raise NoticeNotFound()
    return notice_out(row, wallet_name=_wallet_name(session, user))


def read(session: Session, *, user: BrokerUser, notice_id: int) -> UserNoticeOut:
    if repository.one(session, user, notice_id) is None:
        raise NoticeNotFound()
    repository.mark_read(session, user, notice_id, confirm=False)
    return detail(session, user=user, notice_id=notice_id)


def read_all(session: Session, *, user: BrokerUser, category: str | None) -> ReadAllOut:
    _check_category(category)
    return ReadAllOut(count=repository.mark_all_read(session, user, category=category))


def unread(session: Session, *, user: BrokerUser) -> UnreadOut:
    counts = repository.unread_counts(session, user)
    return UnreadOut(
        total=sum(counts.values()),
        categories=[
            CategoryUnread(category=c, category_name=name, unread=counts.get(c, 0))
            for c, name in CATEGORIES.items()
        ],
    )


def to_confirm(session: Session, *, user: BrokerUser) -> list[UserNoticeOut]:
    wallet_name = _wallet_name(session, user)
    return [
        notice_out(r, wallet_name=wallet_name)
        for r in repository.needing_confirmation(session, user)
    ]


def confirm(session: Session, *, user: BrokerUser, notice_id: int) -> UserNoticeOut:
    row = repository.one(session, user, notice_id)
    if row is None:
        raise NoticeNotFound()
    if not row[0].must_confirm:
        raise NoConfirmNeeded()
    repository.mark_read(session, user, notice_id, confirm=True)
    return detail(session, user=user, notice_id=notice_id)


def announce(session: Session, *, broker_id: int, body: BrokerAnnouncementIn) -> str:
    """An announcement of the broker to all its users: an event like any other. Returns the
    event's key."""
    if session.get(Broker, broker_id) is None:
        raise BrokerNotFound()
    key = uuid4().hex
    record_event(
        session,
        kind=BROKER_ANNOUNCEMENT,
        key=key,
        broker_id=broker_id,
        ref=NEED_CONFIRM if body.need_confirm else "",
        subject=body.title,
        detail=body.content,
        payload={"files": [f.model_dump(by_alias=True) for f in body.files]},
    )
    return f"{BROKER_ANNOUNCEMENT}:{key}"
