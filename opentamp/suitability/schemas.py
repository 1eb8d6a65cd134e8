from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import Field

from opentamp.kit.params import Id
from opentamp.kit.schema import CamelModel


class OptionOut(CamelModel):
    option_id: int
    label: str
    text: str


class QuestionOut(CamelModel):
    question_id: int
    no: int
    text: str
    type: str
    required: bool
    options: list[OptionOut]


class SurveyOut(CamelModel):
    survey_id: int
    code: str
    version: int
    kind: str
    title: str
    description: str
    questions: list[QuestionOut]
    my_answers: dict[str, list[int] | str] | None = None
    answered_at: datetime | None = None


class SurveyBrief(CamelModel):
    survey_id: int
    title: str
    description: str
    kind: str
    question_count: int
    answered: bool
    answered_at: datetime | None


class AnswerIn(CamelModel):
    question_id: Id
    option_ids: list[Id] = Field(default_factory=list, max_length=20)
    text: str | None = Field(default=None, max_length=500)


class SubmitIn(CamelModel):
    survey_id: Id
    answers: list[AnswerIn] = Field(min_length=1, max_length=100)
    confirm: bool = Field(default=True, description="false 只计算结果（确认页），不保存")


class SurveyResultOut(CamelModel):
    survey_id: int
    saved: bool
    score: int | None
    risk_grade5: int | None
    risk_grade_name: str | None
    description: str | None
    forced_lowest: bool
    assessed_at: datetime | None
    expire_date: date | None


class LatestSurveyOut(CamelModel):
    """Risk data (docs/product.md#entities)."""

    risk_grade5: int | None
    risk_grade_name: str | None
    latest_survey_date: date | None
    expire_date: date | None
    has_done_survey: bool
    is_expired: bool
    is_need_toast: bool


class VerdictOut(CamelModel):
    """A product against the investor's grade (docs/rules.md#suitability)."""

    product_code: str
    product_type: str
    product_risk_level: int
    product_risk_name: str
    risk_grade5: int | None
    risk_grade_name: str | None
    match: str  # match, needs_confirmation, forbidden, no_valid_grade
    is_match: bool
    need_confirm: bool
    forbidden: bool
    need_survey: bool
    warning: str
    opinion: str
    #: what a refused trade (``forbidden``) says, the trade's own 64003 message: 该产品风险等级
    #: 超出您的风险承受能力，暂时无法购买 (or 转换 for a conversion); empty otherwise
    refusal: str


class AdequacyIn(CamelModel):
    product_code: str = Field(min_length=1, max_length=32)
    product_type: str = Field(default="fund", max_length=16)
    confirm: bool = Field(description="投资者确认购买（超出风险承受能力时记录确认）")


class AuthzIn(CamelModel):
    product_code: str = Field(min_length=1, max_length=32)
    product_type: str = Field(default="fund", max_length=16)
    scene: Literal["PURCHASE", "HOLDING"] = "PURCHASE"
    authz_status: Literal[1, 2] = Field(
        description="PURCHASE：1 确认购买，2 放弃；HOLDING：1 确认继续持有，2 我计划自行卖出"
    )


class AuthzOut(CamelModel):
    product_code: str
    scene: str
    authz_status: int = Field(description="0 超风险待授权，1 已授权，2 已拒绝，9 无记录")
    recorded_at: datetime | None


class QualifiedOut(CamelModel):
    status: str  # QUALIFIED, NOT_QUALIFIED
    financial_assets: str
    threshold: str
    url: str
