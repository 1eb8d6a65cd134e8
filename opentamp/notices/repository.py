"""The notice centre's queries (docs/notices.md#reading)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import ColumnElement, Row, and_, exists, func, insert, literal, or_, select
from sqlalchemy.orm import Session

from opentamp.core.finished_orders import with_order_fields
from opentamp.db import AwareDateTime
from opentamp.kit.clock import now
from opentamp.models.auth import BrokerUser
from opentamp.models.notices import Notice, NoticeRead, OutboxEvent


def visible(user: BrokerUser) -> ColumnElement[bool]:
    """The notices ``user`` sees: their own, and their broker's announcements."""
    return or_(
        Notice.broker_user_id == user.id,
        and_(Notice.broker_user_id.is_(None), Notice.broker_id == user.broker_id),
    )


def _read_row(user: BrokerUser) -> Any:
    return and_(NoticeRead.notice_id == Notice.id, NoticeRead.broker_user_id == user.id)


def unread(user: BrokerUser) -> ColumnElement[bool]:
    return ~exists().where(_read_row(user))


def page(
    session: Session, user: BrokerUser, *, category: str | None, offset: int, size: int
) -> tuple[int, Sequence[Row[Any]]]:
    where = [visible(user)]
    if category is not None:
        where.append(Notice.category == category)
    total = session.scalar(select(func.count()).select_from(Notice).where(*where)) or 0
    rows = session.execute(
        _rows(user).where(*where).order_by(Notice.id.desc()).offset(offset).limit(size)
    ).all()
    return total, rows


def _rows(user: BrokerUser) -> Any:
    """A notice, its event, its read row's times, and the fields of its order (a notice of a
    user's day of finished orders; NULL for another)."""
    return with_order_fields(
        select(Notice, OutboxEvent, NoticeRead.read_at, NoticeRead.confirmed_at)
        .join(OutboxEvent, OutboxEvent.id == Notice.event_id)
        .outerjoin(NoticeRead, _read_row(user)),
        Notice.order_id,
    )


def one(session: Session, user: BrokerUser, notice_id: int) -> Row[Any] | None:
    return session.execute(_rows(user).where(Notice.id == notice_id, visible(user))).one_or_none()


def needing_confirmation(session: Session, user: BrokerUser) -> Sequence[Row[Any]]:
    """The notices ``user`` must still acknowledge, oldest first."""
    return session.execute(
        _rows(user)
        .where(visible(user), Notice.must_confirm, NoticeRead.confirmed_at.is_(None))
        .order_by(Notice.id)
    ).all()


def unread_counts(session: Session, user: BrokerUser) -> dict[str, int]:
    rows = session.execute(
        select(Notice.category, func.count())
        .where(visible(user), unread(user))
        .group_by(Notice.category)
    ).all()
    return {category: count for category, count in rows}


def mark_read(session: Session, user: BrokerUser, notice_id: int, *, confirm: bool) -> None:
    row = session.get(NoticeRead, (notice_id, user.id))
    if row is None:
        row = NoticeRead(notice_id=notice_id, broker_user_id=user.id, read_at=now())
        session.add(row)
    if confirm and row.confirmed_at is None:
        row.confirmed_at = now()
    session.flush()


def mark_all_read(session: Session, user: BrokerUser, *, category: str | None) -> int:
    """One ``INSERT … SELECT`` of a read row for every unread notice (of ``category``)."""
    where = [visible(user), unread(user)]
    if category is not None:
        where.append(Notice.category == category)
    stmt = insert(NoticeRead).from_select(
        ["notice_id", "broker_user_id", "read_at"],
        select(Notice.id, literal(user.id), literal(now(), AwareDateTime())).where(*where),
    )
    return len(session.execute(stmt.returning(NoticeRead.notice_id)).all())
