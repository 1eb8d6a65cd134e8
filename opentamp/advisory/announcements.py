"""Announcements of a strategy's adviser (docs/advisory.md): the account home's list, the
detail, reading one, and the unread mandatory ones that must be read before trading."""

from __future__ import annotations

from sqlalchemy import Date, String, cast, literal, null, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from opentamp.advisory import repository as repo
from opentamp.advisory.schemas import AnnounceIn, AnnouncementDetailOut, AnnouncementOut
from opentamp.core.events import ADVISER_ANNOUNCEMENT, deliver_soon, record_events
from opentamp.db import AwareDateTime
from opentamp.errors import NotFound
from opentamp.kit.clock import now
from opentamp.models.advisory import (
    IN_FORCE,
    AdvisoryAnnouncement,
    AdvisoryAnnouncementRead,
    ServiceAccount,
)
from opentamp.models.auth import BrokerUser


def _read_ids(session: Session, user_id: int) -> set[int]:
    return set(
        session.scalars(
            select(AdvisoryAnnouncementRead.announcement_id).where(
                AdvisoryAnnouncementRead.broker_user_id == user_id
            )
        ).all()
    )


def _out(a: AdvisoryAnnouncement, read: set[int]) -> AnnouncementOut:
    return AnnouncementOut(
        announcement_id=a.id,
        po_code=a.po_code,
        title=a.title,
        publish_time=a.published_at,
        is_mandatory=a.is_mandatory,
        is_read=a.id in read,
    )


def home_list(
    session: Session, *, user: BrokerUser, service_account_id: int
) -> list[AnnouncementOut]:
    sa = repo.owned_account(session, user, service_account_id)
    rows = session.scalars(
        select(AdvisoryAnnouncement)
        .where(AdvisoryAnnouncement.po_code == sa.po_code)
        .order_by(AdvisoryAnnouncement.published_at.desc(), AdvisoryAnnouncement.id.desc())
        .limit(20)
    ).all()
    read = _read_ids(session, user.id)
    return [_out(a, read) for a in rows]


def mandatory_list(
    session: Session, *, user: BrokerUser, service_account_id: int
) -> list[AnnouncementOut]:
    sa = repo.owned_account(session, user, service_account_id)
    return [_out(a, set()) for a in repo.unread_mandatory(session, user.id, sa.po_code)]


def _visible(session: Session, user: BrokerUser, announcement_id: int) -> AdvisoryAnnouncement:
    """An announcement of a strategy the caller has a service account of; else 404."""
    a = session.get(AdvisoryAnnouncement, announcement_id)
    if a is None or a.po_code not in {sa.po_code for sa in repo.accounts_of(session, user.id)}:
        raise NotFound()
    return a


def detail(session: Session, *, user: BrokerUser, announcement_id: int) -> AnnouncementDetailOut:
    a = _visible(session, user, announcement_id)
    out = _out(a, _read_ids(session, user.id))
    return AnnouncementDetailOut(**out.model_dump(), content=a.content)


def read(session: Session, *, user: BrokerUser, announcement_id: int) -> AnnouncementDetailOut:
    a = _visible(session, user, announcement_id)
    if session.get(AdvisoryAnnouncementRead, (a.id, user.id)) is None:
        try:
            with session.begin_nested():
                session.add(
                    AdvisoryAnnouncementRead(
                        announcement_id=a.id, broker_user_id=user.id, read_at=now()
                    )
                )
        except IntegrityError:  # read concurrently
            pass
    return detail(session, user=user, announcement_id=a.id)


def publish(session: Session, *, body: AnnounceIn, operator_id: int | None) -> AdvisoryAnnouncement:
    a = AdvisoryAnnouncement(
        po_code=body.po_code,
        title=body.title,
        content=body.content,
        is_mandatory=body.is_mandatory,
        operator_id=operator_id,
        published_at=now(),
    )
    session.add(a)
    session.flush()
    _record(session, a)
    return a


def _record(session: Session, a: AdvisoryAnnouncement) -> None:
    """The announcement as an ``adviser.announcement`` event of the outbox for each user with
    an account of the strategy in force (docs/notices.md#the-events): one ``INSERT … SELECT``,
    delivered by one task deferred with it (not at the evening's pipeline)."""
    sa = ServiceAccount
    holders = (
        select(sa.broker_user_id)
        .where(sa.po_code == a.po_code, sa.contract_status == IN_FORCE)
        .distinct()
        .subquery()
    )
    new = record_events(
        session,
        select(
            literal(f"{ADVISER_ANNOUNCEMENT}:{a.id}:") + cast(holders.c.broker_user_id, String),
            literal(ADVISER_ANNOUNCEMENT),
            BrokerUser.broker_id,
            holders.c.broker_user_id,
            literal(a.po_code),
            literal(a.title[:128]),
            null(),
            literal(a.content),
            literal(now().date(), Date),
            literal(now(), AwareDateTime()),
        )
        .join(BrokerUser, BrokerUser.id == holders.c.broker_user_id)
        .where(BrokerUser.id.is_not(None)),
    )
    if new:
        deliver_soon(session, f"{ADVISER_ANNOUNCEMENT}:{a.id}")
