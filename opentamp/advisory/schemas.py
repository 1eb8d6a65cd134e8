"""Payloads of the advisory calls (docs/advisory.md#the-calls-customer-side). Amounts travel as
strings of 2 decimals, rates and weights as plain decimals."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import Field

from opentamp.kit.params import Id, SmallInt
from opentamp.kit.schema import (
    AmountIn,
    CamelModel,
    DocumentUrl,
    RatioIn,
    SharesIn,
    TradeWriteIn,
)

TradePassword = Annotated[str, Field(min_length=1, max_length=32)]
Code = Annotated[str, Field(min_length=1, max_length=16)]
VerifyCode = Annotated[str, Field(min_length=1, max_length=8)]
Text = Annotated[str, Field(max_length=2000)]


class TerminalIn(CamelModel):
    terminal_ip: str | None = Field(default=None, max_length=64, alias="terminalIP")
    terminal_type: SmallInt | Annotated[str, Field(max_length=16)] | None = None
    terminal_info: str | None = Field(default=None, max_length=512)
    trace_info: Any = None


# -- contract ------------------------------------------------------------------------------------


class FileOut(CamelModel):
    file_id: int
    name: str
    file_url: str


class AdviserFeeInfo(CamelModel):
    fee_mode: str
    fee_ratio: Decimal
    fee_rated_discount: Decimal
    discount_fee_ratio: Decimal
    fee_upper_limit_str: str
    upper_value: Decimal | None
    charge_period: str


class UnsignedItemOut(CamelModel):
    """An unsigned advisory item (docs/product.md#entities)."""

    po_code: str
    po_name: str
    file_list: list[FileOut]
    adviser_fee_info: AdviserFeeInfo
    is_transfer_prod: bool
    is_resign: bool
    service_account_id: int | None


class PopupCountOut(CamelModel):
    can_popup: bool
    popup_count: int


class UserTagOut(CamelModel):
    service_account_id: int
    financial_account_id: int | None
    po_code: str
    tag_list: list[str]


class SignPreviewOut(CamelModel):
    po_code: str
    po_name: str
    discretion_type: str
    risk_level: int
    risk_grade5: int | None
    is_risk_match: bool
    file_list: list[FileOut]
    adviser_fee_info: AdviserFeeInfo
    cooling_off_hours: int
    is_transfer_prod: bool
    min_deposit_amount: Decimal
    signed: bool


class RequiredSignIn(CamelModel):
    po_code: Code
    file_id_list: list[Id] = Field(max_length=50)
    is_transfer_prod: bool = False


class AdviserSignIn(TerminalIn):
    financial_account_id: Id | None = None
    required_sign_list: list[RequiredSignIn] = Field(min_length=1, max_length=20)
    is_resign: bool = False


class SignedItemOut(CamelModel):
    po_code: str
    service_account_id: int
    signed_at: datetime


class AdviserSignOut(CamelModel):
    signed_list: list[SignedItemOut]


class ContractSignIn(TerminalIn):
    po_code: Code
    file_id_list: list[Id] = Field(max_length=50)
    risk_confirmed: bool = False
    is_transfer_prod: bool = False


class ContractSignOut(CamelModel):
    service_account_id: int
    contract_status: int
    contract_no: str
    phone: str
    expires_in: int


class SignStepTwoIn(CamelModel):
    service_account_id: Id
    verify_code: VerifyCode


class SignStepTwoOut(CamelModel):
    service_account_id: int
    financial_account_id: int
    contract_status: int
    signed_at: datetime
    cooling_off_end_time: datetime


class ContractDetailOut(CamelModel):
    po_code: str
    po_name: str
    discretion_type: str
    team_name: str
    customer_name: str
    file_list: list[FileOut]
    signed_file_id_list: list[int]
    adviser_fee_info: AdviserFeeInfo
    contract_status: int | None
    contract_no: str | None
    signed_at: datetime | None
    cooling_off_end_time: datetime | None
    service_account_id: int | None


class ServiceAccountIn(CamelModel):
    service_account_id: Id


class UnsignIn(TradeWriteIn):
    service_account_id: Id
    trade_password: TradePassword


class UnsignOut(CamelModel):
    service_account_id: int
    contract_status: int
    is_cooling_off: bool
    broker_order_no: str | None


class ContractStatusOut(CamelModel):
    service_account_id: int
    contract_status: int


class AutoAdjustIn(CamelModel):
    service_account_id: Id
    auto_adjust: bool


class AutoAdjustOut(CamelModel):
    service_account_id: int
    auto_adjust: bool
    discretion_type: str


# -- deposit and withdraw ----------------------------------------------------------------------


class CodeSentOut(CamelModel):
    phone: str
    expires_in: int


class DepositIn(TradeWriteIn):
    service_account_id: Id
    amount: AmountIn
    pay_type: Literal["card", "wallet"] = "card"
    payment_method_id: Id | None = None
    trade_password: TradePassword
    verify_code: VerifyCode
    risk_confirmed: bool = False


class PreredeemIn(CamelModel):
    service_account_id: Id
    ratio: Annotated[Decimal, Field(gt=0, le=1000)]


class RedeemItemOut(CamelModel):
    fund_code: str
    fund_name: str
    shares: Decimal
    amount: Decimal
    fee: Decimal


class PreredeemOut(CamelModel):
    ratio: Decimal
    total_amount: Decimal
    total_fee: Decimal
    adviser_fee: Decimal
    item_list: list[RedeemItemOut]


class WithdrawIn(TradeWriteIn):
    service_account_id: Id
    ratio: Annotated[Decimal, Field(gt=0, le=1000)]
    redeem_to: Literal["card", "wallet"] = "wallet"
    payment_method_id: Id | None = None
    trade_password: TradePassword


class CancelIn(TradeWriteIn):
    broker_order_no: Annotated[str, Field(min_length=1, max_length=32)]
    trade_password: TradePassword


class FundRedeemIn(CamelModel):
    service_account_id: Id
    fund_code: Code
    shares: SharesIn


class FundRedeemWriteIn(TradeWriteIn):
    service_account_id: Id
    fund_code: Code
    shares: SharesIn
    redeem_to: Literal["card", "wallet"] = "wallet"
    payment_method_id: Id | None = None
    trade_password: TradePassword


class MoneyOrderOut(CamelModel):
    service_account_id: int | None
    order: dict[str, Any]
    child_list: list[dict[str, Any]]


# -- home --------------------------------------------------------------------------------------


class AdjustmentBriefOut(CamelModel):
    adjustment_id: int
    status: str
    expire_time: datetime | None = None


class AccountInfoOut(CamelModel):
    service_account_id: int
    financial_account_id: int | None
    financial_account_name: str
    po_code: str
    po_name: str
    discretion_type: str
    contract_status: int
    contract_no: str
    signed_at: datetime | None
    cooling_off_end_time: datetime | None
    is_cooling_off: bool
    auto_adjust: bool
    total_asset: Decimal
    holding_profit: Decimal
    accumulated_profit: Decimal
    previous_profit: Decimal
    pending_amount: Decimal
    profit_date: date | None
    adjustment_in_process: AdjustmentBriefOut | None
    is_advisor_fee_enabled: bool
    is_advisor_fee_paid: bool
    advisor_fee: Decimal
    total_debt: Decimal
    mandatory_unread_count: int
    allow_single_fund_redeem: bool
    min_deposit_amount: Decimal
    risk_level: int


class StepOut(CamelModel):
    min_asset: Decimal
    fee_ratio: Decimal


class ChargePlanOut(AdviserFeeInfo):
    step_list: list[StepOut]
    first_year_charge: Decimal | None
    cooling_off_hours: int


class TotalAssetOut(CamelModel):
    total_asset: Decimal
    holding_asset: Decimal
    pending_amount: Decimal
    wallet_asset: Decimal
    holding_profit: Decimal
    accumulated_profit: Decimal
    previous_profit: Decimal
    profit_date: date | None


class FundHoldingOut(CamelModel):
    fund_code: str
    fund_name: str
    fund_type: int
    #: the type's name from the products' one table (混合型, 短债型)
    fund_type_name: str
    shares: Decimal
    available_shares: Decimal
    nav: Decimal | None
    nav_date: date | None
    market_value: Decimal
    weight: Decimal
    target_weight: Decimal
    holding_profit: Decimal
    previous_profit: Decimal


class FundHoldingsOut(CamelModel):
    total_asset: Decimal
    holding_list: list[FundHoldingOut]


class ComponentOut(CamelModel):
    component_type: str
    title: str
    sort: int


class TemplateOut(CamelModel):
    template_id: str
    component_list: list[ComponentOut]


class ComponentDataOut(CamelModel):
    component_type: str
    data: dict[str, Any]


class UmaOut(CamelModel):
    service_account_id: int
    financial_account_id: int | None
    po_code: str
    po_name: str
    discretion_type: str
    contract_status: int
    total_asset: Decimal
    tag_list: list[str]


class AdvisorRelationIn(CamelModel):
    service_account_id: Id
    advisor_id: Id


class AdvisorRelationOut(CamelModel):
    service_account_id: int
    advisor_id: int
    advisor_name: str


class PaymentMethodsOut(CamelModel):
    payment_methods: list[dict[str, Any]]
    wallet_shares: Decimal


# -- adjustments --------------------------------------------------------------------------------


class AdjustmentItemOut(CamelModel):
    fund_code: str
    fund_name: str
    weight_before: Decimal
    weight_after: Decimal
    current_weight: Decimal


class AdjustmentEventOut(CamelModel):
    from_status: str
    to_status: str
    time: datetime
    actor: str


class AdjustmentOut(CamelModel):
    adjustment_id: int
    service_account_id: int
    po_code: str
    po_name: str
    #: what the adjustment screen titles it with, as every screen and notice names the service
    #: (repository.service_name): a robo account's own name, any other its strategy's
    service_name: str
    status: str
    trigger: str
    model_kind: str
    chart_mode: str
    reason: str
    create_time: datetime
    expire_time: datetime | None
    broker_order_no: str | None
    fail_reason: str
    item_list: list[AdjustmentItemOut]
    history_list: list[AdjustmentEventOut]


class AdjustmentIn(CamelModel):
    adjustment_id: Id


class AdjustmentWriteIn(TradeWriteIn):
    adjustment_id: Id
    trade_password: TradePassword


# -- fees --------------------------------------------------------------------------------------


class FeeOut(CamelModel):
    fee_id: int
    service_account_id: int
    source: str
    period_start: date | None
    period_end: date | None
    fee_amount: Decimal
    fee_status: str
    refund_amount: Decimal
    refund_status: str
    broker_order_no: str | None
    create_time: datetime
    pay_time: datetime | None


class AccrualOut(CamelModel):
    accrual_date: date
    assets: Decimal
    fee_ratio: Decimal
    days: int
    amount: Decimal
    fee_id: int | None


class DebtListOut(CamelModel):
    debt_list: list[FeeOut]
    total_debt: Decimal


class AccFeeOut(CamelModel):
    accrued_fee: Decimal
    charged_fee: Decimal
    paid_fee: Decimal
    debt_fee: Decimal
    refunded_fee: Decimal
    period_start: date
    period_end: date
    fee_ratio: Decimal
    charge_period: str


class ChargeDetailOut(FeeOut):
    accrual_list: list[AccrualOut]


class PayFeeIn(TradeWriteIn):
    fee_id: Id
    trade_password: TradePassword


class PayFeeByCardIn(PayFeeIn):
    payment_method_id: Id


class FeePaymentOut(CamelModel):
    fee_id: int
    fee_status: str
    broker_order_no: str | None


class OpenIdIn(CamelModel):
    code: Annotated[str, Field(min_length=1, max_length=2048)]  # as the sign-in's WeChat code


class OpenIdOut(CamelModel):
    open_id: str


# -- announcements -----------------------------------------------------------------------------


class AnnouncementOut(CamelModel):
    announcement_id: int
    po_code: str
    title: str
    publish_time: datetime
    is_mandatory: bool
    is_read: bool


class AnnouncementDetailOut(AnnouncementOut):
    content: str


class AnnouncementIn(CamelModel):
    announcement_id: Id


# -- transfers ---------------------------------------------------------------------------------


class ServiceTransferItemOut(CamelModel):
    financial_account_id: int
    financial_account_name: str
    fund_code: str
    fund_name: str
    shares: Decimal
    market_value: Decimal


class TransferPreviewOut(CamelModel):
    item_list: list[ServiceTransferItemOut]


class TransferItemIn(CamelModel):
    financial_account_id: Id
    fund_code: Code


class TransferConfirmIn(CamelModel):
    service_account_id: Id
    item_list: list[TransferItemIn] = Field(max_length=50)
    trade_password: TradePassword


class TransferIn(CamelModel):
    transfer_id: Id


class TransferOut(CamelModel):
    transfer_id: int
    status: str


# -- deposit-invest plans ----------------------------------------------------------------------


class DepositPlanCreateIn(TradeWriteIn):
    service_account_id: Id
    amount: AmountIn
    period_unit: Annotated[int, Field(ge=0, le=3)]
    period_interval: Annotated[int, Field(ge=1, le=2)] = 1
    period_day: Annotated[int | None, Field(ge=1, le=28)] = None
    period_month: Annotated[int | None, Field(ge=1, le=12)] = None
    pay_type: Literal["card", "wallet"] = "card"
    payment_method_id: Id | None = None
    trade_password: TradePassword
    risk_confirmed: bool = False


class DepositPlanParamOut(CamelModel):
    service_account_id: int
    po_code: str
    min_amount: Decimal
    period_units: list[int]
    pay_types: list[str]


# -- the adviser's side ------------------------------------------------------------------------


class WeightIn(CamelModel):
    fund_code: Code
    weight: RatioIn


Trigger = Literal["PROACTIVE", "AUTO_FOLLOW_MODEL", "REBALANCE", "SIGNAL_CHANGE", "PERIODIC_BUILD"]


class PublishModelIn(CamelModel):
    po_code: Code
    weight_list: list[WeightIn] = Field(min_length=1, max_length=50)
    reason: Text = ""
    trigger: Trigger = "PROACTIVE"


class PublishModelOut(CamelModel):
    po_code: str
    adjust_date: date
    adjustment_count: int
    executed_count: int


class DraftProposalIn(CamelModel):
    service_account_id: Id
    weight_list: list[WeightIn] = Field(min_length=1, max_length=50)
    reason: Text = ""


class AnnounceIn(CamelModel):
    po_code: Code
    title: Annotated[str, Field(min_length=1, max_length=128)]
    content: Text = ""
    is_mandatory: bool = False


class FileIn(CamelModel):
    name: Annotated[str, Field(min_length=1, max_length=64)]
    file_url: Annotated[DocumentUrl, Field(max_length=255)]


class FilesIn(CamelModel):
    po_code: Code
    file_list: list[FileIn] = Field(min_length=1, max_length=20)


class FilesOut(CamelModel):
    po_code: str
    version: int
    file_list: list[FileOut]


class ServedAccountOut(CamelModel):
    service_account_id: int
    customer_name: str
    po_code: str
    contract_status: int
    total_asset: Decimal
    adjustment_in_process: AdjustmentBriefOut | None


class FeeIncomeRowOut(CamelModel):
    po_code: str
    charged: Decimal
    paid: Decimal
    debt: Decimal
    accrued: Decimal


class FeeIncomeOut(CamelModel):
    total_charged: Decimal
    total_paid: Decimal
    total_debt: Decimal
    accrued_fee: Decimal
    row_list: list[FeeIncomeRowOut]


class ManualFeeIn(CamelModel):
    service_account_id: Id
    amount: AmountIn
    reason: Annotated[str, Field(min_length=1, max_length=200)]


# -- membership (docs/membership.md) -----------------------------------------------------------


class MemberStrategyOut(CamelModel):
    po_code: str
    po_name: str


class MemberProductOut(CamelModel):
    product_code: str
    product_name: str
    price: Decimal
    days: int
    benefits: list[str]
    strategies: list[MemberStrategyOut]


class MemberOrderOut(CamelModel):
    order_no: str
    product_code: str
    amount: Decimal
    pay_status: str
    pay_status_name: str
    create_time: datetime
    pay_time: datetime | None


class MemberStatusOut(CamelModel):
    is_member: bool
    identity_verified: bool
    open_id_bound: bool
    open_id: str
    starts_at: datetime | None
    expires_at: datetime | None
    days_left: int
    last_order: MemberOrderOut | None


class VerifyIdentityIn(CamelModel):
    name: Annotated[str, Field(min_length=1, max_length=64)]
    id_no: Annotated[str, Field(min_length=1, max_length=32)]


class MemberBuyIn(TradeWriteIn):
    product_code: Annotated[str, Field(min_length=1, max_length=16)]
    open_id: Annotated[str, Field(min_length=1, max_length=64)]


class WechatPayOut(CamelModel):
    """What the WeChat pay step reads (docs/membership.md#wechat-pay)."""

    app_id: str
    timestamp: str
    nonce: str
    prepay_id: str
    sign_type: str
    sign: str


class MemberBuyOut(CamelModel):
    order: MemberOrderOut
    pay: WechatPayOut


class MemberPayStatusOut(CamelModel):
    order: MemberOrderOut
    status: MemberStatusOut


class LocalWechatPayIn(WechatPayOut):
    """The local stand-in's pay step: the customer pays, or the payment fails."""

    succeed: bool = True


class PayStepOut(CamelModel):
    state: str
