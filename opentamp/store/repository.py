"""Queries of the adviser zone's content."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Select, func, or_, select
from sqlalchemy.orm import Session

from opentamp.models.content import (
    Article,
    ChannelAccess,
    ChannelLandingPage,
    OperationPush,
    StoreAd,
    StoreAnnouncement,
    StorePageConfig,
    StoreRecommendation,
)
from opentamp.models.platform import Broker, Team


def team(session: Session, team_id: int) -> Team | None:
    return session.get(Team, team_id)


def team_by_mid(session: Session, mid: str) -> Team | None:
    return session.scalar(select(Team).where(Team.mid == mid))


def default_team(session: Session, broker_id: int | None) -> Team | None:
    """A broker's default team (its first when none is marked), or the platform's."""
    query = select(Team)
    if broker_id is not None:
        query = query.where(Team.broker_id == broker_id)
    return session.scalar(query.order_by(Team.is_default.desc(), Team.id).limit(1))


def broker(session: Session, broker_id: int) -> Broker | None:
    return session.get(Broker, broker_id)


def team_ids_of_broker(session: Session, broker_id: int) -> list[int]:
    return list(session.scalars(select(Team.id).where(Team.broker_id == broker_id)))


def announcements_query(team_id: int) -> Select[StoreAnnouncement]:
    return (
        select(StoreAnnouncement)
        .where(StoreAnnouncement.team_id == team_id)
        .order_by(StoreAnnouncement.is_top.desc(), StoreAnnouncement.published_at.desc())
    )


def ads(session: Session, team_id: int, position: str, today: date) -> list[StoreAd]:
    return list(
        session.scalars(
            select(StoreAd)
            .where(
                StoreAd.team_id == team_id,
                StoreAd.position == position,
                or_(StoreAd.start_date.is_(None), StoreAd.start_date <= today),
                or_(StoreAd.end_date.is_(None), StoreAd.end_date >= today),
            )
            .order_by(StoreAd.sort_order, StoreAd.id)
        )
    )


def recommendations(session: Session, team_id: int) -> list[StoreRecommendation]:
    return list(
        session.scalars(
            select(StoreRecommendation)
            .where(StoreRecommendation.team_id == team_id)
            .order_by(StoreRecommendation.sort_order, StoreRecommendation.id)
        )
    )


def articles_query(team_ids: list[int], moment: datetime) -> Select[Article]:
    return (
        select(Article)
        .where(Article.team_id.in_(team_ids), Article.published_at <= moment)
        .order_by(Article.is_top.desc(), Article.published_at.desc(), Article.id.desc())
    )


def count(session: Session, query: Select) -> int:  # type: ignore[type-arg]
    return int(session.scalar(select(func.count()).select_from(query.subquery())) or 0)


def article(session: Session, article_id: int) -> Article | None:
    return session.get(Article, article_id)


def page_config(session: Session, team_id: int, page: str) -> StorePageConfig | None:
    return session.scalar(
        select(StorePageConfig).where(
            StorePageConfig.team_id == team_id, StorePageConfig.page == page
        )
    )


def landing_page(session: Session, channel: str) -> ChannelLandingPage | None:
    return session.get(ChannelLandingPage, channel)


def visits(session: Session, channel: str, user_id: int) -> int:
    return int(
        session.scalar(
            select(func.count())
            .select_from(ChannelAccess)
            .where(ChannelAccess.channel == channel, ChannelAccess.broker_user_id == user_id)
        )
        or 0
    )


def operation_push(
    session: Session, broker_id: int | None, position: str, moment: datetime
) -> OperationPush | None:
    query = select(OperationPush).where(
        OperationPush.position == position,
        OperationPush.start_at <= moment,
        OperationPush.end_at > moment,
    )
    if broker_id is not None:
        query = query.where(
            or_(OperationPush.broker_id == broker_id, OperationPush.broker_id.is_(None))
        )
    else:
        query = query.where(OperationPush.broker_id.is_(None))
    return session.scalar(
        query.order_by(OperationPush.broker_id.is_(None), OperationPush.start_at.desc()).limit(1)
    )
