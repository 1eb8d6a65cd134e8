"""Queries of the platform feature."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.models.platform import Broker, Team
from opentamp.models.popups import CustomerServiceConfig
from opentamp.models.telemetry import ClientMetric


def metrics_since(session: Session, *, client_ip: str, since: datetime) -> int:
    return (
        session.scalar(
            select(func.count())
            .select_from(ClientMetric)
            .where(ClientMetric.client_ip == client_ip, ClientMetric.created_at >= since)
        )
        or 0
    )


def customer_service_config(
    session: Session, *, broker_id: int, type: str
) -> CustomerServiceConfig | None:
    """The broker's own row of ``type``, else the platform-wide row of that type."""
    rows = session.scalars(
        select(CustomerServiceConfig).where(
            CustomerServiceConfig.type == type,
            (CustomerServiceConfig.broker_id == broker_id)
            | CustomerServiceConfig.broker_id.is_(None),
        )
    ).all()
    own = [r for r in rows if r.broker_id == broker_id]
    candidates = own or list(rows)
    return candidates[0] if candidates else None


def team_by_mid(session: Session, mid: str) -> Team | None:
    return session.scalar(select(Team).where(Team.mid == mid))


def default_team_of(session: Session, broker_id: int) -> Team | None:
    """A broker's default team, else its first."""
    return session.scalar(
        select(Team)
        .where(Team.broker_id == broker_id)
        .order_by(Team.is_default.desc(), Team.id)
        .limit(1)
    )


def default_team(session: Session) -> Team | None:
    """The platform's default team (the app opened without store parameters)."""
    return session.scalar(select(Team).order_by(Team.is_default.desc(), Team.id).limit(1))


def default_broker(session: Session) -> Broker | None:
    """The broker of the platform's default team (the app opened without a broker)."""
    team = default_team(session)
    if team is not None:
        return session.get(Broker, team.broker_id)
    return session.scalar(select(Broker).order_by(Broker.id).limit(1))
