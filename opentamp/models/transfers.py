"""Transfer-in of holdings from another platform (docs/transfers.md).

An application (``transfer_application``) carries the rows the customer checked on the
recognition screen (``transfer_item``: a catalogue fund, shares and the customer's cost) into
one financial account. The daily step moves it APPLYING → READY → TRANSFER_IN → COMPLETE, or
to TA_ERROR or CLOSED; each row has a transfer-in order (code 127) in 交易记录. A profit history
from the other platform may be attached (``transfer_profit``). Mail the customer asks for (the
template) is written to ``mail_outbox`` in the request's transaction; ``offline_relation``
binds a customer to an offline shop's adviser.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import CheckConstraint, Date, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.kit.money import Money, Shares
from opentamp.models import orders as _orders
from opentamp.models._columns import created_at_column, updated_at_column

#: Application states (docs/product.md#states "Transfer-in application states").
APPLYING, READY, TRANSFER_IN, COMPLETE, TA_ERROR, CLOSED = (
    "APPLYING",
    "READY",
    "TRANSFER_IN",
    "COMPLETE",
    "TA_ERROR",
    "CLOSED",
)
STATES = (APPLYING, READY, TRANSFER_IN, COMPLETE, TA_ERROR, CLOSED)
OPEN_STATES = (APPLYING, READY, TRANSFER_IN)
#: How the rows came in.
SOURCES = ("file", "image", "text", "manual")
#: The business code of a transfer-in order (转托管转入).
TRANSFER_IN_CODE = _orders.TRANSFER_IN


class TransferApplication(Base):
    __tablename__ = "transfer_application"
    __table_args__ = (
        CheckConstraint(
            "status IN ('APPLYING', 'READY', 'TRANSFER_IN', 'COMPLETE', 'TA_ERROR', 'CLOSED')",
            name="transfer_status",
        ),
        CheckConstraint("source IN ('file', 'image', 'text', 'manual')", name="transfer_source"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id"))
    financial_account_id: Mapped[int] = mapped_column(ForeignKey("financial_account.id"))
    #: The platform the holdings come from, as the customer named it.
    source_platform: Mapped[str] = mapped_column(String(32), default="")
    source: Mapped[str] = mapped_column(String(8))
    status: Mapped[str] = mapped_column(String(12), default=APPLYING, index=True)
    apply_time: Mapped[datetime] = mapped_column(AwareDateTime())
    #: The trading day the application is taken in (docs/transfers.md#states).
    trade_date: Mapped[date] = mapped_column(Date)
    #: The pipeline day of the last move (one move per day).
    status_date: Mapped[date | None] = mapped_column(Date, default=None)
    complete_date: Mapped[date | None] = mapped_column(Date, default=None)
    fail_reason: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()


class TransferItem(Base):
    __tablename__ = "transfer_item"
    __table_args__ = (
        UniqueConstraint("application_id", "fund_code"),
        CheckConstraint("shares > 0", name="transfer_shares_positive"),
        CheckConstraint("cost >= 0", name="transfer_cost_not_negative"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    application_id: Mapped[int] = mapped_column(ForeignKey("transfer_application.id"), index=True)
    fund_code: Mapped[str] = mapped_column(ForeignKey("fund.code"))
    shares: Mapped[Decimal] = mapped_column(Shares())
    cost: Mapped[Decimal] = mapped_column(Money())
    order_id: Mapped[int | None] = mapped_column(ForeignKey("trade_order.id"), default=None)


class TransferProfit(Base):
    """One day of the profit history brought from the other platform (uploadProfits)."""

    __tablename__ = "transfer_profit"

    application_id: Mapped[int] = mapped_column(
        ForeignKey("transfer_application.id"), primary_key=True
    )
    profit_date: Mapped[date] = mapped_column(Date, primary_key=True)
    profit: Mapped[Decimal] = mapped_column(Money())


class MailOutbox(Base):
    """Mail waiting for the mail gateway (docs/transfers.md#the-template-by-mail)."""

    __tablename__ = "mail_outbox"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    to_address: Mapped[str] = mapped_column(String(128))
    subject: Mapped[str] = mapped_column(String(128))
    body: Mapped[str] = mapped_column(Text)
    attachment_name: Mapped[str] = mapped_column(String(64), default="")
    created_at: Mapped[datetime] = created_at_column()
    sent_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)


class OfflineRelation(Base):
    """A customer bound to an offline shop's adviser (an operator with the adviser role)."""

    __tablename__ = "offline_relation"

    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), primary_key=True)
    operator_id: Mapped[int] = mapped_column(ForeignKey("operator.id"))
    shop_name: Mapped[str] = mapped_column(String(64), default="")
    bound_at: Mapped[datetime] = mapped_column(AwareDateTime())
    updated_at: Mapped[datetime] = updated_at_column()
