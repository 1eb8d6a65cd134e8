"""The holdings and profit reads (docs/trading.md "Holdings and profit", docs/rules.md#profit).

Every figure is a read or a sum of the materialised holding columns that settlement keeps
current; sums go through ``opentamp.accounts.figures`` (one rule). Decisions where the contract
is silent:

- A product is a fund held directly (``portfolio_code = ''``), the wallet (fund 000509), or a
  portfolio: the set of its component rows, shown as one item with their sum. 已拆散 when any
  component row is broken up.
- 当前资产待确认: ``pendingAmount`` = Σ trade_amount of the account's purchases waiting for
  confirmation (confirm '0', 'W0', 'P0'/'P1', parents only, not those whose payment failed);
  ``pendingCount`` their number. A wallet recharge (W01) is pending money of the wallet.
- The holdings list shows products with shares, and products with only a pending purchase
  (holdingAsset 0). Zero-share holdings are in getShares only; cleared ones in the clear-out
  list.
- Categories: FUND the funds held directly (not the wallet), PO the portfolios not broken up,
  BROKEUP the broken-up ones, ALL everything. Groups: 钱包, then 组合, then the funds by fund
  type (股票型基金 …), in that order; items sorted within their group by the sort key (product =
  product code), ties by product code.
- The accumulated-profit trend is anchored at today's accumulated profit (the holdings'
  column) and walked back by the stored daily profits: acc(d) = acc(now) − Σ profit after d.
  It agrees with ``previousProfit(t) = acc(t) − acc(t−1)`` and keeps cleared holdings' profit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from functools import cached_property
from typing import Any, Literal

from sqlalchemy.orm import Session

from opentamp.assets import repository as repo
from opentamp.assets.errors import InvalidMonth, InvalidYear, ProductNotHeld
from opentamp.assets.schemas import (
    AccountAssetOut,
    AccumulatedPointOut,
    AssetDetailOut,
    AssetGroupOut,
    AssetItemOut,
    AssetListOut,
    ClearedAssetOut,
    DailyProfitOut,
    DailyProfitPageOut,
    HoldingRiskOut,
    MonthProfitOut,
    MonthTotalOut,
    ProfitsOut,
    RiskHoldingOut,
    ShareRowOut,
    TradeOut,
    TrendPointOut,
    YearProfitOut,
)
from opentamp.core.market_day import market_date
from opentamp.errors import InvalidParams, NotFound
from opentamp.kit.clock import today
from opentamp.kit.pagination import has_more
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import CLEARED
from opentamp.models.orders import PO_ADJUST, WALLET_RECHARGE
from opentamp.models.products import (
    STATUS_STOP_ALLOT,
    STATUS_STOP_REDEEM,
    STATUS_STOP_TRADE,
    WALLET_FUND_CODE,
)
from opentamp.products.api import FUND_TYPE_NAMES
from opentamp.rules.profit import HoldingSums, profit_rate, sum_holdings
from opentamp.rules.suitability import LEVEL_NAMES

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
#: Views of the list (spec 000 §9); all answer the asset view.
ViewType = Literal["ASSET", "ACCOUNT", "TARGET_SERIES_ASSET"]
#: Periods of the accumulated-profit trend: 近1月, 近3月, 近6月, 近1年.
TREND_DAYS = (30, 90, 180, 365)

DEFAULT_PAGE_SIZE = 20
DETAIL_TRADES = 20
DETAIL_TREND_DAYS = 90


# -- scope: which financial accounts a call reads --------------------------------------------


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


def _account_id(session: Session, user: BrokerUser) -> int | None:
    account = repo.account_of(session, user.id)
    return account.id if account else None


# -- products: holding rows and waiting orders grouped by product ----------------------------


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

    @cached_property
    def sums(self) -> HoldingSums:
        """Read once all rows are in (products_of builds them first)."""
        return sum_holdings(self.rows)

    @property
    def is_broke_up(self) -> bool:
        return any(r.is_broke_up for r in self.rows)

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


def products_of(rows: Sequence[Any], orders: Sequence[Any] = ()) -> dict[str, Product]:
    """The products of the holding rows and waiting orders (of one or several accounts)."""
    products: dict[str, Product] = {}
    for row in rows:
        code = row.portfolio_code or row.fund_code
        product = products.get(code)
        if product is None:
            product = products[code] = _product_of(row, code, bool(row.portfolio_code))
        product.rows.append(row)
    for order in orders:
        code = _order_product(order)
        if not code:
            continue
        product = products.get(code)
        if product is None:
            product = products[code] = _product_of(
                _OrderRow(order, code), code, bool(order.portfolio_code)
            )
        if order.order_code == PO_ADJUST:
            product.adjusting = True
        else:
            product.pending_amount += order.trade_amount
            product.pending_count += 1
    return products


def _order_product(order: Any) -> str:
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


def _pending(orders: Sequence[Any]) -> tuple[Decimal, int]:
    purchases = [o for o in orders if o.order_code != PO_ADJUST]
    return sum((o.trade_amount for o in purchases), ZERO), len(purchases)


def _item(product: Product) -> AssetItemOut:
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
        shares=sums.shares,
        pending_amount=product.pending_amount,
        pending_count=product.pending_count,
        profit_date=sums.update_date,
        is_broke_up=product.is_broke_up,
        tags=product.tags,
    )


def _share_row(row: Any) -> ShareRowOut:
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


# -- the reads -------------------------------------------------------------------------------


def shares(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int,
    account_id: int | None = None,
    fund_code: str | None = None,
    portfolio_code: str | None = None,
) -> list[ShareRowOut]:
    """getShares: every holding row of the account, zero shares included."""
    fas = accounts_in_scope(
        session, user=user, financial_account_id=financial_account_id, account_id=account_id
    )
    rows = repo.holding_rows(session, [fa.id for fa in fas])
    return [
        _share_row(r)
        for r in rows
        if (fund_code is None or r.fund_code == fund_code)
        and (portfolio_code is None or r.portfolio_code == portfolio_code)
    ]


def _profits(sums: HoldingSums) -> dict[str, Any]:
    return dict(
        holding_asset=sums.holding_asset,
        holding_profit=sums.holding_profit,
        holding_profit_rate=sums.holding_profit_rate,
        accumulated_profit=sums.accumulated_profit,
        previous_profit=sums.previous_profit,
        update_date=sums.update_date,
        profit_progress=sums.profit_progress,
    )


def profits(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    account_id: int | None = None,
) -> ProfitsOut:
    """getProfits: an account's figures, or all accounts' together."""
    fas = accounts_in_scope(
        session, user=user, financial_account_id=financial_account_id, account_id=account_id
    )
    rows = repo.holding_rows(session, [fa.id for fa in fas])
    return ProfitsOut(**_profits(sum_holdings(rows, market_day=market_date(session))))


def account_asset(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    account_id: int | None = None,
) -> AccountAssetOut:
    """getAccountAsset: getProfits plus 当前资产待确认."""
    fas = accounts_in_scope(
        session, user=user, financial_account_id=financial_account_id, account_id=account_id
    )
    ids = [fa.id for fa in fas]
    rows = repo.holding_rows(session, ids)
    orders = repo.waiting_orders(session, user_id=user.id, financial_account_ids=ids)
    amount, count = _pending(orders)
    return AccountAssetOut(
        **_profits(sum_holdings(rows, market_day=market_date(session))),
        pending_amount=amount,
        pending_count=count,
    )


def _group_key(item: AssetItemOut) -> tuple[int, int, str]:
    if item.product_type == WALLET:
        return (0, 0, GROUP_WALLET)
    if item.product_type == PO:
        return (1, 0, GROUP_PORTFOLIO)
    fund_type = item.fund_type if item.fund_type is not None else 0
    name = FUND_TYPE_NAMES.get(fund_type, FUND_TYPE_NAMES[0])
    return (2, fund_type, name if name.endswith("基金") else name + "基金")


_SORT_FIELDS = {
    "holdingAsset": "holding_asset",
    "preProfit": "pre_profit",
    "holdingProfit": "holding_profit",
    "accProfit": "acc_profit",
}


def _in_category(item: AssetItemOut, category: Category) -> bool:
    if category == "FUND":
        return item.product_type == FUND
    if category == "PO":
        return item.product_type == PO and not item.is_broke_up
    if category == "BROKEUP":
        return item.product_type == PO and item.is_broke_up
    return True


def sort_items(items: list[AssetItemOut], *, sort: SortKey, order: SortOrder) -> list[AssetItemOut]:
    """Items by the sort key in the order asked for; equal keys by product code."""
    by_code = sorted(items, key=lambda i: i.product_code)
    if sort == "product":
        return by_code if order == "asc" else list(reversed(by_code))
    name = _SORT_FIELDS[sort]
    return sorted(by_code, key=lambda i: getattr(i, name), reverse=order == "desc")


def asset_list(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int,
    account_id: int | None = None,
    category: Category = "ALL",
    sort: SortKey = "holdingAsset",
    order: SortOrder = "desc",
) -> AssetListOut:
    """getAccountAssetDetailByConfig: the account's products grouped by product type."""
    fas = accounts_in_scope(
        session, user=user, financial_account_id=financial_account_id, account_id=account_id
    )
    ids = [fa.id for fa in fas]
    rows = repo.holding_rows(session, ids)
    orders = repo.waiting_orders(session, user_id=user.id, financial_account_ids=ids)
    amount, count = _pending(orders)
    account = sum_holdings(rows, market_day=market_date(session))
    items = [
        _item(p)
        for p in products_of(rows, orders).values()
        if p.sums.shares > 0 or p.pending_count > 0
    ]
    groups: dict[tuple[int, int, str], list[AssetItemOut]] = {}
    for item in items:
        if _in_category(item, category):
            groups.setdefault(_group_key(item), []).append(item)
    return AssetListOut(
        pending_amount=amount,
        pending_count=count,
        updating=account.updating,
        groups=[
            AssetGroupOut(
                type_name=key[2],
                holding_asset=sum((i.holding_asset for i in members), ZERO),
                items=sort_items(members, sort=sort, order=order),
            )
            for key, members in sorted(groups.items())
        ],
    )


def _product_scope(
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


def _walk_back(anchor: Decimal, daily: Sequence[Any]) -> list[tuple[Any, Decimal]]:
    """acc(d) = acc(now) − Σ profit of the days after d, for each daily row (oldest first)."""
    points: list[tuple[Any, Decimal]] = []
    acc = anchor
    for row in reversed(daily):
        points.append((row, acc))
        acc -= row.profit
    points.reverse()
    return points


def accumulated_trend(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    account_id: int | None = None,
    product_code: str | None = None,
    days: int = 30,
) -> list[AccumulatedPointOut]:
    """getAccumulatedProfitTrend: each day of the last ``days`` with a profit row."""
    if days not in TREND_DAYS:
        raise InvalidParams("days 取值只能为 30、90、180 或 365")
    ids, rows, holding_ids = _product_scope(
        session,
        user=user,
        financial_account_id=financial_account_id,
        account_id=account_id,
        product_code=product_code,
    )
    start = today() - timedelta(days=days)
    daily = repo.daily_sums(
        session,
        user_id=user.id,
        financial_account_ids=ids,
        holding_ids=holding_ids,
        start=start + timedelta(days=1),
    )
    anchor = sum_holdings(rows).accumulated_profit
    return [
        AccumulatedPointOut(date=row.profit_date, accumulated_profit=acc, profit=row.profit)
        for row, acc in _walk_back(anchor, daily)
    ]


def asset_detail(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int,
    product_code: str,
    account_id: int | None = None,
    days: int = DETAIL_TREND_DAYS,
) -> AssetDetailOut:
    """getAccountAssetDetail: a product's item, its share rows, value and profit trend and
    its orders."""
    ids, rows, holding_ids = _product_scope(
        session,
        user=user,
        financial_account_id=financial_account_id,
        account_id=account_id,
        product_code=product_code,
    )
    orders = [
        o
        for o in repo.waiting_orders(session, user_id=user.id, financial_account_ids=ids)
        if (
            WALLET_FUND_CODE if o.order_code == WALLET_RECHARGE else o.portfolio_code or o.fund_code
        )
        == product_code
    ]
    product = products_of(rows, orders).get(product_code)
    if product is None:
        raise ProductNotHeld()
    start = today() - timedelta(days=days)
    daily = repo.daily_sums(
        session,
        user_id=user.id,
        financial_account_ids=ids,
        holding_ids=holding_ids,
        start=start + timedelta(days=1),
    )
    trend = [
        TrendPointOut(date=row.profit_date, market_value=row.market_value, accumulated_profit=acc)
        for row, acc in _walk_back(product.sums.accumulated_profit, daily)
    ]
    trades = [
        TradeOut(
            broker_order_no=o.broker_order_no,
            date=o.confirmed_at or o.trade_date,
            order_code=o.order_code,
            confirm_status=o.confirm_status,
            amount=o.trade_amount if o.trade_amount > 0 else o.net_amount,
            shares=o.confirmed_shares if o.confirmed_shares > 0 else o.trade_share,
        )
        for o in repo.product_orders(
            session,
            financial_account_id=ids[0],
            product_code=product_code,
            is_portfolio=product.product_type == PO,
            limit=DETAIL_TRADES,
        )
    ]
    return AssetDetailOut(
        item=_item(product), holdings=[_share_row(r) for r in rows], trend=trend, trades=trades
    )


def daily_profit_page(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    account_id: int | None = None,
    product_code: str | None = None,
    page: int = 1,
    size: int = DEFAULT_PAGE_SIZE,
) -> DailyProfitPageOut:
    """getDailyProfitList and getProfitDetail: Σ profit per day, newest first (page from 1)."""
    ids, _rows, holding_ids = _product_scope(
        session,
        user=user,
        financial_account_id=financial_account_id,
        account_id=account_id,
        product_code=product_code,
    )
    rows, total = repo.daily_profit_page(
        session,
        user_id=user.id,
        financial_account_ids=ids,
        holding_ids=holding_ids,
        offset=(page - 1) * size,
        limit=size,
    )
    return DailyProfitPageOut(
        content=[DailyProfitOut(date=r.profit_date, profit=r.profit) for r in rows],
        page=page,
        size=size,
        total=total,
        has_more=has_more(page, size, total),
    )


def _parse_month(month: str) -> date:
    try:
        year, mon = month.split("-")
        if len(year) != 4 or len(mon) != 2:
            raise ValueError
        return date(int(year), int(mon), 1)
    except ValueError:
        raise InvalidMonth() from None


def _parse_year(year: str) -> int:
    if len(year) != 4 or not year.isdigit() or int(year) < 1900:
        raise InvalidYear()
    return int(year)


def calendar_profit(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    account_id: int | None = None,
    month: str | None = None,
    year: str | None = None,
) -> MonthProfitOut | YearProfitOut:
    """getCalendarProfit: a month's days (default this month), or with ``year`` a year's
    months, each the Σ of the daily profit rows; only days with rows are listed."""
    fas = accounts_in_scope(
        session, user=user, financial_account_id=financial_account_id, account_id=account_id
    )
    ids = [fa.id for fa in fas]
    if year is not None and month is None:
        y = _parse_year(year)
        daily = repo.daily_sums(
            session,
            user_id=user.id,
            financial_account_ids=ids,
            start=date(y, 1, 1),
            end=date(y, 12, 31),
        )
        months: dict[str, Decimal] = {}
        for row in daily:
            key = row.profit_date.strftime("%Y-%m")
            months[key] = months.get(key, ZERO) + row.profit
        return YearProfitOut(
            year=f"{y:04d}",
            total=sum(months.values(), ZERO),
            months=[MonthTotalOut(month=m, profit=p) for m, p in sorted(months.items())],
        )
    first = _parse_month(month) if month is not None else today().replace(day=1)
    following = (first + timedelta(days=32)).replace(day=1)
    daily = repo.daily_sums(
        session,
        user_id=user.id,
        financial_account_ids=ids,
        start=first,
        end=following - timedelta(days=1),
    )
    return MonthProfitOut(
        month=first.strftime("%Y-%m"),
        total=sum((r.profit for r in daily), ZERO),
        days=[DailyProfitOut(date=r.profit_date, profit=r.profit) for r in daily],
    )


def clear_out_list(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int,
    account_id: int | None = None,
) -> list[ClearedAssetOut]:
    """getClearOutAssetList: products whose every row is cleared, last cleared first."""
    fas = accounts_in_scope(
        session, user=user, financial_account_id=financial_account_id, account_id=account_id
    )
    rows = repo.holding_rows(session, [fa.id for fa in fas])
    out = []
    for product in products_of(rows).values():
        if not product.is_cleared:
            continue
        cleared = [r.cleared_date for r in product.rows if r.cleared_date is not None]
        confirmed = [r.first_confirm_date for r in product.rows if r.first_confirm_date]
        out.append(
            ClearedAssetOut(
                product_code=product.code,
                product_name=product.name,
                product_type=product.product_type,
                acc_profit=product.sums.accumulated_profit,
                cleared_date=max(cleared) if cleared else None,
                first_confirm_date=min(confirmed) if confirmed else None,
            )
        )
    out.sort(key=lambda c: c.product_code)
    out.sort(key=lambda c: c.cleared_date or date.min, reverse=True)
    return out


def holdings_above_grade(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    account_id: int | None = None,
) -> HoldingRiskOut:
    """holdingAssets/riskLevel: the products with shares whose risk level is above the
    investor's grade (asset risk mismatch, docs/rules.md#suitability). Without a grade nothing is
    listed."""
    fas = accounts_in_scope(
        session, user=user, financial_account_id=financial_account_id, account_id=account_id
    )
    account = repo.account_of(session, user.id)
    grade = account.risk_grade5 if account else None
    listed: list[RiskHoldingOut] = []
    if grade:
        rows = repo.holding_rows(session, [fa.id for fa in fas])
        for product in products_of(rows).values():
            if product.sums.shares > 0 and product.risk_level > grade:
                listed.append(
                    RiskHoldingOut(
                        product_code=product.code,
                        product_name=product.name,
                        product_type=product.product_type,
                        amac_risk5_level=product.risk_level,
                        risk_level_name=LEVEL_NAMES.get(product.risk_level, ""),
                    )
                )
        listed.sort(key=lambda r: (-r.amac_risk5_level, r.product_code))
    return HoldingRiskOut(
        risk_grade5=grade or None, holding_assets_list=listed, is_need_toast=bool(listed)
    )
