"""Card payouts of redemptions (docs/trading.md "Payouts").

One row per redemption whose cash goes to a bank card (024, and W02 wallet withdrawals), made
by the daily payout step when the cash is due. ``order_id`` is unique, so an order is never
paid out twice; the gateway is also called with the order number, which it treats as the
idempotency key. ``status``: ``sent`` (the bank accepted it, ``reference`` is its number),
``failed`` (retried on the next trading day, ``fail_reason`` the bank's last answer), ``wallet``
(refused ``MAX_ATTEMPTS`` times: the cash was credited to the user's wallet instead).
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Literal

from sqlalchemy import CheckConstraint, Date, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import Base, BigId
from opentamp.kit.money import Money
from opentamp.models._columns import created_at_column, updated_at_column

PayoutStatus = Literal["sent", "failed", "wallet"]
SENT: PayoutStatus = "sent"
FAILED: PayoutStatus = "failed"
TO_WALLET: PayoutStatus = "wallet"
#: After this many refused attempts the cash goes to the wallet.
MAX_ATTEMPTS = 3


class CardPayout(Base):
    __tablename__ = "card_payout"
    __table_args__ = (
        CheckConstraint("status IN ('sent', 'failed', 'wallet')", name="status"),
        CheckConstraint("amount > 0", name="amount_positive"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("trade_order.id"), unique=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"))
    payment_method_id: Mapped[int] = mapped_column(ForeignKey("payment_method.id"))
    amount: Mapped[Decimal] = mapped_column(Money())
    status: Mapped[str] = mapped_column(String(8))
    #: The bank's reference of the accepted payout ('' until then).
    reference: Mapped[str] = mapped_column(String(64), default="")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    fail_reason: Mapped[str] = mapped_column(Text, default="")
    #: The order's arrival date; the trading day of the last attempt; the day the cash left
    #: (sent to the card, or credited to the wallet).
    due_date: Mapped[date] = mapped_column(Date)
    last_attempt_date: Mapped[date] = mapped_column(Date)
    settled_date: Mapped[date | None] = mapped_column(Date, default=None)
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()


Index("ix_card_payout_status_attempt", CardPayout.status, CardPayout.last_attempt_date)
