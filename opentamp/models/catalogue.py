"""The catalogue around the core products (issue #4): benchmark indexes, the simulated market
series, fund managers, disclosure documents, announcements and reports, portfolio adjustment
history, strategies (CL) with their phases, signals of signal products (SI), private sets,
per-broker product shelves and the performance algorithms of portfolio charts.

Strategies and signal products are portfolios (``portfolio.kind``): a model of component funds
with weights that trading buys and sells like any portfolio; these tables add what is
particular to them. docs/product.md#entities (Strategy, Latest signal, Algorithm option),
docs/product.md#states (Strategy phases), docs/rules.md#fund-trading, docs/rules.md#suitability and
docs/demo.md.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    JSON,
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

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.kit.money import ExactDecimal, Money, Nav, Rate
from opentamp.models._columns import created_at_column

#: Portfolio kinds: a plain fund portfolio (ZH), a strategy (CL), a signal product (SI).
PORTFOLIO_KINDS = ("portfolio", "strategy", "signal")
#: Box modes of docs/product.md#entities: how much of a portfolio's composition is disclosed.
BOX_MODES = ("WHITE_BOX", "BLACK_BOX", "GRAY_BOX")
#: Strategy phases of docs/product.md#states, in the order a period goes through them.
STRATEGY_PHASES = (
    "NOT_START",
    "RESERVE",
    "BUILD",
    "BUILD_RESERVE",
    "CALM",
    "LOCK",
    "RUN",
    "EARLY",
    "END",
    "TO_BE_END",
    "TERMINATED",
    "REACHED",
    "STOP_PROFIT",
)
RUNNING_PHASES = frozenset(
    {"NOT_START", "RESERVE", "BUILD", "BUILD_RESERVE", "CALM", "RUN", "LOCK"}
)


class BenchmarkIndex(Base):
    """A market index products are compared with (沪深300, 中证全债 …)."""

    __tablename__ = "benchmark_index"

    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    #: equity, bond, overseas, commodity
    category: Mapped[str] = mapped_column(String(16))
    description: Mapped[str] = mapped_column(Text, default="")
    sort_order: Mapped[int] = mapped_column(Integer, default=0)


class BenchmarkPoint(Base):
    """An index's close of one trading day."""

    __tablename__ = "benchmark_point"

    index_code: Mapped[str] = mapped_column(ForeignKey("benchmark_index.code"), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    close: Mapped[Decimal] = mapped_column(ExactDecimal(4))


class MarketSeries(Base):
    """A series the market simulator publishes each trading day (a fund's NAV, an index's
    close, a private product's weekly NAV, a signal product's signals), with the parameters of
    its model. Series without a row here (real NAV history loaded with ``opentamp market
    import``) are never simulated."""

    __tablename__ = "market_series"
    __table_args__ = (
        CheckConstraint("kind IN ('fund', 'index', 'private', 'signal')", name="kind"),
    )

    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    params: Mapped[dict[str, Any]] = mapped_column(JSON)


class FundManager(Base):
    __tablename__ = "fund_manager"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    company_id: Mapped[int] = mapped_column(ForeignKey("fund_company.id"), index=True)
    name: Mapped[str] = mapped_column(String(32))
    education: Mapped[str] = mapped_column(String(64), default="")
    #: The year the manager started managing funds (从业年限 counts from it).
    career_start: Mapped[date] = mapped_column(Date)
    invest_style: Mapped[str] = mapped_column(String(64), default="")
    bio: Mapped[str] = mapped_column(Text, default="")


class FundManagerTenure(Base):
    """A manager's term on a fund (任职); ``end_date`` null while the manager is in office."""

    __tablename__ = "fund_manager_tenure"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    manager_id: Mapped[int] = mapped_column(ForeignKey("fund_manager.id"), index=True)
    fund_code: Mapped[str] = mapped_column(ForeignKey("fund.code"), index=True)
    start_date: Mapped[date] = mapped_column(Date)
    end_date: Mapped[date | None] = mapped_column(Date, default=None)


class ProductDocument(Base):
    """A disclosure document of a product (fund, portfolio, private product) or, with an empty
    ``product_code``, of the platform (compliance files). One row per version; the current
    version of each ``doc_type`` has ``is_current``, older ones make the history."""

    __tablename__ = "product_document"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    product_code: Mapped[str] = mapped_column(String(16), index=True)
    #: contract, prospectus, summary, risk_disclosure, strategy, service_agreement,
    #: compliance, qualification
    doc_type: Mapped[str] = mapped_column(String(32))
    title: Mapped[str] = mapped_column(String(128))
    version_date: Mapped[date] = mapped_column(Date)
    is_current: Mapped[bool] = mapped_column(Boolean, default=True)
    content: Mapped[str] = mapped_column(Text, default="")


class ProductNotice(Base):
    """An announcement (公告) or a periodic report (定期报告) of a product."""

    __tablename__ = "product_notice"
    __table_args__ = (CheckConstraint("kind IN ('announcement', 'report')", name="kind"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    product_code: Mapped[str] = mapped_column(String(16))
    kind: Mapped[str] = mapped_column(String(16))
    #: announcements: dividend, status, manager, other; reports: quarterly, semiannual, annual
    category: Mapped[str] = mapped_column(String(16), default="other")
    title: Mapped[str] = mapped_column(String(128))
    publish_date: Mapped[date] = mapped_column(Date)
    content: Mapped[str] = mapped_column(Text, default="")


Index(
    "ix_product_notice_code_kind_date",
    ProductNotice.product_code,
    ProductNotice.kind,
    ProductNotice.publish_date,
)


class PortfolioAdjustment(Base):
    """A change of a portfolio's weights (调仓), effective at the close of ``adjust_date``.
    The first adjustment of a portfolio is its initial composition (every weight before is 0)."""

    __tablename__ = "portfolio_adjustment"
    __table_args__ = (UniqueConstraint("portfolio_code", "adjust_date"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    portfolio_code: Mapped[str] = mapped_column(ForeignKey("portfolio.code"), index=True)
    adjust_date: Mapped[date] = mapped_column(Date)
    title: Mapped[str] = mapped_column(String(64), default="")
    reason: Mapped[str] = mapped_column(Text, default="")


class PortfolioAdjustmentItem(Base):
    __tablename__ = "portfolio_adjustment_item"

    adjustment_id: Mapped[int] = mapped_column(
        ForeignKey("portfolio_adjustment.id"), primary_key=True
    )
    fund_code: Mapped[str] = mapped_column(ForeignKey("fund.code"), primary_key=True)
    weight_before: Mapped[Decimal] = mapped_column(Rate())
    weight_after: Mapped[Decimal] = mapped_column(Rate())


class StrategyInfo(Base):
    """What a strategy (CL) adds to its portfolio: a target strategy (``strategy_type`` '1')
    buys its model in periods (期) and stops when the target return is reached."""

    __tablename__ = "strategy_info"

    code: Mapped[str] = mapped_column(ForeignKey("portfolio.code"), primary_key=True)
    strategy_type: Mapped[str] = mapped_column(String(4), default="1")
    basic_prod_type: Mapped[str] = mapped_column(String(16), default="poFund")
    target_return: Mapped[Decimal] = mapped_column(Rate())
    #: RESERVE (预约买入) or IMMEDIATE
    buy_mode: Mapped[str] = mapped_column(String(16), default="IMMEDIATE")
    #: The period now on sale.
    period_no: Mapped[int] = mapped_column(Integer, default=1)
    #: The longest a period runs before it ends whatever the return (months).
    max_run_months: Mapped[int] = mapped_column(Integer, default=24)


class StrategyPhase(Base):
    """One phase of one period of a strategy (docs/product.md#states Strategy phases)."""

    __tablename__ = "strategy_phase"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    strategy_code: Mapped[str] = mapped_column(ForeignKey("strategy_info.code"), index=True)
    period_no: Mapped[int] = mapped_column(Integer)
    phase_type: Mapped[str] = mapped_column(String(16))
    begin_time: Mapped[datetime] = mapped_column(AwareDateTime())
    end_time: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    #: RETURN: the period ends (REACHED, then STOP_PROFIT) at target_value's return.
    target_type: Mapped[str] = mapped_column(String(16), default="RETURN")
    target_value: Mapped[Decimal | None] = mapped_column(Rate(), default=None)


class ProductSignal(Base):
    """A signal (发车) of a signal product's lead manager (docs/product.md#entities Latest signal).

    ``signal_type`` BUY: followers buy ``base amount × auto_follow_buy_rate`` (the buy
    multiple: 0.5–1 decrease, 1 standard, 1–2 increase, docs/product.md#constants). SELL: followers
    sell ``auto_follow_buy_rate`` of their shares (a fraction)."""

    __tablename__ = "product_signal"
    __table_args__ = (
        UniqueConstraint("product_code", "sig_date"),
        CheckConstraint("signal_type IN ('BUY', 'SELL')", name="signal_type"),
    )

    sig_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    product_code: Mapped[str] = mapped_column(ForeignKey("portfolio.code"), index=True)
    sig_date: Mapped[date] = mapped_column(Date)
    signal_type: Mapped[str] = mapped_column(String(8), default="BUY")
    auto_follow_buy_rate: Mapped[Decimal] = mapped_column(Rate())
    description: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = created_at_column()


class PrivateSet(Base):
    """A private-placement collection (私募专区) a broker shows to qualified investors."""

    __tablename__ = "private_set"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_id: Mapped[int | None] = mapped_column(ForeignKey("broker.id"), default=None)
    name: Mapped[str] = mapped_column(String(64))
    description: Mapped[str] = mapped_column(Text, default="")
    sort_order: Mapped[int] = mapped_column(Integer, default=0)


class PrivateProduct(Base):
    """A private fund (私募基金): sold only to qualified investors, valued weekly."""

    __tablename__ = "private_product"
    __table_args__ = (CheckConstraint("risk_level BETWEEN 1 AND 5", name="risk_level"),)

    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    set_id: Mapped[int] = mapped_column(ForeignKey("private_set.id"), index=True)
    name: Mapped[str] = mapped_column(String(128))
    manager_company: Mapped[str] = mapped_column(String(64))
    manager_name: Mapped[str] = mapped_column(String(32), default="")
    strategy_type: Mapped[str] = mapped_column(String(32))
    risk_level: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), default="NORMAL")
    inception_date: Mapped[date] = mapped_column(Date)
    min_investment: Mapped[Decimal] = mapped_column(Money(), default=Decimal("1000000.00"))
    lockup: Mapped[str] = mapped_column(String(64), default="")
    open_days: Mapped[str] = mapped_column(String(128), default="")
    fee_note: Mapped[str] = mapped_column(Text, default="")
    custodian: Mapped[str] = mapped_column(String(64), default="")
    description: Mapped[str] = mapped_column(Text, default="")


class PrivateNav(Base):
    __tablename__ = "private_nav"

    product_code: Mapped[str] = mapped_column(ForeignKey("private_product.code"), primary_key=True)
    nav_date: Mapped[date] = mapped_column(Date, primary_key=True)
    nav: Mapped[Decimal] = mapped_column(Nav())
    acc_nav: Mapped[Decimal] = mapped_column(Nav())


class PrivateInvestorStatement(Base):
    """A user's qualified-investor declaration (合格投资者声明): private products show their
    figures only after it."""

    __tablename__ = "private_investor_statement"

    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), primary_key=True)
    version: Mapped[str] = mapped_column(String(16))
    confirmed_at: Mapped[datetime] = created_at_column()


class ProductShelf(Base):
    """A product on one of a broker's shelves (home, search, fundPool, pension, superWallet),
    with the broker's flags for it. A product a broker does not shelve is still visible through
    search and detail pages; the shelf orders and labels what the broker promotes."""

    __tablename__ = "product_shelf"
    __table_args__ = (UniqueConstraint("broker_id", "shelf", "product_code"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_id: Mapped[int] = mapped_column(ForeignKey("broker.id"), index=True)
    shelf: Mapped[str] = mapped_column(String(16))
    product_code: Mapped[str] = mapped_column(String(16))
    product_type: Mapped[str] = mapped_column(String(16))
    sort_order: Mapped[int] = mapped_column(Integer, default=0)
    label: Mapped[str] = mapped_column(String(32), default="")
    #: The broker sells the product but not through this app (isDisableBuy).
    is_disable_buy: Mapped[bool] = mapped_column(Boolean, default=False)
    added_date: Mapped[date | None] = mapped_column(Date, default=None)


class PerformanceAlgorithm(Base):
    """An option of the portfolio performance chart's algorithm switch (docs/product.md#entities
    Algorithm option): how the curve is computed and which markers it shows."""

    __tablename__ = "performance_algorithm"

    algorithm_type: Mapped[str] = mapped_column(String(32), primary_key=True)
    algorithm_name: Mapped[str] = mapped_column(String(32))
    algorithm_desc: Mapped[str] = mapped_column(Text)
    show_signal_point: Mapped[bool] = mapped_column(Boolean, default=False)
    show_trade_point: Mapped[bool] = mapped_column(Boolean, default=False)
    show_benchmark: Mapped[bool] = mapped_column(Boolean, default=True)
    order: Mapped[int] = mapped_column(Integer)
    #: The product types (poFund, strategy, signal) the option applies to.
    product_types: Mapped[list[str]] = mapped_column(JSON, default=list)
