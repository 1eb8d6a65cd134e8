"""The robo adviser's requests and answers (docs/robo.md#the-calls)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import Field

from opentamp.kit.params import Id
from opentamp.kit.schema import AmountIn, AmountOut, CamelModel, TradeWriteIn
from opentamp.trading.api import OrderOut

Goal = Literal["WEALTH", "RETIREMENT", "EDUCATION", "HOUSE"]
Liquidity = Literal["HIGH", "MEDIUM", "LOW"]
CapitalTag = Literal["IDLE", "SAVING", "PENSION", "EDUCATION"]
LossTolerance = Literal["0.05", "0.10", "0.20", "0.30"]
Name = Annotated[str, Field(min_length=1, max_length=32)]
AllocationId = Annotated[str, Field(min_length=1, max_length=24)]
TradePassword = Annotated[str, Field(min_length=1, max_length=32)]
VerifyCode = Annotated[str, Field(min_length=1, max_length=8)]


# -- survey -----------------------------------------------------------------------------------


class SurveyAnswers(CamelModel):
    goal: Goal | None = None
    horizon_months: int | None = Field(default=None, ge=1, le=600)
    amount: AmountIn | None = None
    liquidity_need: Liquidity | None = None
    loss_tolerance: LossTolerance | None = None


class SurveyCreateIn(CamelModel):
    survey_name: Name
    survey_type: Literal["GOAL"] = "GOAL"
    capital_tag: CapitalTag


class SurveyCreateOut(CamelModel):
    survey_id: int
    version: int


class SurveyIdIn(CamelModel):
    survey_id: Id


class SurveySaveIn(CamelModel):
    survey_id: Id
    answers: SurveyAnswers


class SurveySubmitIn(CamelModel):
    survey_id: Id
    answers: SurveyAnswers | None = None


class SurveyOut(CamelModel):
    survey_id: int
    survey_name: str
    survey_type: str
    capital_tag: str
    status: str
    version: int
    answers: SurveyAnswers
    missing_fields: list[str]
    planning_id: int | None
    created_at: datetime
    updated_at: datetime
    submitted_at: datetime | None


class SurveySubmitOut(CamelModel):
    survey_id: int
    version: int
    planning_id: int


class SurveyDeleteOut(CamelModel):
    survey_id: int
    status: str


# -- plan -------------------------------------------------------------------------------------


class AllocationItemOut(CamelModel):
    fund_code: str
    fund_name: str
    fund_type: str
    asset_class: str
    risk_level: int
    weight: Decimal
    amount: AmountOut
    exceeds_grade: bool


class AssetClassOut(CamelModel):
    asset_class: str
    weight: Decimal


class BacktestSummaryOut(CamelModel):
    start_date: date
    end_date: date
    cumulative_return: Decimal
    annual_return: Decimal
    annual_volatility: Decimal
    max_drawdown: Decimal
    max_drawdown_start: date | None
    max_drawdown_end: date | None
    recovery_date: date | None
    recovery_days: int | None
    loss_probability: Decimal
    median_return: Decimal
    horizon_months: int


class AllocationOut(CamelModel):
    allocation_id: str
    method: str
    name: str
    risk_level: int
    risk_level_name: str
    exceeds_grade: bool
    expected_return: Decimal
    expected_volatility: Decimal
    sharpe: Decimal | None
    selected: bool
    items: list[AllocationItemOut]
    asset_classes: list[AssetClassOut]
    backtest: BacktestSummaryOut | None


class AllocationListOut(CamelModel):
    planning_id: int
    #: The robo strategy the plan is signed on: its agreement files are the contract's.
    po_code: str
    survey_version: int
    risk_grade: int
    selected_allocation_id: str
    authorization_code: int
    list: list[AllocationOut]


class PlanningOut(CamelModel):
    planning_id: int
    #: The robo strategy the plan is signed on: its agreement files are the contract's.
    po_code: str
    survey_id: int
    survey_version: int
    source: str
    reason: str
    status: str
    risk_grade: int
    risk_grade_name: str
    target_volatility: Decimal
    horizon_months: int
    amount: AmountOut
    authorization_code: int
    selected_allocation_id: str
    service_account_id: int | None
    created_at: datetime
    confirmed_at: datetime | None
    allocations: list[AllocationOut]


class ChangeAllocationIn(CamelModel):
    planning_id: Id
    allocation_id: AllocationId
    survey_version: int = Field(ge=1, le=1_000_000)


class ConfirmPlanningIn(ChangeAllocationIn):
    file_id_list: list[Id] = Field(max_length=50)
    robo_service_name: Annotated[str, Field(min_length=1, max_length=16)] | None = None


class ConfirmPlanningOut(CamelModel):
    planning_id: int
    service_account_id: int
    contract_status: int
    contract_no: str
    phone: str
    expires_in: int


class PointOut(CamelModel):
    date: date
    value: Decimal


class PercentilesOut(CamelModel):
    p5: Decimal
    p25: Decimal
    p50: Decimal
    p75: Decimal
    p95: Decimal


class BucketOut(CamelModel):
    from_: Decimal = Field(alias="from")
    to: Decimal
    count: int


class FanPointOut(PercentilesOut):
    month: int


class BacktestOut(BacktestSummaryOut):
    planning_id: int
    allocation_id: str
    series: list[PointOut]
    drawdown: list[PointOut]
    rolling: list[PointOut]
    percentiles: PercentilesOut
    distribution: list[BucketOut]
    windows: int
    fan: list[FanPointOut]


class HoldingExperienceOut(CamelModel):
    planning_id: int
    allocation_id: str
    hold_months: int
    windows: int
    loss_probability: Decimal
    profit_probability: Decimal
    median_return: Decimal
    p5: Decimal
    p95: Decimal
    best_return: Decimal
    worst_return: Decimal


class ProposalWeightIn(CamelModel):
    fund_code: Annotated[str, Field(min_length=1, max_length=16)]
    weight: Annotated[Decimal, Field(gt=0, le=1, max_digits=6, decimal_places=4)]


class ProposalIn(CamelModel):
    broker_user_id: Id
    proposal_name: Name
    amount: AmountIn
    horizon_months: int = Field(ge=6, le=360)
    weight_list: list[ProposalWeightIn] = Field(min_length=1, max_length=20)
    reason: Annotated[str, Field(max_length=2000)] = ""


# -- risk permission --------------------------------------------------------------------------


class PlanningIdIn(CamelModel):
    planning_id: Id


class UpdateRiskPermissionIn(PlanningIdIn):
    authorization_code: Literal[1, 2]


class OverLevelProductOut(CamelModel):
    fund_code: str
    fund_name: str
    risk_level: int
    risk_level_name: str
    weight: Decimal


class DecisionOut(CamelModel):
    decision: int
    allocation_id: str
    fund_codes: list[str]
    decided_at: datetime


class RiskPermissionOut(CamelModel):
    planning_id: int
    authorization_code: int
    risk_grade: int
    risk_grade_name: str
    allocation_id: str
    warning: str
    products: list[OverLevelProductOut]
    history: list[DecisionOut]


# -- account ----------------------------------------------------------------------------------


class ServiceAccountIdIn(CamelModel):
    service_account_id: Id


class PrepareDepositIn(CamelModel):
    service_account_id: Id
    amount: AmountIn


class DepositItemOut(CamelModel):
    fund_code: str
    fund_name: str
    weight: Decimal
    amount: AmountOut
    fee: AmountOut


class PrepareDepositOut(CamelModel):
    service_account_id: int
    amount: AmountOut
    min_amount: AmountOut
    fee: AmountOut
    net_amount: AmountOut
    trade_date: date
    confirm_date: date
    items: list[DepositItemOut]


class SignDepositIn(TradeWriteIn):
    service_account_id: Id
    amount: AmountIn
    verify_code: VerifyCode
    trade_password: TradePassword
    pay_type: Literal["card", "wallet"] = "card"
    payment_method_id: Id | None = None


class PrepareWithdrawIn(CamelModel):
    service_account_id: Id
    ratio: Annotated[Decimal, Field(gt=0, le=1000)]


class RoboWithdrawIn(TradeWriteIn):
    service_account_id: Id
    ratio: Annotated[Decimal, Field(gt=0, le=1000)]
    redeem_to: Literal["card", "wallet"] = "wallet"
    payment_method_id: Id | None = None
    trade_password: TradePassword


class RoboCancelIn(TradeWriteIn):
    service_account_id: Id
    broker_order_no: Annotated[str, Field(min_length=1, max_length=32)]
    trade_password: TradePassword


class RoboAccountOut(CamelModel):
    service_account_id: int
    financial_account_id: int | None
    robo_service_name: str
    po_code: str
    contract_status: int
    contract_no: str
    planning_id: int
    survey_id: int
    risk_level: int
    holding_asset: AmountOut
    holding_profit: AmountOut
    accumulated_profit: AmountOut
    pending_amount: AmountOut
    signed_at: datetime | None
    update_date: date | None


class RoboAccountListOut(CamelModel):
    list: list[RoboAccountOut]


class TargetItemOut(CamelModel):
    fund_code: str
    fund_name: str
    asset_class: str
    target_weight: Decimal
    current_weight: Decimal
    market_value: AmountOut


class RoboOrderListOut(CamelModel):
    list: list[OrderOut]
    total: int


class HomepageOut(CamelModel):
    account: RoboAccountOut
    components: list[str]
    allocation: list[TargetItemOut]
    latest_orders: list[OrderOut]


class DistributionItemOut(CamelModel):
    key: str
    name: str
    amount: AmountOut
    ratio: Decimal


class DistributionOut(CamelModel):
    show_type: str
    total: AmountOut
    list: list[DistributionItemOut]


class PaymentOut(CamelModel):
    date: date
    kind: str
    amount: AmountOut
    broker_order_no: str | None


class PaymentsOut(CamelModel):
    list: list[PaymentOut]
    total_in: AmountOut
    total_out: AmountOut


class DividendListOut(CamelModel):
    list: list[OrderOut]


class NameCheckOut(CamelModel):
    available: bool
    msg: str


class UpdateNameIn(CamelModel):
    service_account_id: Id
    robo_service_name: Annotated[str, Field(min_length=1, max_length=16)]
