"""The robo adviser (智能投顾, docs/robo.md): the investors' goal surveys, the investment plans
built from them (the optimiser's alternatives), the risk-permission decisions and the robo
accounts (an advisory service account with the plan's own model)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, CheckConstraint, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.models._columns import created_at_column, updated_at_column

#: Survey statuses (docs/robo.md#states-and-codes).
SURVEY_DRAFT, SURVEY_SUBMITTED, SURVEY_DELETED = "DRAFT", "SUBMITTED", "DELETED"
#: Plan statuses.
PLAN_DRAFT, PLAN_CONFIRMED, PLAN_EXPIRED = "DRAFT", "CONFIRMED", "EXPIRED"
#: Authorization codes of the risk permission (docs/robo.md#states-and-codes).
AUTH_AWAITING, AUTH_AUTHORIZED, AUTH_REFUSED, AUTH_BLANK = 0, 1, 2, 9


class RoboSurvey(Base):
    """A goal survey: its answers (goal, horizonMonths, amount, liquidityNeed, lossTolerance)
    and a version that grows with every change."""

    __tablename__ = "robo_survey"
    __table_args__ = (
        CheckConstraint("status IN ('DRAFT', 'SUBMITTED', 'DELETED')", name="status"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # surveyId
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    name: Mapped[str] = mapped_column(String(32))
    survey_type: Mapped[str] = mapped_column(String(16), default="GOAL")
    capital_tag: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16), default=SURVEY_DRAFT)
    version: Mapped[int] = mapped_column(Integer, default=1)
    answers: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    submitted_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()


class RoboPlan(Base):
    """An investment plan built for one version of a survey: the alternatives (each with its
    weights and figures, as computed when built), the one chosen and its risk permission."""

    __tablename__ = "robo_plan"
    __table_args__ = (
        CheckConstraint("status IN ('DRAFT', 'CONFIRMED', 'EXPIRED')", name="status"),
        CheckConstraint("authorization_code IN (0, 1, 2, 9)", name="authorization_code"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # planningId
    survey_id: Mapped[int] = mapped_column(ForeignKey("robo_survey.id"), index=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    survey_version: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), default=PLAN_DRAFT)
    risk_grade: Mapped[int] = mapped_column(Integer)
    #: The alternatives: [{allocationId, method, weights {code: "0.2500"}, ...}].
    allocations: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    selected_allocation_id: Mapped[str] = mapped_column(String(24))
    authorization_code: Mapped[int] = mapped_column(Integer, default=AUTH_BLANK)
    service_account_id: Mapped[int | None] = mapped_column(
        ForeignKey("service_account.id"), default=None, unique=True
    )
    confirmed_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()


class RoboRiskDecision(Base):
    """One over-level authorisation decision (1 authorised, 2 refused) on a plan's allocation."""

    __tablename__ = "robo_risk_decision"
    __table_args__ = (CheckConstraint("decision IN (1, 2)", name="decision"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    plan_id: Mapped[int] = mapped_column(ForeignKey("robo_plan.id"), index=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"))
    allocation_id: Mapped[str] = mapped_column(String(24))
    decision: Mapped[int] = mapped_column(Integer)
    fund_codes: Mapped[list[str]] = mapped_column(JSON, default=list)
    decided_at: Mapped[datetime] = created_at_column()


class RoboAccount(Base):
    """A robo account: the service account signed from a plan, its name and its own model."""

    __tablename__ = "robo_account"

    service_account_id: Mapped[int] = mapped_column(
        ForeignKey("service_account.id"), primary_key=True
    )
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    plan_id: Mapped[int] = mapped_column(ForeignKey("robo_plan.id"), unique=True)
    name: Mapped[str] = mapped_column(String(32))
    #: The target weights (fund code → weight as a string of 4 places), the plan's choice.
    weights: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)
    risk_level: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()


class RoboStrategy(Base):
    """An advisory strategy robo accounts are signed on: its portfolio's components are the
    universe the optimiser chooses from (docs/robo.md#the-demo)."""

    __tablename__ = "robo_strategy"

    po_code: Mapped[str] = mapped_column(ForeignKey("advisory_strategy.po_code"), primary_key=True)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = created_at_column()
