"""Suitability (适当性, docs/rules.md#suitability): the questionnaires stored in the database, the
answers given
to them, and the recorded confirmations of purchases or holdings above the investor's grade.

A risk questionnaire (``kind='risk'``) scores its answers to a risk grade C1..C5
(``riskGrade5`` 1..5); the grade and its date are copied to the account, where the trade rules
read them. Other questionnaires (``kind='general'``: investment preferences, satisfaction) are
answered the same way and carry no score.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.models._columns import created_at_column

SURVEY_RISK = "risk"
SURVEY_GENERAL = "general"

#: Authorization codes of docs/product.md#states: 0 over-level awaiting authorization, 1 authorized,
#: 2 refused, 9 blank (nothing recorded).
AUTHZ_PENDING = 0
AUTHZ_AUTHORIZED = 1
AUTHZ_REFUSED = 2
AUTHZ_BLANK = 9


class Survey(Base):
    """A questionnaire, in one version. A broker's own risk questionnaire has its broker id;
    a platform-wide one has none. Answers keep pointing at the version they were given to."""

    __tablename__ = "survey"
    __table_args__ = (
        UniqueConstraint("code", "version"),
        CheckConstraint("kind IN ('risk', 'general')", name="kind"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # surveyId
    broker_id: Mapped[int | None] = mapped_column(ForeignKey("broker.id"), default=None)
    kind: Mapped[str] = mapped_column(String(16), default=SURVEY_GENERAL)
    code: Mapped[str] = mapped_column(String(32))
    version: Mapped[int] = mapped_column(Integer, default=1)
    title: Mapped[str] = mapped_column(String(64))
    description: Mapped[str] = mapped_column(Text, default="")
    #: active (answerable) or retired (kept for the answers given to it).
    status: Mapped[str] = mapped_column(String(16), default="active")
    created_at: Mapped[datetime] = created_at_column()


class SurveyQuestion(Base):
    __tablename__ = "survey_question"
    __table_args__ = (
        UniqueConstraint("survey_id", "no"),
        CheckConstraint("type IN ('single', 'multi', 'text')", name="type"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # questionId
    survey_id: Mapped[int] = mapped_column(ForeignKey("survey.id"), index=True)
    no: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(255))
    type: Mapped[str] = mapped_column(String(8), default="single")
    required: Mapped[bool] = mapped_column(Boolean, default=True)


class SurveyOption(Base):
    """One answer of a question. A multiple-choice question scores its highest chosen option.
    ``forces_lowest`` marks an answer that makes the investor 风险承受能力最低类别 (C1)
    whatever the score (证券期货投资者适当性管理办法 第八条)."""

    __tablename__ = "survey_option"
    __table_args__ = (UniqueConstraint("question_id", "no"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # optionId
    question_id: Mapped[int] = mapped_column(ForeignKey("survey_question.id"), index=True)
    no: Mapped[int] = mapped_column(Integer)
    label: Mapped[str] = mapped_column(String(4))  # A, B, C …
    text: Mapped[str] = mapped_column(String(255))
    score: Mapped[int] = mapped_column(Integer, default=0)
    forces_lowest: Mapped[bool] = mapped_column(Boolean, default=False)


class SurveySubmission(Base):
    """A user's answers to a questionnaire: ``{questionId: [optionId, …] or "text"}``; for a
    risk questionnaire also the score and the grade it gave, valid until ``expires_at``."""

    __tablename__ = "survey_submission"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    survey_id: Mapped[int] = mapped_column(ForeignKey("survey.id"))
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"))
    account_id: Mapped[int | None] = mapped_column(ForeignKey("account.id"), default=None)
    answers: Mapped[dict[str, Any]] = mapped_column(JSON)
    score: Mapped[int | None] = mapped_column(Integer, default=None)
    risk_grade5: Mapped[int | None] = mapped_column(Integer, default=None)
    submitted_at: Mapped[datetime] = mapped_column(AwareDateTime())
    expires_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)


Index(
    "ix_survey_submission_user_survey",
    SurveySubmission.broker_user_id,
    SurveySubmission.survey_id,
)


class RiskConfirmation(Base):
    """A recorded choice about risk above the investor's grade (docs/rules.md#suitability).

    ``scene`` PURCHASE: the investor confirmed (1) or refused (2) buying a product above their
    grade after the mismatch warning; a purchase above the grade needs a confirmation.
    ``scene`` HOLDING: for a holding above the grade, 确认继续持有 (1) or 我计划自行卖出 (2).
    Rows are never changed: each choice is a new row, the latest one counts.
    """

    __tablename__ = "risk_confirmation"
    __table_args__ = (
        CheckConstraint("scene IN ('PURCHASE', 'HOLDING')", name="scene"),
        CheckConstraint("status IN (1, 2)", name="status"),
        CheckConstraint("product_level BETWEEN 1 AND 5", name="product_level"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"))
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id"))
    scene: Mapped[str] = mapped_column(String(16), default="PURCHASE")
    product_code: Mapped[str] = mapped_column(String(32), default="")
    product_type: Mapped[str] = mapped_column(String(16), default="")
    product_level: Mapped[int] = mapped_column(Integer)
    risk_grade5: Mapped[int] = mapped_column(Integer)
    status: Mapped[int] = mapped_column(Integer, default=AUTHZ_AUTHORIZED)
    created_at: Mapped[datetime] = created_at_column()


Index(
    "ix_risk_confirmation_account_product",
    RiskConfirmation.account_id,
    RiskConfirmation.product_code,
)
