"""Payloads of the product calls (docs/api.md#product-data). Money and rates travel as decimal
strings: amounts with 2 decimals, NAVs with 4, rates as decimals (0.0123 = 1.23 %) with 6."""

from __future__ import annotations

import builtins
from datetime import date, datetime
from decimal import Decimal

from pydantic import Field

from opentamp.kit.pagination import PageOut
from opentamp.kit.schema import CamelModel


class NavOut(CamelModel):
    nav_date: date | None = None
    nav: Decimal | None = None
    acc_nav: Decimal | None = None
    #: The last day's change of the (dividend-adjusted) NAV: 日涨跌幅.
    day_growth: Decimal | None = None
    #: Money-market funds: 万份收益 and the 7-day annualised yield (七日年化).
    income_per_10k: Decimal | None = Field(default=None, alias="incomePer10k")
    yield_7d: Decimal | None = Field(default=None, alias="yield7d")


class PeriodReturnOut(CamelModel):
    period: str
    name: str
    start_date: date | None = None
    end_date: date | None = None
    value: Decimal | None = None
    benchmark_value: Decimal | None = None
    excess_value: Decimal | None = None


class ManagerBriefOut(CamelModel):
    manager_id: int
    name: str
    start_date: date
    end_date: date | None = None
    #: Years since the manager's career started (从业年限), one decimal.
    career_years: Decimal
    invest_style: str
    #: The fund's return over this manager's term (任职回报).
    tenure_return: Decimal | None = None


class StatusOut(CamelModel):
    """A product's trading status (docs/product.md#states Product status tags)."""

    status: str
    #: 暂停申购 / 暂停赎回 / 暂停交易, empty when normal.
    status_text: str
    #: The resumption note shown with the tag.
    status_note: str
    can_buy: bool
    can_redeem: bool
    resume_date: date | None = None


class FundInfoOut(CamelModel):
    product_code: str
    #: A smart 定投 plan is offered (the fund follows an index: rules/plans.py smart_reference).
    is_support_smart_aip: bool
    #: fund, or wallet for the wallet's money-market fund.
    product_type: str
    fund_code: str
    fund_name: str
    short_name: str
    fund_type: int
    fund_type_name: str
    risk_level: int
    risk_level_name: str
    status: StatusOut
    company_id: int
    company_name: str
    inception_date: date
    benchmark: str
    benchmark_code: str | None = None
    benchmark_name: str | None = None
    custodian: str
    scale: Decimal | None = None
    scale_date: date | None = None
    nav: NavOut
    latest_nav_date: date | None = None
    is_nav_updating: bool
    min_purchase_amount: Decimal
    min_redeem_shares: Decimal
    min_hold_shares: Decimal
    confirm_days: int
    redeem_settle_days: int
    trade_limit_start_time: str | None = None
    trade_limit_end_time: str | None = None
    #: Listed purchase rates are multiplied by this (0.1 = 一折).
    discount_fee_ratio: Decimal
    #: The first purchase tier: listed and after the discount.
    purchase_fee_rate: Decimal | None = None
    purchase_fee_rate_discounted: Decimal | None = None
    is_money_market: bool
    is_pension: bool
    is_qdii: bool
    is_disable_buy: bool
    managers: list[ManagerBriefOut]
    returns: list[PeriodReturnOut]
    description: str


class ComponentOut(CamelModel):
    fund_code: str
    fund_name: str
    fund_type: int
    fund_type_name: str
    asset_class: str
    risk_level: int
    weight: Decimal
    nav: Decimal | None = None
    nav_date: date | None = None
    day_growth: Decimal | None = None


class AllocationOut(CamelModel):
    asset_class: str
    weight: Decimal


class PoInfoOut(CamelModel):
    product_code: str
    #: A smart 定投 plan is offered (the portfolio follows an index).
    is_support_smart_aip: bool
    #: poFund, strategy or signal.
    product_type: str
    po_code: str
    po_name: str
    kind: str
    risk_level: int
    risk_level_name: str
    status: StatusOut
    inception_date: date
    min_purchase_amount: Decimal
    description: str
    investment_strategy: str
    manager_name: str
    team_id: int | None = None
    team_name: str | None = None
    benchmark_code: str | None = None
    benchmark_name: str | None = None
    box_mode: str
    #: Empty for a black-box portfolio; a gray box discloses the allocation only.
    components: list[ComponentOut]
    asset_allocation: list[AllocationOut]
    last_adjust_date: date | None = None
    adjust_count: int
    #: Advisory (投顾) portfolios: the yearly fee on assets.
    is_advisory: bool
    adviser_fee_rate: Decimal | None = None
    nav: NavOut
    latest_nav_date: date | None = None
    is_nav_updating: bool
    returns: list[PeriodReturnOut]
    is_disable_buy: bool
    #: Every component fund has its disclosure documents (docs/product.md#validation follow checks).
    disclosure_complete: bool


class StrategyPhaseOut(CamelModel):
    period_no: int
    phase_type: str
    phase_name: str
    begin_time: datetime
    end_time: datetime | None = None
    target_type: str
    target_value: Decimal | None = None
    current_phase: bool


class StrategyPeriodOut(CamelModel):
    period_no: int
    result: str
    begin_date: date
    end_date: date | None = None
    period_return: Decimal | None = None


class TargetInfoOut(CamelModel):
    strategy_type: str
    basic_prod_type: str
    fund_list: list[ComponentOut]
    strategy_phase_list: list[StrategyPhaseOut]
    target_return: Decimal
    buy_mode: str
    period_no: int
    #: The phase now (of the period on sale), null before the first.
    occur_phase: str | None = None
    max_run_months: int
    #: Periods that ended: their number, result phase and return.
    history: list[StrategyPeriodOut]


class StrategyInfoOut(PoInfoOut):
    target_info: TargetInfoOut


class SeriesPointOut(CamelModel):
    date: date
    #: Cumulative return since the first point of the period (0.05 = +5 %).
    value: Decimal
    nav: Decimal | None = None
    acc_nav: Decimal | None = None
    benchmark: Decimal | None = None
    income_per_10k: Decimal | None = Field(default=None, alias="incomePer10k")
    yield_7d: Decimal | None = Field(default=None, alias="yield7d")


class MarkerOut(CamelModel):
    date: date
    #: adjust (调仓), signal (发车) or buy (the viewer's own purchase).
    type: str
    title: str
    value: Decimal | None = None


class NavSeriesOut(CamelModel):
    product_code: str
    product_type: str
    period: str
    algorithm_type: str | None = None
    latest_nav_date: date | None = None
    is_nav_updating: bool = False
    start_date: date | None = None
    end_date: date | None = None
    period_return: Decimal | None = None
    benchmark_code: str | None = None
    benchmark_name: str | None = None
    benchmark_return: Decimal | None = None
    #: Long periods are thinned to about 400 points (always keeping the last and marked days).
    points: list[SeriesPointOut] = []
    markers: list[MarkerOut] = []


class RiskOut(CamelModel):
    period: str
    name: str
    annual_return: Decimal | None = None
    volatility: Decimal | None = None
    max_drawdown: Decimal | None = None
    max_drawdown_start: date | None = None
    max_drawdown_end: date | None = None
    max_drawdown_recovery: date | None = None
    sharpe: Decimal | None = None
    sortino: Decimal | None = None
    calmar: Decimal | None = None


class RollingOut(CamelModel):
    months: int
    name: str
    count: int
    positive_probability: Decimal | None = None
    average: Decimal | None = None
    minimum: Decimal | None = None
    maximum: Decimal | None = None


class YearReturnOut(CamelModel):
    year: int
    value: Decimal
    benchmark_value: Decimal | None = None


class BenchmarkBriefOut(CamelModel):
    code: str
    name: str
    alpha: Decimal | None = None
    beta: Decimal | None = None


class FollowOut(CamelModel):
    """A signal product's follow figures (SIGNAL_FOLLOW): every signal followed with the
    standard amount times its multiple."""

    signal_count: int
    invested_multiple: Decimal
    holding_return: Decimal | None = None


class PerformanceOut(CamelModel):
    product_code: str
    product_type: str
    algorithm_type: str | None = None
    latest_nav_date: date | None = None
    periods: list[PeriodReturnOut] = []
    risk: list[RiskOut] = []
    rolling: list[RollingOut] = []
    years: list[YearReturnOut] = []
    benchmark: BenchmarkBriefOut | None = None
    follow: FollowOut | None = None


class NoticeOut(CamelModel):
    id: int
    title: str
    category: str
    category_name: str
    publish_date: date


class NoticeDetailOut(NoticeOut):
    product_code: str
    kind: str
    content: str


class DocumentOut(CamelModel):
    id: int
    product_code: str
    doc_type: str
    doc_type_name: str
    title: str
    version_date: date
    is_current: bool
    #: The H5 page that shows it.
    file_url: str


class DocumentDetailOut(DocumentOut):
    content: str


class ComplianceFilesOut(CamelModel):
    product_code: str
    #: Earlier versions (historyDoc).
    history: builtins.list[DocumentOut]
    #: Current versions, one per document type.
    list: builtins.list[DocumentOut]


class RiskOptionOut(CamelModel):
    key: str
    label: str
    required: bool


class RiskDisclosureOut(CamelModel):
    product_code: str
    product_type: str
    risk_level: int
    risk_level_name: str
    title: str
    content: list[str]
    options: list[RiskOptionOut]


class FundPoolItemOut(CamelModel):
    fund_code: str
    fund_name: str
    fund_type: int
    fund_type_name: str
    risk_level: int
    risk_level_name: str
    company_name: str
    added_date: date | None = None
    nav: Decimal | None = None
    nav_date: date | None = None
    year_return: Decimal | None = None
    status_text: str
    is_disable_buy: bool


class FundPoolGroupOut(CamelModel):
    fund_type: int
    fund_type_name: str
    count: int


class FundPoolOut(PageOut[FundPoolItemOut]):
    groups: list[FundPoolGroupOut]
    updated_date: date | None = None


class BenchmarkPointOut(CamelModel):
    date: date
    close: Decimal
    value: Decimal


class BenchmarkOut(CamelModel):
    code: str
    name: str
    category: str
    description: str
    period: str
    latest_close: Decimal | None = None
    latest_date: date | None = None
    period_return: Decimal | None = None
    points: list[BenchmarkPointOut]


class BenchmarkIndexOut(CamelModel):
    code: str
    name: str
    category: str
    description: str
    latest_close: Decimal | None = None
    latest_date: date | None = None


class SignalOut(CamelModel):
    sig_id: str
    sig_date: date
    signal_type: str
    #: The lead manager's buy multiple (1.2 = 120 % of the standard amount).
    auto_follow_buy_rate: Decimal
    description: str


class SignalsOut(PageOut[SignalOut]):
    product_code: str
    product_name: str
    manager_name: str
    latest_signal_info: SignalOut | None = None


class AlgorithmOptionOut(CamelModel):
    algorithm_type: str
    algorithm_name: str
    algorithm_desc: str
    show_signal_point: bool
    show_point: bool
    show_trade_point: bool
    show_benchmark: bool
    order: int


class AlgorithmConfigOut(CamelModel):
    performance_algorithm: list[AlgorithmOptionOut]
    default_algorithm_type: str | None = None


class ManagerFundOut(CamelModel):
    fund_code: str
    fund_name: str
    fund_type_name: str
    start_date: date
    end_date: date | None = None
    tenure_return: Decimal | None = None
    tenure_annual_return: Decimal | None = None


class ManagerDetailOut(CamelModel):
    manager_id: int
    name: str
    company_id: int
    company_name: str
    education: str
    career_start: date
    career_years: Decimal
    invest_style: str
    bio: str
    funds: list[ManagerFundOut]
    history_funds: list[ManagerFundOut]


class FundBriefOut(CamelModel):
    fund_code: str
    fund_name: str
    fund_type_name: str
    risk_level: int


class OrganizationOut(CamelModel):
    company_id: int
    name: str
    short_name: str
    established_date: date | None = None
    registered_capital: str
    website: str
    hotline: str
    address: str
    description: str
    fund_count: int
    funds: list[FundBriefOut]


class FeeTierOut(CamelModel):
    #: The condition as shown: 金额<100万元, 持有<7天 …
    condition: str
    rate: Decimal | None = None
    #: The rate after the discount (purchase only).
    discounted_rate: Decimal | None = None
    fixed_fee: Decimal | None = None


class TradeDatesOut(CamelModel):
    """What happens to an order placed now (docs/rules.md#fund-trading cut-off and confirmation)."""

    order_time: datetime
    trade_date: date
    confirm_date: date
    #: Buy: the day profit first shows; redeem: the day cash reaches the card.
    result_date: date


class FundTradeRulesOut(CamelModel):
    fund_code: str
    fund_name: str
    is_money_market: bool
    min_purchase_amount: Decimal
    min_redeem_shares: Decimal
    min_hold_shares: Decimal
    discount_fee_ratio: Decimal
    purchase_fees: list[FeeTierOut]
    redeem_fees: list[FeeTierOut]
    manage_fee_rate: Decimal | None = None
    custody_fee_rate: Decimal | None = None
    sales_service_fee_rate: Decimal | None = None
    confirm_days: int
    redeem_settle_days: int
    buy: TradeDatesOut
    redeem: TradeDatesOut
    trade_limit_start_time: str | None = None
    trade_limit_end_time: str | None = None
    status: StatusOut


class TradeRulesOut(CamelModel):
    product_code: str
    product_type: str
    product_name: str
    cut_off_time: str
    min_purchase_amount: Decimal
    #: Advisory portfolios: the yearly adviser fee on assets.
    adviser_fee_rate: Decimal | None = None
    #: One fund, or each component fund of a portfolio with its weight.
    funds: list[FundTradeRulesOut]
    weights: list[AllocationOut]
    notes: list[str]


class AdjustmentItemOut(CamelModel):
    fund_code: str
    fund_name: str
    fund_type_name: str
    weight_before: Decimal
    weight_after: Decimal
    change: Decimal
    #: 新增, 移除, 增持, 减持 or 不变.
    action: str


class AdjustmentOut(CamelModel):
    id: int
    adjust_date: date
    title: str
    reason: str
    items: list[AdjustmentItemOut]


class AdjustmentsOut(CamelModel):
    po_code: str
    po_name: str
    total: int
    list: list[AdjustmentOut]


class ProductCardOut(CamelModel):
    """What a list shows of a product: its headline figure and the facts under it."""

    product_code: str
    product_type: str
    name: str
    risk_level: int
    risk_level_name: str
    type_name: str
    #: The headline figure: 近1年 return, or 七日年化 for money-market funds.
    metric_name: str
    metric_value: Decimal | None = None
    nav: Decimal | None = None
    nav_date: date | None = None
    min_purchase_amount: Decimal | None = None
    status_text: str
    tags: list[str]
    is_disable_buy: bool
    #: The H5 route of its detail page.
    detail_path: str


class PrivateNavOut(CamelModel):
    nav_date: date
    nav: Decimal
    acc_nav: Decimal


class WalletFundsOut(CamelModel):
    """The money-market funds behind the broker's (super) wallet, and its minimum purchase."""

    wallet_name: str
    min_purchase_amount: Decimal
    #: The wallet's own fund (000509) first.
    funds: builtins.list[ProductCardOut]
