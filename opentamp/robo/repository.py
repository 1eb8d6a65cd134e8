"""The robo adviser's reads and owned-row lookups (another user's row answers 404)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.errors import NotFound
from opentamp.models.auth import BrokerUser
from opentamp.models.products import Fund, PortfolioComponent
from opentamp.models.robo import (
    SURVEY_DELETED,
    RoboAccount,
    RoboPlan,
    RoboRiskDecision,
    RoboStrategy,
    RoboSurvey,
)
from opentamp.robo.errors import NoUniverse


def survey(session: Session, user: BrokerUser, survey_id: int) -> RoboSurvey:
    row = session.get(RoboSurvey, survey_id)
    if row is None or row.broker_user_id != user.id or row.status == SURVEY_DELETED:
        raise NotFound()
    return row


def latest_survey(session: Session, user: BrokerUser) -> RoboSurvey | None:
    return session.scalar(
        select(RoboSurvey)
        .where(RoboSurvey.broker_user_id == user.id, RoboSurvey.status != SURVEY_DELETED)
        .order_by(RoboSurvey.id.desc())
        .limit(1)
    )


def plan(session: Session, user: BrokerUser, plan_id: int) -> RoboPlan:
    row = session.get(RoboPlan, plan_id)
    if row is None or row.broker_user_id != user.id:
        raise NotFound()
    return row


def plans_of_survey(session: Session, survey_id: int) -> list[RoboPlan]:
    return list(
        session.scalars(
            select(RoboPlan).where(RoboPlan.survey_id == survey_id).order_by(RoboPlan.id)
        )
    )


def latest_plan(session: Session, survey_id: int) -> RoboPlan | None:
    plans = plans_of_survey(session, survey_id)
    return plans[-1] if plans else None


def decisions(session: Session, plan_id: int) -> list[RoboRiskDecision]:
    return list(
        session.scalars(
            select(RoboRiskDecision)
            .where(RoboRiskDecision.plan_id == plan_id)
            .order_by(RoboRiskDecision.id)
        )
    )


def strategy(session: Session) -> RoboStrategy:
    """The robo strategy new plans are signed on (the first active one)."""
    row = session.scalar(
        select(RoboStrategy).where(RoboStrategy.active.is_(True)).order_by(RoboStrategy.po_code)
    )
    if row is None:
        raise NoUniverse()
    return row


def universe(session: Session, po_code: str) -> dict[str, Fund]:
    rows = session.execute(
        select(Fund)
        .join(PortfolioComponent, PortfolioComponent.fund_code == Fund.code)
        .where(PortfolioComponent.portfolio_code == po_code)
        .order_by(Fund.code)
    ).scalars()
    return {f.code: f for f in rows}


def funds(session: Session, codes: Sequence[str]) -> dict[str, Fund]:
    if not codes:
        return {}
    return {f.code: f for f in session.scalars(select(Fund).where(Fund.code.in_(codes)))}


def account(session: Session, user: BrokerUser, service_account_id: int) -> RoboAccount:
    row = session.get(RoboAccount, service_account_id)
    if row is None or row.broker_user_id != user.id:
        raise NotFound()
    return row


def accounts_of(session: Session, user: BrokerUser) -> list[RoboAccount]:
    return list(
        session.scalars(
            select(RoboAccount)
            .where(RoboAccount.broker_user_id == user.id)
            .order_by(RoboAccount.service_account_id.desc())
        )
    )


def name_taken(session: Session, user: BrokerUser, name: str, but: int | None = None) -> bool:
    q = select(RoboAccount.service_account_id).where(
        RoboAccount.broker_user_id == user.id, RoboAccount.name == name
    )
    if but is not None:
        q = q.where(RoboAccount.service_account_id != but)
    return session.scalar(q.limit(1)) is not None
