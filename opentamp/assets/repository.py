"""Queries of the holdings and profit reads. Each read is a few indexed queries: the holding
rows of the accounts (``ix_holding_financial_account_id``) with their fund and portfolio in
one join, the waiting orders (``ix_trade_order_financial_account``), and the daily profit rows
(``ix_holding_daily_profit_user_date``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from sqlalchemy import Row, and_, bindparam, func, select
from sqlalchemy.orm import Session

from opentamp.db import OWNED_ACCOUNTS_INFO
from opentamp.models.accounts import Account, FinancialAccount
from opentamp.models.holdings import Holding, HoldingDailyProfit
from opentamp.models.orders import (
    PLAN_PURCHASE,
    PO_ADJUST,
    PO_BUY,
    PO_WAITING,
    PURCHASE,
    SUBSCRIBE,
    WAITING,
    WALLET_PAID_PURCHASE,
    WALLET_PLAN_PURCHASE,
    WALLET_RECHARGE,
    TradeOrder,
)
from opentamp.models.products import Fund, Portfolio

#: Purchases whose money shows as 当前资产待确认 until confirmed (parents only: a portfolio
#: purchase is its P02 parent, never its children).
PURCHASE_CODES = (
    SUBSCRIBE,
    PURCHASE,
    PLAN_PURCHASE,
    WALLET_PAID_PURCHASE,
    WALLET_PLAN_PURCHASE,
    WALLET_RECHARGE,
    PO_BUY,
)
#: Waiting: '0' (fund), 'W0' (wallet), 'P0'/'P1' (portfolio parent in progress).
WAITING_STATUSES = (WAITING, "W" + WAITING, PO_WAITING, "P1")


def financial_accounts_of(session: Session, user_id: int) -> list[FinancialAccount]:
    return list(
        session.scalars(
            select(FinancialAccount)
            .where(FinancialAccount.broker_user_id == user_id)
            .order_by(FinancialAccount.id)
        )
    )


def account_of(session: Session, user_id: int) -> Account | None:
    return session.scalar(select(Account).where(Account.broker_user_id == user_id))


HOLDING_COLUMNS = (
    Holding.id,
    Holding.financial_account_id,
    Holding.fund_code,
    Holding.portfolio_code,
    Holding.shares,
    Holding.frozen_shares,
    Holding.cost,
    Holding.nav,
    Holding.nav_date,
    Holding.market_value,
    Holding.holding_profit,
    Holding.accumulated_profit,
    Holding.previous_profit,
    Holding.profit_date,
    Holding.dividend_method,
    Holding.is_broke_up,
    Holding.status,
    Holding.first_confirm_date,
    Holding.cleared_date,
    Fund.name.label("fund_full_name"),
    Fund.short_name.label("fund_short_name"),
    Fund.fund_type,
    Fund.status.label("fund_status"),
    Fund.risk_level.label("fund_risk_level"),
    Fund.min_redeem_shares,
    Fund.min_hold_shares,
    Portfolio.name.label("portfolio_name"),
    Portfolio.status.label("portfolio_status"),
    Portfolio.risk_level.label("portfolio_risk_level"),
)


#: Built once: a read of the hot holdings list pays no statement construction.
_HOLDING_ROWS = (
    select(*HOLDING_COLUMNS)
    .join(Fund, Fund.code == Holding.fund_code)
    .outerjoin(Portfolio, Portfolio.code == Holding.portfolio_code)
    .where(Holding.financial_account_id.in_(bindparam("fa_ids", expanding=True)))
    .order_by(Holding.portfolio_code, Holding.fund_code, Holding.id)
)


def holding_rows(session: Session, financial_account_ids: Sequence[int]) -> list[Row[Any]]:
    """Every holding row of the accounts (zero-share and cleared ones too), with its fund's
    name, type, status and limits and its portfolio's name and status: one query."""
    if not financial_account_ids:
        return []
    return list(session.execute(_HOLDING_ROWS, {"fa_ids": list(financial_account_ids)}))


_WAITING_ORDERS = (
    select(
        TradeOrder.financial_account_id,
        TradeOrder.order_code,
        TradeOrder.fund_code,
        TradeOrder.portfolio_code,
        TradeOrder.trade_amount,
        Fund.name.label("fund_full_name"),
        Fund.short_name.label("fund_short_name"),
        Fund.fund_type,
        Fund.status.label("fund_status"),
        Fund.risk_level.label("fund_risk_level"),
        Portfolio.name.label("portfolio_name"),
        Portfolio.status.label("portfolio_status"),
        Portfolio.risk_level.label("portfolio_risk_level"),
    )
    .outerjoin(Fund, and_(Fund.code == TradeOrder.fund_code, TradeOrder.portfolio_code == ""))
    .outerjoin(Portfolio, Portfolio.code == TradeOrder.portfolio_code)
    .where(
        TradeOrder.financial_account_id.in_(bindparam("fa_ids", expanding=True)),
        TradeOrder.broker_user_id == bindparam("user_id"),
        TradeOrder.parent_id.is_(None),
        TradeOrder.confirm_status.in_(WAITING_STATUSES),
        TradeOrder.order_code.in_((*PURCHASE_CODES, PO_ADJUST)),
        TradeOrder.pay_status != "1",  # a failed payment is no pending money
    )
)


def waiting_orders(
    session: Session, *, user_id: int, financial_account_ids: Sequence[int]
) -> list[Row[Any]]:
    """The accounts' orders still waiting for confirmation that matter to the holdings list:
    purchases (their amount is 当前资产待确认) and portfolio adjustments (调仓待确认). Parents
    only; with the product's names for a product held nowhere yet."""
    if not financial_account_ids:
        return []
    return list(
        session.execute(
            _WAITING_ORDERS, {"fa_ids": list(financial_account_ids), "user_id": user_id}
        )
    )


_FINANCIAL_ACCOUNT_OWNER = select(
    FinancialAccount.id, FinancialAccount.broker_user_id, FinancialAccount.account_id
).where(FinancialAccount.id == bindparam("fa_id"))


def financial_account_owner(session: Session, financial_account_id: int) -> Any:
    """(id, broker_user_id, account_id) of a financial account, or None. A read whose token
    query already found the account to be its owner's (``core.answers.owner_of``) asks no
    more."""
    known = session.info.get(OWNED_ACCOUNTS_INFO)
    if known is not None and financial_account_id in known:
        return known[financial_account_id]
    return session.execute(_FINANCIAL_ACCOUNT_OWNER, {"fa_id": financial_account_id}).first()


def _daily_filter(
    *,
    user_id: int,
    financial_account_ids: Sequence[int],
    holding_ids: Sequence[int] | None,
) -> list[Any]:
    where = [
        HoldingDailyProfit.broker_user_id == user_id,
        HoldingDailyProfit.financial_account_id.in_(financial_account_ids),
    ]
    if holding_ids is not None:
        where.append(HoldingDailyProfit.holding_id.in_(holding_ids))
    return where


def daily_sums(
    session: Session,
    *,
    user_id: int,
    financial_account_ids: Sequence[int],
    holding_ids: Sequence[int] | None = None,
    start: date | None = None,
    end: date | None = None,
) -> list[Row[Any]]:
    """Σ profit, Σ market value and Σ accumulated profit of the daily rows per date, oldest
    first, for dates in [start, end]."""
    if not financial_account_ids or holding_ids == []:
        return []
    where = _daily_filter(
        user_id=user_id, financial_account_ids=financial_account_ids, holding_ids=holding_ids
    )
    if start is not None:
        where.append(HoldingDailyProfit.profit_date >= start)
    if end is not None:
        where.append(HoldingDailyProfit.profit_date <= end)
    return list(
        session.execute(
            select(
                HoldingDailyProfit.profit_date,
                func.sum(HoldingDailyProfit.profit).label("profit"),
                func.sum(HoldingDailyProfit.market_value).label("market_value"),
            )
            .where(*where)
            .group_by(HoldingDailyProfit.profit_date)
            .order_by(HoldingDailyProfit.profit_date)
        )
    )


def daily_profit_page(
    session: Session,
    *,
    user_id: int,
    financial_account_ids: Sequence[int],
    holding_ids: Sequence[int] | None,
    offset: int,
    limit: int,
) -> tuple[list[Any], int]:
    """One page of Σ profit per date, newest first, and the number of dates."""
    if not financial_account_ids or holding_ids == []:
        return [], 0
    where = _daily_filter(
        user_id=user_id, financial_account_ids=financial_account_ids, holding_ids=holding_ids
    )
    rows = list(
        session.execute(
            select(
                HoldingDailyProfit.profit_date,
                func.sum(HoldingDailyProfit.profit).label("profit"),
            )
            .where(*where)
            .group_by(HoldingDailyProfit.profit_date)
            .order_by(HoldingDailyProfit.profit_date.desc())
            .offset(offset)
            .limit(limit)
        )
    )
    total = session.scalar(
        select(func.count(func.distinct(HoldingDailyProfit.profit_date))).where(*where)
    )
    return rows, int(total or 0)


def product_orders(
    session: Session,
    *,
    financial_account_id: int,
    product_code: str,
    is_portfolio: bool,
    limit: int,
) -> list[TradeOrder]:
    """A product's orders in the account (parents only), newest first."""
    query = select(TradeOrder).where(
        TradeOrder.financial_account_id == financial_account_id,
        TradeOrder.parent_id.is_(None),
    )
    if is_portfolio:
        query = query.where(TradeOrder.portfolio_code == product_code)
    else:
        query = query.where(TradeOrder.fund_code == product_code, TradeOrder.portfolio_code == "")
    return list(
        session.scalars(
            query.order_by(TradeOrder.apply_time.desc(), TradeOrder.id.desc()).limit(limit)
        )
    )


def daily_rows(
    session: Session,
    *,
    user_id: int,
    financial_account_ids: Sequence[int],
    end: date,
) -> list[Row[Any]]:
    """Every daily profit row (holding, date, profit, market value) of the accounts up to
    ``end``, oldest first: the return analytics carry each holding's value forward."""
    if not financial_account_ids:
        return []
    where = _daily_filter(
        user_id=user_id, financial_account_ids=financial_account_ids, holding_ids=None
    )
    return list(
        session.execute(
            select(
                HoldingDailyProfit.holding_id,
                HoldingDailyProfit.profit_date,
                HoldingDailyProfit.profit,
                HoldingDailyProfit.market_value,
            )
            .where(*where, HoldingDailyProfit.profit_date <= end)
            .order_by(HoldingDailyProfit.profit_date, HoldingDailyProfit.holding_id)
        )
    )
