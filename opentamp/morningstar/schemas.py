"""Bodies and answers of ``/morningStar/*`` (docs/morningstar.md)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated

from pydantic import Field

from opentamp.kit.params import Id
from opentamp.kit.schema import CamelModel

# -- questionnaire ------------------------------------------------------------------------


class MsOptionOut(CamelModel):
    no: int
    text: str


class MsQuestionOut(CamelModel):
    no: int
    text: str
    multi: bool
    options: list[MsOptionOut]
    chosen: list[int] = []


class MsSurveyResultOut(CamelModel):
    survey_id: int
    score: int
    profile: int
    profile_name: str
    description: str
    equity_low: Decimal
    equity_high: Decimal
    horizon_years: int
    submitted_at: datetime


class MsSurveyDetailOut(CamelModel):
    title: str
    questions: list[MsQuestionOut]
    result: MsSurveyResultOut | None


class MsAnswerIn(CamelModel):
    no: int = Field(ge=1, le=99)
    chosen: list[Annotated[int, Field(ge=1, le=99)]] = Field(max_length=10)


class MsSurveySubmitIn(CamelModel):
    answers: list[MsAnswerIn] = Field(max_length=20)


# -- diagnosis ----------------------------------------------------------------------------


class ShareRow(CamelModel):
    name: str
    value: Decimal
    share: Decimal


class TopHolding(ShareRow):
    code: str


class ConcentrationOut(CamelModel):
    level: str
    finding: str
    top_holdings: list[TopHolding]
    top_share: Decimal
    max_fund_share: Decimal
    max_manager_share: Decimal
    managers: list[ShareRow]


class ExposureOut(CamelModel):
    level: str
    finding: str
    asset_classes: list[ShareRow]
    styles: list[ShareRow]
    equity_share: Decimal
    target_low: Decimal | None
    target_high: Decimal | None


class PairOut(CamelModel):
    code_a: str
    name_a: str
    code_b: str
    name_b: str
    correlation: Decimal
    days: int
    overlapping: bool


class OverlapOut(CamelModel):
    level: str
    finding: str
    pairs: list[PairOut]
    overlapping_count: int


class FeeRow(CamelModel):
    code: str
    name: str
    ongoing_rate: Decimal | None
    yearly_cost: Decimal | None


class FeesOut(CamelModel):
    level: str
    finding: str
    fees_paid: Decimal
    weighted_ongoing_rate: Decimal | None
    yearly_cost: Decimal
    funds: list[FeeRow]


class RiskRow(CamelModel):
    code: str
    name: str
    risk_level: int
    share: Decimal


class MsRiskOut(CamelModel):
    level: str
    finding: str
    grade: int | None
    weighted_risk_level: Decimal
    highest_risk_level: int
    above_grade: list[RiskRow]
    above_grade_share: Decimal


class CurvePoint(CamelModel):
    date: date
    value: Decimal | None


class MsPerformanceOut(CamelModel):
    level: str
    finding: str
    start_date: date | None = None
    end_date: date | None = None
    portfolio_return: Decimal | None = None
    benchmark_return: Decimal | None = None
    excess_return: Decimal | None = None
    max_drawdown: Decimal | None = None
    volatility: Decimal | None = None
    benchmarks: list[str] = []
    curve: list[CurvePoint]
    benchmark_curve: list[CurvePoint]


class SectionsOut(CamelModel):
    concentration: ConcentrationOut
    exposure: ExposureOut
    overlap: OverlapOut
    fees: FeesOut
    risk: MsRiskOut
    performance: MsPerformanceOut


class DiagnosisOut(CamelModel):
    """A diagnosis; ``empty`` (no holdings) comes with no sections and a message."""

    diagnosis_id: int | None
    empty: bool
    message: str
    diagnosed_at: datetime | None
    total_value: Decimal
    holding_count: int
    score: int | None
    warn_count: int
    survey_done: bool
    proposal_id: int | None
    sections: SectionsOut | None


class ScorePoint(CamelModel):
    diagnosis_id: int
    diagnosed_at: datetime
    score: int
    total_value: Decimal


class StatisticsOut(CamelModel):
    diagnosis_count: int
    first_at: datetime | None
    latest_at: datetime | None
    latest_score: int | None
    best_score: int | None
    history: list[ScorePoint]


# -- proposal -----------------------------------------------------------------------------


class ProposalLineOut(CamelModel):
    asset_class: str
    current_value: Decimal
    current_share: Decimal
    target_share: Decimal
    target_value: Decimal
    change_value: Decimal
    fund_code: str
    fund_name: str
    fund_risk_level: int | None


class ProposalBaseOut(CamelModel):
    proposal_id: int
    proposal_no: str
    customer_name: str
    created_at: datetime
    diagnosis_id: int
    diagnosis_score: int
    total_value: Decimal
    profile_name: str
    equity_target: Decimal
    status: str
    status_name: str
    confirmed_at: datetime | None


class ProposalRiskOut(CamelModel):
    proposal_id: int
    risk_level: int
    risk_level_name: str
    grade: int | None
    grade_name: str
    match: str
    need_confirm: bool
    warning: str
    above_grade: list[ProposalLineOut]


class ProposalDetailOut(CamelModel):
    base: ProposalBaseOut
    risk: ProposalRiskOut
    lines: list[ProposalLineOut]


class ProposalConfirmIn(CamelModel):
    proposal_id: Id
    accept_risk: bool = False
