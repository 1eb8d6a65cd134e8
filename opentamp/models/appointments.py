"""Redemption appointments of funds with fixed open periods, and trade forms kept
server-side between a form and its confirmation (docs/appointments.md)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, CheckConstraint, Date, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.kit.money import Shares
from opentamp.models._columns import created_at_column, updated_at_column

#: Appointment status: booked, placed on its open day, cancelled by the holder, failed.
BOOKED, PLACED, CANCELLED, FAILED = "BOOKED", "PLACED", "CANCELLED", "FAILED"


class FundOpenPeriod(Base):
    """An open period (开放期) of a fund that redeems only on fixed days (定期开放)."""

    __tablename__ = "fund_open_period"
    __table_args__ = (CheckConstraint("start_date <= end_date", name="span"),)

    fund_code: Mapped[str] = mapped_column(ForeignKey("fund.code"), primary_key=True)
    start_date: Mapped[date] = mapped_column(Date, primary_key=True)
    end_date: Mapped[date] = mapped_column(Date)


class RedeemAppointment(Base):
    __tablename__ = "redeem_appointment"
    __table_args__ = (
        CheckConstraint("status IN ('BOOKED', 'PLACED', 'CANCELLED', 'FAILED')", name="status"),
        Index("ix_redeem_appointment_due", "status", "open_date"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    financial_account_id: Mapped[int] = mapped_column(ForeignKey("financial_account.id"))
    fund_code: Mapped[str] = mapped_column(ForeignKey("fund.code"))
    shares: Mapped[Decimal] = mapped_column(Shares())
    redeem_to: Mapped[str] = mapped_column(String(8))
    payment_method_id: Mapped[int | None] = mapped_column(
        ForeignKey("payment_method.id"), default=None
    )
    open_date: Mapped[date] = mapped_column(Date)
    status: Mapped[str] = mapped_column(String(12), default=BOOKED)
    order_id: Mapped[int | None] = mapped_column(ForeignKey("trade_order.id"), default=None)
    fail_reason: Mapped[str] = mapped_column(String(128), default="")
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()


class TradeTemporary(Base):
    """A trade form saved before its confirmation step (saveTemporary); verifyTemporary reads
    it back once, for its owner, before it expires."""

    __tablename__ = "trade_temporary"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    trade_type: Mapped[str] = mapped_column(String(32))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    expires_at: Mapped[datetime] = mapped_column(AwareDateTime())
    verified_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    created_at: Mapped[datetime] = created_at_column()
