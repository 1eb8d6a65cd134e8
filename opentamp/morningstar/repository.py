"""The reads and writes of the Morningstar feature."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.models.accounts import Account
from opentamp.models.catalogue import BenchmarkIndex
from opentamp.models.holdings import HOLDING, Holding
from opentamp.models.morningstar import MsDiagnosis, MsProposal, MsSurvey
from opentamp.models.orders import CONFIRMED, PART, TradeOrder
from opentamp.models.products import STATUS_NORMAL, Fund

ZERO = Decimal(0)


def account_of(session: Session, user_id: int) -> Account | None:
    return session.scalar(select(Account).where(Account.broker_user_id == user_id))


def held_values(session: Session, user_id: int) -> dict[str, Decimal]:
    """The market value of each fund the user holds, over all of their financial accounts."""
    rows = session.execute(
        select(Holding.fund_code, func.sum(Holding.market_value))
        .where(
            Holding.broker_user_id == user_id,
            Holding.status == HOLDING,
            Holding.market_value > 0,
        )
        .group_by(Holding.fund_code)
    )
    return {code: Decimal(value) for code, value in rows if value and Decimal(value) > 0}


def held_funds(session: Session, codes: list[str]) -> dict[str, Fund]:
    return {f.code: f for f in session.scalars(select(Fund).where(Fund.code.in_(codes)))}


def index_names(session: Session, codes: list[str]) -> dict[str, str]:
    rows = session.execute(
        select(BenchmarkIndex.code, BenchmarkIndex.name).where(BenchmarkIndex.code.in_(codes))
    )
    return {code: name for code, name in rows}


def fees_paid(session: Session, user_id: int) -> Decimal:
    """Fees of the user's confirmed fund orders (a portfolio's parent order repeats its
    children's fees, so only fund orders count)."""
    total = session.scalar(
        select(func.sum(TradeOrder.fee)).where(
            TradeOrder.broker_user_id == user_id,
            TradeOrder.fund_code != "",
            TradeOrder.confirm_status.in_((CONFIRMED, PART)),
        )
    )
    return Decimal(total or ZERO)


def latest_survey(session: Session, user_id: int) -> MsSurvey | None:
    return session.scalar(
        select(MsSurvey)
        .where(MsSurvey.broker_user_id == user_id)
        .order_by(MsSurvey.created_at.desc(), MsSurvey.id.desc())
        .limit(1)
    )


def latest_diagnosis(session: Session, user_id: int) -> MsDiagnosis | None:
    return session.scalar(
        select(MsDiagnosis)
        .where(MsDiagnosis.broker_user_id == user_id)
        .order_by(MsDiagnosis.created_at.desc(), MsDiagnosis.id.desc())
        .limit(1)
    )


def diagnoses(session: Session, user_id: int) -> list[MsDiagnosis]:
    return list(
        session.scalars(
            select(MsDiagnosis)
            .where(MsDiagnosis.broker_user_id == user_id)
            .order_by(MsDiagnosis.created_at, MsDiagnosis.id)
        )
    )


def proposal_of_diagnosis(session: Session, diagnosis_id: int) -> MsProposal | None:
    return session.scalar(select(MsProposal).where(MsProposal.diagnosis_id == diagnosis_id))


def proposal(session: Session, user_id: int, proposal_id: int | None) -> MsProposal | None:
    """The user's proposal by id, or their latest; another user's id finds nothing."""
    query = select(MsProposal).where(MsProposal.broker_user_id == user_id)
    if proposal_id is not None:
        query = query.where(MsProposal.id == proposal_id)
    return session.scalar(
        query.order_by(MsProposal.created_at.desc(), MsProposal.id.desc()).limit(1)
    )


def lock_proposal(session: Session, user_id: int, proposal_id: int) -> MsProposal | None:
    return session.scalar(
        select(MsProposal)
        .where(MsProposal.broker_user_id == user_id, MsProposal.id == proposal_id)
        .with_for_update()
    )


def catalogue_funds(session: Session, fund_types: list[int], max_risk: int) -> list[Fund]:
    """Funds on sale of these types at or under a risk level, ordered by code."""
    return list(
        session.scalars(
            select(Fund)
            .where(
                Fund.fund_type.in_(fund_types),
                Fund.risk_level <= max_risk,
                Fund.status == STATUS_NORMAL,
                Fund.is_pension.is_(False),
            )
            .order_by(Fund.code)
        )
    )
