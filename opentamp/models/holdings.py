"""Positions and their profit (docs/rules.md#fund-trading, docs/rules.md#profit).

A holding is one fund in one financial account, held directly (``portfolio_code = ''``) or as a
component of a portfolio (``portfolio_code = 'ZH…'``); a portfolio holding is the set of its
component rows. Settlement keeps each row's valuation current (as of ``nav_date``), so every
figure a screen shows is a read or a sum of these columns:

- ``market_value = shares × nav``;
- ``cost``: remaining cost basis, average-cost method, fees included;
- ``holding_profit = market_value − cost``;
- ``accumulated_profit = market_value + redeemed_net + cash_dividends − paid_in``;
- ``previous_profit``: the last day's change of ``accumulated_profit`` (昨日收益), dated
  ``profit_date``; the day's row is kept in ``holding_daily_profit``.

Unconfirmed money (purchases awaiting confirmation) is not part of a holding: it is shown
separately, from the orders, as 当前资产待确认.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import Boolean, CheckConstraint, Date, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import Base, BigId
from opentamp.kit.money import Money, Nav, Shares
from opentamp.models._columns import updated_at_column

ZERO = Decimal("0")

HOLDING = "holding"
CLEARED = "cleared"  # 已清仓: no shares left; its accumulated profit is kept


class Holding(Base):
    __tablename__ = "holding"
    __table_args__ = (
        UniqueConstraint("financial_account_id", "fund_code", "portfolio_code"),
        CheckConstraint("shares >= 0", name="shares_not_negative"),
        CheckConstraint("frozen_shares >= 0 AND frozen_shares <= shares", name="frozen_within"),
        CheckConstraint("dividend_method IN ('cash', 'reinvest')", name="dividend_method"),
        # Room on each page for the day's rewrite of the row by settlement: a heap-only update
        # that leaves the indexes alone (docs/trading.md#settlement-at-scale).
        {"postgresql_with": {"fillfactor": 50}},
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    #: Copies of the financial account's owner and account (the owning key is
    #: financial_account_id): no foreign keys of their own, so settlement's writes do not look
    #: them up; the test suite checks they agree (docs/trading.md#settlement-at-scale).
    broker_user_id: Mapped[int] = mapped_column(BigId, index=True)
    account_id: Mapped[int] = mapped_column(BigId)
    financial_account_id: Mapped[int] = mapped_column(
        ForeignKey("financial_account.id"), index=True
    )
    fund_code: Mapped[str] = mapped_column(ForeignKey("fund.code"), index=True)
    portfolio_code: Mapped[str] = mapped_column(String(16), default="")
    #: Confirmed shares, and those of them in unconfirmed redemptions.
    shares: Mapped[Decimal] = mapped_column(Shares(), default=ZERO)
    frozen_shares: Mapped[Decimal] = mapped_column(Shares(), default=ZERO)
    cost: Mapped[Decimal] = mapped_column(Money(), default=ZERO)
    #: Lifetime flows of docs/rules.md#profit.
    paid_in: Mapped[Decimal] = mapped_column(Money(), default=ZERO)
    redeemed_net: Mapped[Decimal] = mapped_column(Money(), default=ZERO)
    cash_dividends: Mapped[Decimal] = mapped_column(Money(), default=ZERO)
    #: Valuation as of nav_date.
    nav: Mapped[Decimal | None] = mapped_column(Nav(), default=None)
    nav_date: Mapped[date | None] = mapped_column(Date, default=None)
    market_value: Mapped[Decimal] = mapped_column(Money(), default=ZERO)
    holding_profit: Mapped[Decimal] = mapped_column(Money(), default=ZERO)
    accumulated_profit: Mapped[Decimal] = mapped_column(Money(), default=ZERO)
    previous_profit: Mapped[Decimal] = mapped_column(Money(), default=ZERO)
    profit_date: Mapped[date | None] = mapped_column(Date, default=None)
    dividend_method: Mapped[str] = mapped_column(String(8), default="cash")
    #: A portfolio holding whose owner sold a component alone (已拆散).
    is_broke_up: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(16), default=HOLDING)
    first_confirm_date: Mapped[date | None] = mapped_column(Date, default=None)
    cleared_date: Mapped[date | None] = mapped_column(Date, default=None)
    updated_at: Mapped[datetime] = updated_at_column()


class HoldingLot(Base):
    """Shares confirmed on one date: redemptions take lots first-in-first-out and the
    redemption fee follows each lot's holding period (docs/rules.md#fund-trading)."""

    __tablename__ = "holding_lot"
    __table_args__ = (CheckConstraint("shares >= 0", name="shares_not_negative"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    holding_id: Mapped[int] = mapped_column(ForeignKey("holding.id"), index=True)
    confirm_date: Mapped[date] = mapped_column(Date)
    shares: Mapped[Decimal] = mapped_column(Shares())


class HoldingDailyProfit(Base):
    """A holding's profit of one day (the profit calendar, charts and reports read these)."""

    __tablename__ = "holding_daily_profit"

    holding_id: Mapped[int] = mapped_column(ForeignKey("holding.id"), primary_key=True)
    profit_date: Mapped[date] = mapped_column(Date, primary_key=True)
    #: Copies of the holding's owner and financial account (the owning key is holding_id), as
    #: in :class:`Holding`: no foreign keys of their own.
    broker_user_id: Mapped[int] = mapped_column(BigId)
    financial_account_id: Mapped[int] = mapped_column(BigId)
    profit: Mapped[Decimal] = mapped_column(Money())
    market_value: Mapped[Decimal] = mapped_column(Money())
    accumulated_profit: Mapped[Decimal] = mapped_column(Money())


Index(
    "ix_holding_daily_profit_user_date",
    HoldingDailyProfit.broker_user_id,
    HoldingDailyProfit.profit_date,
)
