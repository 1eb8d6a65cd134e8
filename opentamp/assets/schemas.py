"""Payloads of the holdings and profit reads (docs/trading.md "Holdings and profit").

Amounts and shares are strings of 2 decimals in JSON, NAVs 4, rates decimals of 4 places
("0.1234" = 12.34 %)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from pydantic import Field

from opentamp.kit.schema import CamelModel


class ProfitsOut(CamelModel):
    """An account's (or all accounts') figures, sums of the holdings (docs/rules.md#profit)."""

    holding_asset: Decimal
    holding_profit: Decimal
    holding_profit_rate: Decimal | None = Field(description="持有收益率；无持仓成本时为空（--）")
    accumulated_profit: Decimal
    previous_profit: Decimal
    update_date: date | None
    profit_progress: str = Field(description="UPDATING（更新中）或 DONE")


class AccountAssetOut(ProfitsOut):
    """getProfits plus the money awaiting confirmation (当前资产待确认). 总资产 counts the money in
    transit: ``totalAsset = holdingAsset + pendingAmount``, so a purchase awaiting confirmation
    does not make the user's money vanish from the total."""

    pending_amount: Decimal
    pending_count: int
    total_asset: Decimal


class ShareRowOut(CamelModel):
    """One holding row: a fund held directly, or a component fund of a portfolio."""

    fund_code: str
    fund_name: str
    portfolio_code: str | None
    shares: Decimal
    available_shares: Decimal
    frozen_shares: Decimal
    nav: Decimal | None
    nav_date: date | None
    market_value: Decimal
    cost: Decimal
    holding_profit: Decimal
    holding_profit_rate: Decimal | None = Field(description="持有收益率；无持仓成本时为空（--）")
    accumulated_profit: Decimal
    previous_profit: Decimal
    profit_date: date | None
    dividend_method: str
    status: str = Field(description="holding 持有中，cleared 已清仓")
    is_broke_up: bool
    min_redeem_shares: Decimal
    min_hold_shares: Decimal


class AssetItemOut(CamelModel):
    """A product as the holdings list shows it; a portfolio is the sum of its component
    rows."""

    product_code: str
    product_name: str
    product_type: str = Field(description="FUND、PO 或 WALLET")
    fund_type: int | None = Field(description="基金类型 0-10（组合为空）")
    holding_asset: Decimal
    pre_profit: Decimal
    holding_profit: Decimal
    holding_profit_rate: Decimal | None = Field(description="持有收益率；无持仓成本时为空（--）")
    acc_profit: Decimal
    shares: Decimal | None = Field(
        description="持有份额；组合为空（各基金的份额不能相加，屏幕不显示）"
    )
    pending_amount: Decimal = Field(description="待确认的申购金额（当前资产待确认）")
    pending_count: int
    redeeming_shares: Decimal | None = Field(
        description="卖出中的份额：已提交、尚未确认的卖出冻结的份额；组合为空（见 isRedeeming）"
    )
    is_redeeming: bool = Field(description="卖出中：有已提交、尚未确认的卖出（组合也有）")
    profit_date: date | None
    is_broke_up: bool
    tags: list[str] = Field(description="已拆散、暂停申购、暂停赎回、调仓待确认")


class AssetGroupOut(CamelModel):
    type_name: str
    holding_asset: Decimal
    items: list[AssetItemOut]


class AssetListOut(CamelModel):
    pending_amount: Decimal
    pending_count: int
    updating: bool = Field(description="今日净值尚未全部公布：收益显示更新中")
    groups: list[AssetGroupOut]


class TrendPointOut(CamelModel):
    date: date
    market_value: Decimal
    accumulated_profit: Decimal


class TradeOut(CamelModel):
    broker_order_no: str
    date: date
    order_code: str
    confirm_status: str
    amount: Decimal
    shares: Decimal


class AssetDetailOut(CamelModel):
    item: AssetItemOut
    holdings: list[ShareRowOut]
    trend: list[TrendPointOut]
    trades: list[TradeOut]


class DailyProfitOut(CamelModel):
    date: date
    profit: Decimal


class DailyProfitPageOut(CamelModel):
    content: list[DailyProfitOut]
    page: int
    size: int
    total: int
    has_more: bool


class MonthProfitOut(CamelModel):
    month: str
    total: Decimal
    days: list[DailyProfitOut]


class MonthTotalOut(CamelModel):
    month: str
    profit: Decimal


class YearProfitOut(CamelModel):
    year: str
    total: Decimal
    months: list[MonthTotalOut]


class AccumulatedPointOut(CamelModel):
    date: date
    accumulated_profit: Decimal
    profit: Decimal


class ClearedAssetOut(CamelModel):
    product_code: str
    product_name: str
    product_type: str
    acc_profit: Decimal
    cleared_date: date | None
    first_confirm_date: date | None


class RiskHoldingOut(CamelModel):
    product_code: str
    product_name: str
    product_type: str
    amac_risk5_level: int = Field(description="产品风险等级 R1-R5")
    risk_level_name: str


class HoldingRiskOut(CamelModel):
    """Holdings above the investor's grade (docs/rules.md#suitability, docs/product.md#states asset
    risk mismatch)."""

    risk_grade5: int | None
    holding_assets_list: list[RiskHoldingOut]
    is_need_toast: bool


class CashFlowOut(CamelModel):
    date: date
    amount: Decimal


class ReturnDayOut(CamelModel):
    date: date
    market_value: Decimal
    flow: Decimal
    profit: Decimal


class ReturnsOut(CamelModel):
    """The three returns of a period (docs/rules.md#returns), decimals of 8 places
    ("0.01234567" = 1.234567 %); none where a return cannot be defined."""

    start_date: date
    end_date: date
    start_value: Decimal = Field(description="期初市值")
    end_value: Decimal = Field(description="期末市值")
    profit: Decimal = Field(description="区间收益")
    net_paid_in: Decimal = Field(description="净投入：期初市值 + 区间买入 − 区间取出")
    simple_return: Decimal | None = Field(description="简单收益率 = 区间收益 ÷ 净投入")
    time_weighted_return: Decimal | None = Field(description="时间加权收益率（逐日连乘）")
    money_weighted_return: Decimal | None = Field(description="资金加权收益率（XIRR，年化）")
    cash_flows: list[CashFlowOut] = Field(
        description="XIRR 所用的现金流：投入为负、取回为正，含期初市值与期末市值"
    )
    days: list[ReturnDayOut] = Field(description="区间内每日的市值、净投入与收益")


class ProfitsAnalysisOut(ProfitsOut):
    """getProfits; with ``startDate`` also the period's three returns (收益分析)."""

    returns: ReturnsOut | None = Field(
        default=None, description="区间收益率（仅当请求带 startDate 时）"
    )


class AccountAssetItemOut(AccountAssetOut):
    """One financial account of getAccountAssetList (账户详情)."""

    financial_account_id: int
    financial_account_name: str
    financial_account_type: str
    is_hidden: bool
    created_at: date
