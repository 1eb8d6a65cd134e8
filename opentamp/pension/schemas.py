"""Payloads of the pension calls (docs/pension.md "Calls"). Amounts travel as strings of 2
decimals, rates as plain decimals ("0.1" = 10 %)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Literal

from pydantic import Field

from opentamp.kit.params import Id
from opentamp.kit.schema import AmountIn, CamelModel, TradeWriteIn
from opentamp.products.api import ProductCardOut


class PensionBankOut(CamelModel):
    bank_no: str
    bank_name: str
    short_name: str
    color: str
    #: Opens a new pension fund account online (openTDAccount), not only binds one.
    can_open: bool
    #: A line of why one might choose it (bankRecommondPage).
    highlight: str


class CitiesOut(CamelModel):
    bank_no: str
    cities: list[str]


class PensionAgreementOut(CamelModel):
    title: str
    version: str
    content: list[str]


class BindIn(CamelModel):
    bank_no: str = Field(min_length=3, max_length=8)
    #: The pension fund account number the bank gave (16–19 digits); only its tail is kept.
    account_no: str = Field(min_length=1, max_length=32)
    city: str = Field(min_length=1, max_length=32)
    agreed: bool = False


class OpenIn(CamelModel):
    bank_no: str = Field(min_length=3, max_length=8)
    city: str = Field(min_length=1, max_length=32)
    agreed: bool = False


class OpenApplyOut(CamelModel):
    apply_no: str
    bank_no: str
    bank_name: str
    status: str


class ApplyOpenUrlOut(CamelModel):
    apply_no: str
    #: The bank's opening page (a path of the H5 app standing in for the bank's own page).
    url: str


class ConfirmOpenIn(CamelModel):
    apply_no: str = Field(min_length=1, max_length=32)


class TaxEstimateOut(CamelModel):
    label: str
    rate: Decimal
    deductible: Decimal
    deduction_saving: Decimal
    withdrawal_tax: Decimal
    net_saving: Decimal


class PensionPaymentMethodOut(CamelModel):
    """The pension account as a payment method (tdPaymentMethods, isPension)."""

    payment_method_id: int
    payment_type: Literal["pension"] = "pension"
    name: str
    bank_name: str
    account_tail: str
    is_pension: bool = True
    is_bank: bool = False
    is_wallet: bool = False
    balance: Decimal


class PensionHoldingOut(CamelModel):
    fund_code: str
    fund_name: str
    shares: Decimal
    nav: Decimal | None
    nav_date: date | None
    total_asset: Decimal
    holding_profit: Decimal
    holding_profit_rate: Decimal | None
    accumulated_profit: Decimal
    previous_profit: Decimal
    profit_date: date | None


class TdAccountOut(CamelModel):
    """tdAccount: the pension account, its balance, this year's quota, holdings and profit,
    and the tax estimate at each bracket."""

    has_account: bool
    td_account_id: int | None = None
    status: str | None = None
    way: str | None = None
    bank_no: str | None = None
    bank_name: str | None = None
    account_tail: str | None = None
    city: str | None = None
    financial_account_id: int | None = None
    apply_no: str | None = None
    opened_at: datetime | None = None
    balance: Decimal = Decimal("0.00")
    year: int
    yearly_cap: Decimal
    year_contributed: Decimal
    remaining_quota: Decimal
    total_contributed: Decimal = Decimal("0.00")
    holding_asset: Decimal = Decimal("0.00")
    pending_amount: Decimal = Decimal("0.00")
    total_asset: Decimal = Decimal("0.00")
    holding_profit: Decimal = Decimal("0.00")
    accumulated_profit: Decimal = Decimal("0.00")
    previous_profit: Decimal = Decimal("0.00")
    holdings: list[PensionHoldingOut] = []
    td_payment_methods: list[PensionPaymentMethodOut] = []
    tax_estimates: list[TaxEstimateOut]
    withdraw_rule: str


class RechargeApplyIn(TradeWriteIn):
    amount: AmountIn
    payment_method_id: Id


class RechargeConfirmIn(CamelModel):
    apply_no: str = Field(min_length=1, max_length=32)
    trade_password: str = Field(min_length=1, max_length=32)
    #: The recharge agreement (getRechargeAgreement) read and accepted.
    agreed: bool = False


class ContributionOut(CamelModel):
    apply_no: str
    year: int
    amount: Decimal
    status: str
    payment_method_id: int
    bank_card_show_name: str
    applied_at: datetime
    confirmed_at: datetime | None
    remaining_quota: Decimal


class ContributionsOut(CamelModel):
    year: int
    yearly_cap: Decimal
    year_contributed: Decimal
    remaining_quota: Decimal
    list: list[ContributionOut]


class PensionProductOut(ProductCardOut):
    #: targetDate (养老目标日期) or targetRisk (养老目标风险), from the pension shelf.
    category: str
    category_name: str


class PensionTimeOut(CamelModel):
    """The trading window of pension fund orders: before the cut-off on a trading day an order
    is priced that day, otherwise on the next trading day."""

    now: datetime
    is_trading_day: bool
    cut_off: str
    trade_date: date
    confirm_date: date
    in_window: bool
    tip: str
    year_end: date
