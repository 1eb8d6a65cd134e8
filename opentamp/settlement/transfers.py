"""Holdings brought in from another platform (docs/transfers.md#on-complete): the shares
enter the financial account on the day the transfer completes, valued at that day's NAV, with
the customer's cost as both the cost basis and the money paid in, so that the one profit rule
(docs/rules.md#profit) gives the right holding and accumulated profit from the first day:

    1 000.00 shares brought at a cost of 1 100.00, NAV 1.2000 on the day:
    market value 1 200.00, cost 1 100.00, holding profit 100.00, accumulated profit 100.00.

The profit made before the transfer is an opening balance, not the day's profit: the day's
``previous_profit`` stays what the day's valuation gave (0 for a new holding), and the next
day's is the change from this accumulated profit."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.models.holdings import HOLDING, Holding, HoldingDailyProfit, HoldingLot


def book_transfer_in(
    session: Session,
    *,
    broker_user_id: int,
    account_id: int,
    financial_account_id: int,
    fund_code: str,
    shares: Decimal,
    cost: Decimal,
    nav: Decimal,
    day: date,
) -> Holding:
    """Add ``shares`` at ``cost`` to the direct holding of ``fund_code`` (created if needed),
    valued at ``nav`` of ``day``; one lot confirmed on ``day``."""
    holding = session.scalar(
        select(Holding).where(
            Holding.financial_account_id == financial_account_id,
            Holding.fund_code == fund_code,
            Holding.portfolio_code == "",
        )
    )
    if holding is None:
        holding = Holding(
            broker_user_id=broker_user_id,
            account_id=account_id,
            financial_account_id=financial_account_id,
            fund_code=fund_code,
            portfolio_code="",
            shares=Decimal("0"),
            frozen_shares=Decimal("0"),
            cost=Decimal("0"),
            paid_in=Decimal("0"),
            redeemed_net=Decimal("0"),
            cash_dividends=Decimal("0"),
            market_value=Decimal("0"),
            holding_profit=Decimal("0"),
            accumulated_profit=Decimal("0"),
            previous_profit=Decimal("0"),
            profit_date=day,
            first_confirm_date=day,
        )
        session.add(holding)
    holding.shares += shares
    holding.cost += cost
    holding.paid_in += cost
    holding.status = HOLDING
    holding.cleared_date = None
    if holding.first_confirm_date is None:
        holding.first_confirm_date = day
    holding.nav, holding.nav_date = nav, day
    holding.market_value = rules.market_value(holding.shares, nav)
    holding.holding_profit = rules.holding_profit(holding.market_value, holding.cost)
    holding.accumulated_profit = rules.accumulated_profit(
        holding.market_value, holding.redeemed_net, holding.cash_dividends, holding.paid_in
    )
    session.flush()
    session.add(HoldingLot(holding_id=holding.id, confirm_date=day, shares=shares))
    row = session.get(HoldingDailyProfit, (holding.id, day))
    if row is not None:  # valued earlier in the day: the day's profit stays, the totals move
        row.market_value = holding.market_value
        row.accumulated_profit = holding.accumulated_profit
    session.flush()
    return holding
