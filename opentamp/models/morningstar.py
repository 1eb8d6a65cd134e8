"""Morningstar questionnaire answers, portfolio diagnoses and the investment proposals drawn from
them (docs/morningstar.md)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, CheckConstraint, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.kit.money import Money, Rate
from opentamp.models._columns import created_at_column

#: Proposal statuses (docs/morningstar.md#proposal).
PROPOSAL_PENDING, PROPOSAL_CONFIRMED = "PENDING", "CONFIRMED"


class MsSurvey(Base):
    """One submitted Morningstar questionnaire: the answers and the profile they give."""

    __tablename__ = "ms_survey"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    #: {question number: [chosen option numbers]}
    answers: Mapped[dict[str, Any]] = mapped_column(JSON)
    score: Mapped[int] = mapped_column(Integer)
    #: The profile: 1 保守 … 5 积极, and the equity share range it aims at.
    profile: Mapped[int] = mapped_column(Integer)
    equity_low: Mapped[Decimal] = mapped_column(Rate())
    equity_high: Mapped[Decimal] = mapped_column(Rate())
    horizon_years: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = created_at_column()


class MsDiagnosis(Base):
    """A diagnosis of the holdings as they were when it ran; ``result`` keeps every figure."""

    __tablename__ = "ms_diagnosis"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    survey_id: Mapped[int | None] = mapped_column(ForeignKey("ms_survey.id"), default=None)
    total_value: Mapped[Decimal] = mapped_column(Money())
    holding_count: Mapped[int] = mapped_column(Integer)
    score: Mapped[int] = mapped_column(Integer)
    result: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = created_at_column()


class MsProposal(Base):
    """The investment proposal drawn from a diagnosis: target lines by asset class."""

    __tablename__ = "ms_proposal"
    __table_args__ = (
        CheckConstraint("status IN ('PENDING', 'CONFIRMED')", name="status"),
        Index("ix_ms_proposal_user", "broker_user_id", "created_at"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    proposal_no: Mapped[str] = mapped_column(String(32), unique=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"))
    diagnosis_id: Mapped[int] = mapped_column(ForeignKey("ms_diagnosis.id"), unique=True)
    total_value: Mapped[Decimal] = mapped_column(Money())
    risk_level: Mapped[int] = mapped_column(Integer)
    lines: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(12), default=PROPOSAL_PENDING)
    confirmed_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    created_at: Mapped[datetime] = created_at_column()
