"""Trade orders (docs/rules.md#fund-trading, docs/product.md#entities "Order").

One row per order, with the raw fields the client derives its screen status from
(web/src/lib/order-status.ts): ``order_code`` (020/022/039/024/036/029/143, P02/P03/P04,
W01…W04/W11/W12), ``confirm_status`` ('0' waiting, '1' fail, '2' success, '3' part, '4'
subscription accepted, '9' cancelled; prefixed 'P' on portfolio parents and 'W' on wallet
orders) and ``pay_status`` ('0' paying, '1' pay failed, '2' paid). The server never stores a
display status.

A portfolio order (P02 buy, P03 sell, P04 adjust) is a parent whose children (``parent_id``)
are the fund orders it was split into; the parent's status follows its children at settlement.

Money the customer sees is fixed when it becomes known, each figure rounded per
docs/rules.md#money-shares-and-time:
a purchase's ``fee`` and ``net_amount`` at order time (the amount and the rate are known then),
its ``confirmed_shares`` at settlement (``net_amount / NAV_T``); a redemption's
``confirmed_amount`` (gross), ``fee`` and ``net_amount`` at settlement from NAV_T and the lots
it took (``order_lot``).
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, Boolean, CheckConstraint, Date, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.kit.money import Money, Nav, Rate, Shares
from opentamp.models._columns import created_at_column, updated_at_column

ZERO = Decimal("0")

#: Business codes (docs/rules.md#fund-trading).
SUBSCRIBE = "020"
PURCHASE = "022"
PLAN_PURCHASE = "039"
REDEEM = "024"
CONVERT = "036"
DIVIDEND_METHOD = "029"
DIVIDEND = "143"
PO_BUY = "P02"
PO_SELL = "P03"
PO_ADJUST = "P04"
WALLET_RECHARGE = "W01"
WALLET_WITHDRAW = "W02"
WALLET_FAST_WITHDRAW = "W03"
WALLET_PAID_PURCHASE = "W04"
WALLET_PLAN_PURCHASE = "W11"
ADVISER_FEE = "W12"
#: Holdings transferred in from another platform (转托管转入, docs/transfers.md).
TRANSFER_IN = "127"

BUY_CODES = frozenset({SUBSCRIBE, PURCHASE, PLAN_PURCHASE, WALLET_PAID_PURCHASE, WALLET_RECHARGE})
SELL_CODES = frozenset({REDEEM, WALLET_WITHDRAW, WALLET_FAST_WITHDRAW})

#: confirm_status digits (the prefix P/W is added for portfolio parents and wallet orders).
WAITING = "0"
FAILED = "1"
CONFIRMED = "2"
PART = "3"
CANCELLED = "9"
#: Portfolio parents: P0/P1 in progress, P2 all confirmed, P3 all failed, P4 part, P9 cancelled.
PO_WAITING = "P0"
PO_ALL_CONFIRMED = "P2"
PO_ALL_FAILED = "P3"
PO_PART = "P4"
PO_CANCELLED = "P9"

#: pay_status.
PAYING = "0"
PAY_FAILED = "1"
PAID = "2"

#: How a purchase is paid, and where redemption cash goes.
PAY_CARD = "card"
PAY_WALLET = "wallet"
#: Paid from, or redeemed back into, the personal pension fund account (docs/pension.md).
PAY_PENSION = "pension"


class TradeOrder(Base):
    __tablename__ = "trade_order"
    __table_args__ = (
        CheckConstraint("trade_amount >= 0", name="trade_amount_not_negative"),
        CheckConstraint("trade_share >= 0", name="trade_share_not_negative"),
        CheckConstraint("pay_method IN ('card', 'wallet', 'pension', '')", name="pay_method"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    #: The order number the customer and the client see (brokerOrderNo), unique.
    broker_order_no: Mapped[str] = mapped_column(String(32), unique=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"))
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id"))
    financial_account_id: Mapped[int] = mapped_column(ForeignKey("financial_account.id"))
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("trade_order.id"), default=None)
    order_code: Mapped[str] = mapped_column(String(4))
    #: The fund of a fund order ('' on a portfolio parent); the portfolio of a parent and of
    #: its children ('' otherwise).
    fund_code: Mapped[str] = mapped_column(String(16), default="")
    portfolio_code: Mapped[str] = mapped_column(String(16), default="")
    confirm_status: Mapped[str] = mapped_column(String(4), default=WAITING)
    pay_status: Mapped[str] = mapped_column(String(2), default=PAID)
    pay_method: Mapped[str] = mapped_column(String(8), default="")
    payment_method_id: Mapped[int | None] = mapped_column(
        ForeignKey("payment_method.id"), default=None
    )
    #: Amount applied for (purchases) and shares applied for (redemptions).
    trade_amount: Mapped[Decimal] = mapped_column(Money(), default=ZERO)
    trade_share: Mapped[Decimal] = mapped_column(Shares(), default=ZERO)
    #: Applied at; priced at trade_date's NAV; confirmed on confirm_date (expected, then actual).
    apply_time: Mapped[datetime] = mapped_column(AwareDateTime())
    trade_date: Mapped[date] = mapped_column(Date)
    confirm_date: Mapped[date] = mapped_column(Date)
    #: Redemption cash reaches the card or the wallet on this day.
    arrival_date: Mapped[date | None] = mapped_column(Date, default=None)
    #: Purchases: fee rate after discount, fee and net amount fixed at order time.
    fee_rate: Mapped[Decimal | None] = mapped_column(Rate(), default=None)
    fee: Mapped[Decimal] = mapped_column(Money(), default=ZERO)
    net_amount: Mapped[Decimal] = mapped_column(Money(), default=ZERO)
    #: Settlement: the NAV, confirmed shares and confirmed (gross) amount.
    nav: Mapped[Decimal | None] = mapped_column(Nav(), default=None)
    confirmed_shares: Mapped[Decimal] = mapped_column(Shares(), default=ZERO)
    confirmed_amount: Mapped[Decimal] = mapped_column(Money(), default=ZERO)
    confirmed_at: Mapped[date | None] = mapped_column(Date, default=None)
    #: Redemptions: where the cash goes ('card' or 'wallet').
    redeem_to: Mapped[str] = mapped_column(String(8), default="")
    ext_meta_info: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    is_signal_sell_order: Mapped[bool] = mapped_column(Boolean, default=False)
    fail_reason: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()


Index("ix_trade_order_user_apply", TradeOrder.broker_user_id, TradeOrder.apply_time)
Index("ix_trade_order_trade_date_status", TradeOrder.trade_date, TradeOrder.confirm_status)
Index("ix_trade_order_parent", TradeOrder.parent_id)
Index("ix_trade_order_financial_account", TradeOrder.financial_account_id)


class OrderLot(Base):
    """The shares a redemption took from one lot of a holding (first in, first out), with the
    redemption fee rate of that lot's holding period on the trade date
    (docs/rules.md#fund-trading)."""

    __tablename__ = "order_lot"
    __table_args__ = (CheckConstraint("shares > 0", name="shares_positive"),)

    order_id: Mapped[int] = mapped_column(ForeignKey("trade_order.id"), primary_key=True)
    lot_id: Mapped[int] = mapped_column(ForeignKey("holding_lot.id"), primary_key=True)
    shares: Mapped[Decimal] = mapped_column(Shares())
    fee_rate: Mapped[Decimal] = mapped_column(Rate())
