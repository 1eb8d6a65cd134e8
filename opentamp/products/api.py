"""What other features use of products: the catalogue's rows and cards, names and statuses,
documents and notices, and the performance figures quoted elsewhere (private funds, store
pages, holdings, trading)."""

from opentamp.products.analytics import benchmark_series, fund_series, year_return
from opentamp.products.cards import product_card
from opentamp.products.catalogue import (
    ASSET_CLASSES,
    FUND_TYPE_NAMES,
    PORTFOLIO_TYPES,
    fund_type_name,
    product_type_of,
    rate,
    risk_name,
    status_of,
)
from opentamp.products.documents import compliance_files, document_url, notice_out
from opentamp.products.errors import ProductNotFound
from opentamp.products.performance import (
    Point,
    aligned_returns,
    annual_return,
    annual_volatility,
    correlation,
    cumulative_return,
    max_drawdown,
    months_before,
    period_return,
    rolling_returns,
    sharpe_ratio,
    simple_returns,
)
from opentamp.products.repository import (
    components,
    disabled_for_broker,
    documents,
    funds,
    latest_navs,
    portfolio,
    private_product,
    search_funds,
    search_portfolios,
    shelf,
    strategy_phases,
    tenures_of_fund,
)
from opentamp.products.schemas import DocumentOut, NoticeOut, PeriodReturnOut, ProductCardOut
from opentamp.products.series import backtest_hold
from opentamp.products.strategy import current_phase

__all__ = [
    "ASSET_CLASSES",
    "Point",
    "annual_return",
    "annual_volatility",
    "backtest_hold",
    "cumulative_return",
    "fund_series",
    "rolling_returns",
    "sharpe_ratio",
    "simple_returns",
    "aligned_returns",
    "benchmark_series",
    "correlation",
    "months_before",
    "tenures_of_fund",
    "FUND_TYPE_NAMES",
    "fund_type_name",
    "PORTFOLIO_TYPES",
    "DocumentOut",
    "NoticeOut",
    "PeriodReturnOut",
    "ProductCardOut",
    "ProductNotFound",
    "components",
    "current_phase",
    "strategy_phases",
    "compliance_files",
    "disabled_for_broker",
    "document_url",
    "documents",
    "funds",
    "latest_navs",
    "max_drawdown",
    "notice_out",
    "period_return",
    "portfolio",
    "private_product",
    "product_card",
    "product_type_of",
    "rate",
    "risk_name",
    "search_funds",
    "search_portfolios",
    "shelf",
    "status_of",
    "year_return",
]
