"""Which financial accounts a call reads, and the holding rows and waiting orders of those accounts
grouped into products (a fund held directly, the wallet, or a portfolio's component rows)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from functools import cached_property
from typing import Any, Literal

from sqlalchemy.orm import Session

from opentamp.assets import repository as repo
from opentamp.assets.schemas import (
    AssetItemOut,
    ShareRowOut,
)
from opentamp.errors import NotFound
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import CLEARED
from opentamp.models.orders import PO_ADJUST, WALLET_RECHARGE
from opentamp.models.products import (
    STATUS_STOP_ALLOT,
    STATUS_STOP_REDEEM,
    STATUS_STOP_TRADE,
    WALLET_FUND_CODE,
)
from opentamp.rules.profit import HoldingSums, profit_rate, sum_holdings


def accounts_in_scope(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    account_id: int | None = None,
) -> list[Any]:
    """The financial account asked for (another user's answers 404,
    docs/architecture.md#transport), or without one
    all the user's financial accounts (rows with ``id`` and ``account_id``). A given
    ``accountId`` must be the user's."""
    if financial_account_id is not None:
        fa = repo.financial_account_owner(session, financial_account_id)
        if fa is None or fa.broker_user_id != user.id:
            raise NotFound()
        if account_id is not None and fa.account_id != account_id:
            raise NotFound()
        return [fa]
    accounts = repo.financial_accounts_of(session, user.id)
    if account_id is not None:
        own = accounts[0].account_id if accounts else _account_id(session, user)
        if own != account_id:
            raise NotFound()
    return accounts


ZERO = Decimal("0.00")

FUND = "FUND"
PO = "PO"
WALLET = "WALLET"

TAG_BROKE_UP = "已拆散"
TAG_STOP_ALLOT = "暂停申购"
TAG_STOP_REDEEM = "暂停赎回"
TAG_ADJUSTING = "调仓待确认"

GROUP_WALLET = "钱包"
GROUP_PORTFOLIO = "组合"

Category = Literal["ALL", "FUND", "PO", "BROKEUP"]
SortKey = Literal["product", "holdingAsset", "preProfit", "holdingProfit", "accProfit"]
SortOrder = Literal["asc", "desc"]
#: Views of the list (docs/product.md#constants); all answer the asset view.
ViewType = Literal["ASSET", "ACCOUNT", "TARGET_SERIES_ASSET"]
#: Periods of the accumulated-profit trend: 近1月, 近3月, 近6月, 近1年.
TREND_DAYS = (30, 90, 180, 365)

DEFAULT_PAGE_SIZE = 20
DETAIL_TRADES = 20
DETAIL_TREND_DAYS = 90


def _account_id(session: Session, user: BrokerUser) -> int | None:
    account = repo.account_of(session, user.id)
    return account.id if account else None


@dataclass
class Product:
    code: str
    name: str
    product_type: str
    fund_type: int | None
    status: str
    risk_level: int
    rows: list[Any] = field(default_factory=list)
    pending_amount: Decimal = ZERO
    pending_count: int = 0
    adjusting: bool = False
    #: The day 昨日收益 belongs to (sum_holdings), when the reader gives it.
    market_day: date | None = None

    @cached_property
    def sums(self) -> HoldingSums:
        """Read once all rows are in (products_of builds them first)."""
        return sum_holdings(self.rows, market_day=self.market_day)

    @property
    def is_broke_up(self) -> bool:
        return any(r.is_broke_up for r in self.rows)

    @property
    def redeeming_shares(self) -> Decimal:
        """Shares frozen by sells submitted and not yet confirmed (卖出中)."""
        return sum((r.frozen_shares for r in self.rows), ZERO)

    @property
    def is_cleared(self) -> bool:
        return bool(self.rows) and all(r.status == CLEARED for r in self.rows)

    @property
    def tags(self) -> list[str]:
        tags = []
        if self.is_broke_up:
            tags.append(TAG_BROKE_UP)
        if self.status in (STATUS_STOP_ALLOT, STATUS_STOP_TRADE):
            tags.append(TAG_STOP_ALLOT)
        if self.status in (STATUS_STOP_REDEEM, STATUS_STOP_TRADE):
            tags.append(TAG_STOP_REDEEM)
        if self.adjusting:
            tags.append(TAG_ADJUSTING)
        return tags


def _fund_name(row: Any) -> str:
    return str(row.fund_short_name or row.fund_full_name or row.fund_code)


def _product_of(row: Any, code: str, portfolio: bool) -> Product:
    if portfolio:
        return Product(
            code=code,
            name=row.portfolio_name or code,
            product_type=PO,
            fund_type=None,
            status=row.portfolio_status or "",
            risk_level=row.portfolio_risk_level or 0,
        )
    return Product(
        code=code,
        name=_fund_name(row)
        if row.fund_short_name or row.fund_full_name
        else (GROUP_WALLET if code == WALLET_FUND_CODE else code),
        product_type=WALLET if code == WALLET_FUND_CODE else FUND,
        fund_type=row.fund_type,
        status=row.fund_status or "",
        risk_level=row.fund_risk_level or 0,
    )


def products_of(
    rows: Sequence[Any], orders: Sequence[Any] = (), *, market_day: date | None = None
) -> dict[str, Product]:
    """The products of the holding rows and waiting orders (of one or several accounts); with
    ``market_day``, their 昨日收益 is that day's (sum_holdings)."""
    products: dict[str, Product] = {}
    for row in rows:
        code = row.portfolio_code or row.fund_code
        product = products.get(code)
        if product is None:
            product = products[code] = _product_of(row, code, bool(row.portfolio_code))
            product.market_day = market_day
        product.rows.append(row)
    for order in orders:
        code = order_product(order)
        if not code:
            continue
        product = products.get(code)
        if product is None:
            product = products[code] = _product_of(
                _OrderRow(order, code), code, bool(order.portfolio_code)
            )
            product.market_day = market_day
        if order.order_code == PO_ADJUST:
            product.adjusting = True
        else:
            product.pending_amount += order.trade_amount
            product.pending_count += 1
    return products


def order_product(order: Any) -> str:
    """The product an order's money goes to (a recharge: the wallet)."""
    if order.order_code == WALLET_RECHARGE:
        return WALLET_FUND_CODE
    return str(order.portfolio_code or order.fund_code)


class _OrderRow:
    """An order row read as a holding row's product columns."""

    def __init__(self, order: Any, code: str) -> None:
        self._order = order
        self.fund_code = code

    def __getattr__(self, name: str) -> Any:
        return getattr(self._order, name)


def pending_of(orders: Sequence[Any]) -> tuple[Decimal, int]:
    purchases = [o for o in orders if o.order_code != PO_ADJUST]
    return sum((o.trade_amount for o in purchases), ZERO), len(purchases)


def asset_item(product: Product) -> AssetItemOut:
    sums = product.sums
    return AssetItemOut(
        product_code=product.code,
        product_name=product.name,
        product_type=product.product_type,
        fund_type=product.fund_type,
        holding_asset=sums.holding_asset,
        pre_profit=sums.previous_profit,
        holding_profit=sums.holding_profit,
        holding_profit_rate=sums.holding_profit_rate,
        acc_profit=sums.accumulated_profit,
        # a portfolio's funds' shares do not add up to a figure of the portfolio
        shares=None if product.product_type == PO else sums.shares,
        pending_amount=product.pending_amount,
        pending_count=product.pending_count,
        redeeming_shares=None if product.product_type == PO else product.redeeming_shares,
        is_redeeming=product.redeeming_shares > 0,
        profit_date=sums.update_date,
        is_broke_up=product.is_broke_up,
        tags=product.tags,
    )


def share_row(row: Any) -> ShareRowOut:
    return ShareRowOut(
        fund_code=row.fund_code,
        fund_name=_fund_name(row),
        portfolio_code=row.portfolio_code or None,
        shares=row.shares,
        available_shares=row.shares - row.frozen_shares,
        frozen_shares=row.frozen_shares,
        nav=row.nav,
        nav_date=row.nav_date,
        market_value=row.market_value,
        cost=row.cost,
        holding_profit=row.holding_profit,
        holding_profit_rate=profit_rate(row.holding_profit, row.cost),
        accumulated_profit=row.accumulated_profit,
        previous_profit=row.previous_profit,
        profit_date=row.profit_date,
        dividend_method=row.dividend_method,
        status=row.status,
        is_broke_up=row.is_broke_up,
        min_redeem_shares=row.min_redeem_shares,
        min_hold_shares=row.min_hold_shares,
    )


def product_scope(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    account_id: int | None,
    product_code: str | None,
) -> tuple[list[int], list[Any], list[int] | None]:
    """The accounts, their holding rows (of the product, when one is named) and the holding
    ids the daily rows are filtered by (None: every holding of the accounts)."""
    fas = accounts_in_scope(
        session, user=user, financial_account_id=financial_account_id, account_id=account_id
    )
    ids = [fa.id for fa in fas]
    rows = repo.holding_rows(session, ids)
    if not product_code:
        return ids, rows, None
    rows = [r for r in rows if (r.portfolio_code or r.fund_code) == product_code]
    return ids, rows, [r.id for r in rows]
