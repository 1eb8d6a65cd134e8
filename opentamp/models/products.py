"""What the platform sells: funds with their fee schedules, NAVs and dividends, and fund
portfolios (PO) with their component weights. docs/rules.md#fund-trading, docs/product.md#entities
and docs/product.md#constants.

These are the core entities trading and settlement read. The catalogue around them (companies'
details, managers, documents, strategies, signals, pension, private sets, shelves) lives in
further models of the products feature.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import Base, BigId
from opentamp.kit.money import ExactDecimal, Money, Nav, Rate, Shares
from opentamp.models._columns import created_at_column

#: Fund types of docs/product.md#entities: 0 other, 1 stock, 2 bond, 3 mixed, 4 money market,
#: 5 capital-protected, 6 index, 7 QDII, 8 commodity, 9 short-term, 10 mutual-recognition.
FUND_TYPE_MONEY_MARKET = 4
FUND_TYPE_QDII = 7

#: Product status (docs/product.md#states product status tags).
STATUS_NORMAL = "NORMAL"
STATUS_STOP_ALLOT = "STOP_ALLOT"  # 暂停申购
STATUS_STOP_REDEEM = "STOP_REDEEM"  # 暂停赎回
STATUS_STOP_TRADE = "STOP_TRADE"  # both
FUND_STATUSES = (STATUS_NORMAL, STATUS_STOP_ALLOT, STATUS_STOP_REDEEM, STATUS_STOP_TRADE)

#: The demo wallet's money-market fund (docs/product.md#constants).
WALLET_FUND_CODE = "000509"


class FundCompany(Base):
    __tablename__ = "fund_company"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    short_name: Mapped[str] = mapped_column(String(32))
    # The organisation page (organizationInfo).
    established_date: Mapped[date | None] = mapped_column(Date, default=None)
    registered_capital: Mapped[str] = mapped_column(String(32), default="")
    website: Mapped[str] = mapped_column(String(128), default="")
    hotline: Mapped[str] = mapped_column(String(32), default="")
    address: Mapped[str] = mapped_column(String(128), default="")
    description: Mapped[str] = mapped_column(Text, default="")


class Fund(Base):
    """A mutual fund (code of 6 digits)."""

    __tablename__ = "fund"
    __table_args__ = (
        CheckConstraint("fund_type BETWEEN 0 AND 10", name="fund_type"),
        CheckConstraint("risk_level BETWEEN 1 AND 5", name="risk_level"),
        CheckConstraint("confirm_days >= 1", name="confirm_days"),
    )

    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(128))
    short_name: Mapped[str] = mapped_column(String(64))
    company_id: Mapped[int] = mapped_column(ForeignKey("fund_company.id"), index=True)
    fund_type: Mapped[int] = mapped_column(Integer)
    risk_level: Mapped[int] = mapped_column(Integer)  # R1..R5
    status: Mapped[str] = mapped_column(String(16), default=STATUS_NORMAL)
    inception_date: Mapped[date] = mapped_column(Date)
    #: Trading rules (docs/rules.md#fund-trading).
    min_purchase_amount: Mapped[Decimal] = mapped_column(Money(), default=Decimal("10.00"))
    min_redeem_shares: Mapped[Decimal] = mapped_column(Shares(), default=Decimal("1.00"))
    min_hold_shares: Mapped[Decimal] = mapped_column(Shares(), default=Decimal("1.00"))
    #: Listed purchase rates are multiplied by this (discountFeeRatio; 0.1 = 一折).
    purchase_discount: Mapped[Decimal] = mapped_column(Rate(), default=Decimal("1"))
    #: Orders are confirmed on T+confirm_days (QDII T+2).
    confirm_days: Mapped[int] = mapped_column(Integer, default=1)
    #: Redemption cash reaches the card on T+redeem_settle_days.
    redeem_settle_days: Mapped[int] = mapped_column(Integer, default=3)
    #: Trading-time limit (docs/product.md#validation), "HH:mm" or "HH:mm:ss", both or neither.
    trade_limit_start: Mapped[str | None] = mapped_column(String(8), default=None)
    trade_limit_end: Mapped[str | None] = mapped_column(String(8), default=None)
    #: Default dividend method of new holdings: "cash" or "reinvest".
    default_dividend_method: Mapped[str] = mapped_column(String(8), default="cash")
    benchmark: Mapped[str] = mapped_column(String(128), default="")
    description: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = created_at_column()
    #: A personal-pension fund (个人养老金基金, Y share).
    is_pension: Mapped[bool] = mapped_column(Boolean, default=False)
    #: The index the fund is compared with on charts (the text above is the prospectus's).
    benchmark_code: Mapped[str | None] = mapped_column(
        ForeignKey("benchmark_index.code"), default=None
    )
    custodian: Mapped[str] = mapped_column(String(64), default="")
    #: Yearly operating fees, accrued in the NAV (管理费, 托管费, 销售服务费).
    manage_fee_rate: Mapped[Decimal | None] = mapped_column(Rate(), default=None)
    custody_fee_rate: Mapped[Decimal | None] = mapped_column(Rate(), default=None)
    sales_service_fee_rate: Mapped[Decimal | None] = mapped_column(Rate(), default=None)
    #: Fund size (基金规模) as of scale_date.
    scale: Mapped[Decimal | None] = mapped_column(Money(), default=None)
    scale_date: Mapped[date | None] = mapped_column(Date, default=None)
    #: While suspended (STOP_ALLOT, STOP_REDEEM), the announced day trading resumes, if known.
    resume_date: Mapped[date | None] = mapped_column(Date, default=None)

    @property
    def is_money_market(self) -> bool:
        return self.fund_type == FUND_TYPE_MONEY_MARKET


class FundFeeTier(Base):
    """One row of a fund's fee schedule.

    Purchase (``kind='purchase'``): for amounts in [amount_from, amount_to) the listed
    ``rate`` applies, or a ``fixed_fee`` replaces the rate (the top tier). Redemption
    (``kind='redeem'``): for lots held [days_from, days_to) days the ``rate`` applies.
    A null upper bound is open-ended.
    """

    __tablename__ = "fund_fee_tier"
    __table_args__ = (
        CheckConstraint("kind IN ('purchase', 'redeem')", name="kind"),
        CheckConstraint("(rate IS NULL) <> (fixed_fee IS NULL)", name="rate_or_fixed"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    fund_code: Mapped[str] = mapped_column(ForeignKey("fund.code"), index=True)
    kind: Mapped[str] = mapped_column(String(8))
    amount_from: Mapped[Decimal | None] = mapped_column(Money(), default=None)
    amount_to: Mapped[Decimal | None] = mapped_column(Money(), default=None)
    days_from: Mapped[int | None] = mapped_column(Integer, default=None)
    days_to: Mapped[int | None] = mapped_column(Integer, default=None)
    rate: Mapped[Decimal | None] = mapped_column(Rate(), default=None)
    fixed_fee: Mapped[Decimal | None] = mapped_column(Money(), default=None)


class FundNav(Base):
    """A fund's published NAV of one trading day (unit and accumulated); money-market funds
    publish 万份收益 (income per 10 000 shares) and the 7-day annualised yield instead, with
    the unit NAV fixed at 1.0000."""

    __tablename__ = "fund_nav"

    fund_code: Mapped[str] = mapped_column(ForeignKey("fund.code"), primary_key=True)
    nav_date: Mapped[date] = mapped_column(Date, primary_key=True)
    nav: Mapped[Decimal] = mapped_column(Nav())
    acc_nav: Mapped[Decimal] = mapped_column(Nav())
    income_per_10k: Mapped[Decimal | None] = mapped_column(ExactDecimal(4), default=None)
    yield_7d: Mapped[Decimal | None] = mapped_column(Rate(), default=None)


Index("ix_fund_nav_nav_date", FundNav.nav_date)


class FundDividend(Base):
    """A dividend event: cash per share, paid to holders of record on the record date."""

    __tablename__ = "fund_dividend"
    __table_args__ = (UniqueConstraint("fund_code", "ex_date"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    fund_code: Mapped[str] = mapped_column(ForeignKey("fund.code"), index=True)
    record_date: Mapped[date] = mapped_column(Date)
    ex_date: Mapped[date] = mapped_column(Date)
    pay_date: Mapped[date] = mapped_column(Date)
    cash_per_share: Mapped[Decimal] = mapped_column(ExactDecimal(4))


class Portfolio(Base):
    """A fund portfolio (PO, code prefix ZH): a model of component funds with weights."""

    __tablename__ = "portfolio"
    __table_args__ = (CheckConstraint("risk_level BETWEEN 1 AND 5", name="risk_level"),)

    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    risk_level: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), default=STATUS_NORMAL)
    inception_date: Mapped[date] = mapped_column(Date)
    min_purchase_amount: Mapped[Decimal] = mapped_column(Money(), default=Decimal("100.00"))
    description: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = created_at_column()
    #: portfolio (ZH), strategy (CL) or signal (SI): see models/catalogue.py.
    kind: Mapped[str] = mapped_column(String(16), default="portfolio")
    #: WHITE_BOX discloses every component; BLACK_BOX none; GRAY_BOX the asset classes only.
    box_mode: Mapped[str] = mapped_column(String(16), default="WHITE_BOX")
    benchmark_code: Mapped[str | None] = mapped_column(
        ForeignKey("benchmark_index.code"), default=None
    )
    #: The lead manager (主理人) and the adviser team running the model.
    manager_name: Mapped[str] = mapped_column(String(32), default="")
    team_id: Mapped[int | None] = mapped_column(ForeignKey("team.id"), default=None)
    investment_strategy: Mapped[str] = mapped_column(Text, default="")
    #: An advisory (投顾) portfolio charges this yearly fee on assets; null otherwise.
    adviser_fee_rate: Mapped[Decimal | None] = mapped_column(Rate(), default=None)


class PortfolioComponent(Base):
    """The current weight of a fund in a portfolio; the weights of a portfolio sum to 1."""

    __tablename__ = "portfolio_component"

    portfolio_code: Mapped[str] = mapped_column(ForeignKey("portfolio.code"), primary_key=True)
    fund_code: Mapped[str] = mapped_column(ForeignKey("fund.code"), primary_key=True)
    weight: Mapped[Decimal] = mapped_column(Rate())
