"""Payloads of the plan calls (docs/plans.md "Calls"; field names bound by the contract the
screens are built on). Amounts are strings of 2 decimals, rates decimal strings of 4."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import Field

from opentamp.kit.params import Id
from opentamp.kit.schema import AmountIn, AmountOut, CamelModel, Rate4Out, RatioIn, TradeWriteIn

TradePassword = Annotated[str, Field(min_length=1, max_length=32)]
ProductType = Literal["fund", "poFund", "wallet"]
PayType = Literal["card", "wallet"]
PayDateMode = Literal["CONTINUITY", "LAST"]
TargetAction = Literal["keepOn", "redeem", "hold", "rolling"]
PlanProductType = Literal["fund", "poFund", "wallet", "strategy"]
PlanStatus = Literal["A", "P", "T"]
ExecutionStatus = Literal["ACTIVE", "SUCCESS", "FAIL", "TERMINATED"]
ExtendPeriodSignStatus = Literal["UNSIGN_CANFREESIGN", "SIGNED_FREE", "UNSIGN"]
#: 0 every trading day, 1 week, 2 month, 3 year.
PeriodUnitOut = Literal[0, 1, 2, 3]
#: 0 not holding, 1 fixed, 2 rolling.
PlanHoldingOut = Literal[0, 1, 2]
PeriodUnit = Annotated[int, Field(ge=0, le=3)]
#: Wide enough to reach the rule's own Chinese message (rules/plans.py ``schedule_problem``).
PeriodNumber = Annotated[int, Field(ge=-1000, le=1000)]
Code = Annotated[str, Field(min_length=1, max_length=16)]


class _PlanTerms(CamelModel):
    amount: AmountIn
    period_unit: PeriodUnit
    period_interval: PeriodNumber = 1
    period_day: PeriodNumber | None = None
    period_month: PeriodNumber | None = None
    pay_type: PayType = "card"
    payment_method_id: Id | None = None
    pay_date_mode: PayDateMode = "CONTINUITY"
    smart: bool = False
    target_rate: RatioIn | None = None
    target_action: TargetAction | None = None


class PlanCreateIn(_PlanTerms, TradeWriteIn):
    financial_account_id: Id
    product_type: Literal["fund", "poFund", "wallet", "strategy"]
    product_code: Code
    trade_password: TradePassword
    verify_ticket: Annotated[str | None, Field(default=None, max_length=64)] = None
    risk_confirmed: bool = False


class PlanUpdateIn(TradeWriteIn):
    invest_plan_id: Id
    amount: AmountIn | None = None
    period_unit: PeriodUnit | None = None
    period_interval: PeriodNumber | None = None
    period_day: PeriodNumber | None = None
    period_month: PeriodNumber | None = None
    pay_type: PayType | None = None
    payment_method_id: Id | None = None
    pay_date_mode: PayDateMode | None = None
    smart: bool | None = None
    target_rate: RatioIn | None = None
    target_action: TargetAction | None = None
    #: False turns 目标止盈 off (the target and its action are cleared); absent keeps it.
    take_profit: bool | None = None
    #: Strategy plans: sign the strategy's current period file (after a strategy-manual
    #: change, docs/plans.md "Strategy plans").
    sign_extend_period: bool | None = None
    trade_password: TradePassword


class PlanActionIn(TradeWriteIn):
    invest_plan_id: Id
    trade_password: TradePassword


class SmartBandOut(CamelModel):
    lower_deviation: Rate4Out | None
    upper_deviation: Rate4Out | None
    multiplier: AmountOut
    label: str


class PlanPreviewOut(CamelModel):
    first_date: date
    next_dates: list[date]
    min_amount: AmountOut
    max_amount: AmountOut | None
    smart_supported: bool
    smart_index_code: str | None
    smart_index_name: str | None
    smart_bands: list[SmartBandOut]
    current_deviation: Rate4Out | None
    current_multiplier: AmountOut | None
    protocol_names: list[str]


class TargetRecordOut(CamelModel):
    round: int
    start_date: date
    end_date: date | None
    invested: AmountOut
    value: AmountOut
    return_rate: Rate4Out
    action: TargetAction
    reached_date: date | None


class InvestPlanOut(CamelModel):
    invest_plan_id: int
    financial_account_id: int
    product_type: PlanProductType
    product_code: str
    product_name: str
    amount: AmountOut
    period_unit: PeriodUnitOut
    period_interval: int
    period_day: int | None
    period_month: int | None
    period_text: str
    pay_type: PayType
    payment_method_id: int | None
    pay_method_text: str
    pay_date_mode: PayDateMode
    smart: bool
    smart_index_code: str | None
    smart_index_name: str | None
    target_rate: Rate4Out | None
    target_action: TargetAction | None
    plan_holding: PlanHoldingOut
    round: int
    status: PlanStatus
    status_reason: str
    extend_period_sign_status: ExtendPeriodSignStatus | None
    start_date: date
    next_date: date | None
    created_at: datetime
    execution_count: int
    success_count: int
    fail_count: int
    total_invested: AmountOut
    holding_shares: AmountOut | None = Field(
        description="持有份额：单只基金或钱包的计划；组合计划为空（不同基金的份额不能相加）"
    )
    holding_value: AmountOut
    holding_profit: AmountOut
    holding_profit_rate: Rate4Out | None = Field(description="收益率；尚无成本时为空（--）")


class InvestPlanDetailOut(InvestPlanOut):
    upcoming_dates: list[date]
    smart_bands: list[SmartBandOut]
    target_records: list[TargetRecordOut]


class ExecutionOut(CamelModel):
    execution_id: int
    invest_plan_id: int
    due_date: date
    execute_date: date | None
    attempt: int
    status: ExecutionStatus
    base_amount: AmountOut
    multiplier: AmountOut
    amount: AmountOut
    broker_order_no: str | None
    order_code: str | None
    order_confirm_status: str | None
    confirmed_shares: AmountOut | None
    nav: Decimal | None
    fee: AmountOut | None
    fail_reason: str
