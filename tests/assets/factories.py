"""Factories of holdings, daily profit rows and orders for the asset reads' tests: the rows
settlement and the trade calls would write, with the figures given by hand."""

from __future__ import annotations

import itertools
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING
from opentamp.models.accounts import FinancialAccount
from opentamp.models.holdings import HOLDING, Holding, HoldingDailyProfit
from opentamp.models.orders import PAID, TradeOrder

_seq = itertools.count(1)

D = Decimal


def make_holding(
    session: Session,
    *,
    fa: FinancialAccount,
    fund_code: str,
    portfolio_code: str = "",
    shares: str = "0.00",
    frozen_shares: str = "0.00",
    nav: str | None = None,
    cost: str = "0.00",
    market_value: str = "0.00",
    accumulated_profit: str = "0.00",
    previous_profit: str = "0.00",
    profit_date: date | None = None,
    status: str = HOLDING,
    is_broke_up: bool = False,
    cleared_date: date | None = None,
    first_confirm_date: date | None = date(2026, 1, 5),
) -> Holding:
    """A holding valued by hand: holding_profit = market_value − cost."""
    holding = Holding(
        broker_user_id=fa.broker_user_id,
        account_id=fa.account_id,
        financial_account_id=fa.id,
        fund_code=fund_code,
        portfolio_code=portfolio_code,
        shares=D(shares),
        frozen_shares=D(frozen_shares),
        nav=D(nav) if nav is not None else None,
        nav_date=profit_date,
        cost=D(cost),
        market_value=D(market_value),
        holding_profit=D(market_value) - D(cost),
        accumulated_profit=D(accumulated_profit),
        previous_profit=D(previous_profit),
        profit_date=profit_date,
        status=status,
        is_broke_up=is_broke_up,
        cleared_date=cleared_date,
        first_confirm_date=first_confirm_date,
    )
    session.add(holding)
    session.flush()
    return holding


def make_daily_profit(
    session: Session,
    *,
    holding: Holding,
    day: date,
    profit: str,
    market_value: str = "0.00",
    accumulated_profit: str = "0.00",
) -> HoldingDailyProfit:
    row = HoldingDailyProfit(
        holding_id=holding.id,
        profit_date=day,
        broker_user_id=holding.broker_user_id,
        financial_account_id=holding.financial_account_id,
        profit=D(profit),
        market_value=D(market_value),
        accumulated_profit=D(accumulated_profit),
    )
    session.add(row)
    session.flush()
    return row


def make_order(
    session: Session,
    *,
    fa: FinancialAccount,
    order_code: str,
    confirm_status: str,
    trade_amount: str = "0.00",
    fund_code: str = "",
    portfolio_code: str = "",
    parent: TradeOrder | None = None,
    pay_status: str = PAID,
    day: date = date(2026, 11, 20),
) -> TradeOrder:
    n = next(_seq)
    order = TradeOrder(
        broker_order_no=f"T{n:010d}",
        broker_user_id=fa.broker_user_id,
        account_id=fa.account_id,
        financial_account_id=fa.id,
        parent_id=parent.id if parent else None,
        order_code=order_code,
        fund_code=fund_code,
        portfolio_code=portfolio_code,
        confirm_status=confirm_status,
        pay_status=pay_status,
        trade_amount=D(trade_amount),
        apply_time=datetime(day.year, day.month, day.day, 10, 0, n % 60, tzinfo=BEIJING),
        trade_date=day,
        confirm_date=day,
    )
    session.add(order)
    session.flush()
    return order
