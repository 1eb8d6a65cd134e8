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
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from opentamp.assets import repository as repo
from opentamp.assets.errors import ProductNotHeld
from opentamp.assets.grouping import (
    DETAIL_TRADES,
    DETAIL_TREND_DAYS,
    FUND,
    GROUP_PORTFOLIO,
    GROUP_WALLET,
    PO,
    WALLET,
    ZERO,
    Category,
    SortKey,
    SortOrder,
    accounts_in_scope,
    asset_item,
    pending_of,
    product_scope,
    products_of,
    share_row,
)
from opentamp.assets.profit_history import walk_back
from opentamp.assets.schemas import (
    AccountAssetItemOut,
    AccountAssetOut,
    AssetDetailOut,
    AssetGroupOut,
    AssetItemOut,
    AssetListOut,
    ClearedAssetOut,
    HoldingRiskOut,
    ProfitsOut,
    RiskHoldingOut,
    ShareRowOut,
    TradeOut,
    TrendPointOut,
)
from opentamp.core.market_day import market_date
from opentamp.kit.clock import BEIJING, today
from opentamp.models.auth import BrokerUser
from opentamp.models.orders import WALLET_RECHARGE
from opentamp.models.products import (
    WALLET_FUND_CODE,
)
from opentamp.products.api import fund_type_name
from opentamp.rules.profit import HoldingSums, sum_holdings
from opentamp.rules.suitability import LEVEL_NAMES


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
        share_row(r)
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
    amount, count = pending_of(orders)
    sums = sum_holdings(rows, market_day=market_date(session))
    return AccountAssetOut(
        **_profits(sums),
        pending_amount=amount,
        pending_count=count,
        total_asset=sums.holding_asset + amount,
    )


def pending_by_account(
    session: Session, *, user_id: int, financial_account_ids: Sequence[int]
) -> dict[int, Decimal]:
    """当前资产待确认 of each account (zero for one with nothing waiting): the money of its
    purchases awaiting confirmation, which its 总资产 counts (``account_asset``)."""
    waiting: dict[int, list[Any]] = {i: [] for i in financial_account_ids}
    for order in repo.waiting_orders(
        session, user_id=user_id, financial_account_ids=financial_account_ids
    ):
        waiting[order.financial_account_id].append(order)
    return {i: pending_of(orders)[0] for i, orders in waiting.items()}


def _group_key(item: AssetItemOut) -> tuple[int, int, str]:
    if item.product_type == WALLET:
        return (0, 0, GROUP_WALLET)
    if item.product_type == PO:
        return (1, 0, GROUP_PORTFOLIO)
    fund_type = item.fund_type if item.fund_type is not None else 0
    name = fund_type_name(fund_type)
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
    amount, count = pending_of(orders)
    account = sum_holdings(rows, market_day=market_date(session))
    items = [
        asset_item(p)
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
    ids, rows, holding_ids = product_scope(
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
    # 昨日收益 of the market date: a product sold out long ago shows 0.00, not its last day's
    product = products_of(rows, orders, market_day=market_date(session)).get(product_code)
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
        for row, acc in walk_back(product.sums.accumulated_profit, daily)
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
        item=asset_item(product), holdings=[share_row(r) for r in rows], trend=trend, trades=trades
    )


def clear_out_list(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    account_id: int | None = None,
) -> list[ClearedAssetOut]:
    """getClearOutAssetList: products whose every row is cleared, last cleared first; without
    a financial account, those of all the user's accounts taken together (a product still held
    in one account is not cleared), as /clearOutAssets shows them opened without one."""
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


def account_asset_list(session: Session, *, user: BrokerUser) -> list[AccountAssetItemOut]:
    """getAccountAssetList: every financial account of the user with its figures (getAccountAsset
    of each), in the order 我的 lists them."""
    items = []
    for fa in repo.financial_accounts_of(session, user.id):
        figures = account_asset(session, user=user, financial_account_id=fa.id)
        items.append(
            AccountAssetItemOut(
                **figures.model_dump(),
                financial_account_id=fa.id,
                financial_account_name=fa.name,
                financial_account_type=fa.type,
                is_hidden=fa.is_hidden,
                created_at=fa.created_at.astimezone(BEIJING).date(),
            )
        )
    return items
