"""Signal follow plans (跟车, docs/signals.md; docs/product.md#states "Signal follow plan").

A follow plan (``signal_follow_plan``) is one per financial account and signal product: the
base amount each buy signal multiplies, how it is paid and its state (OPEN follows, PAUSE does
not; INIT is the state of an account with no plan yet, never stored). Each signal an OPEN plan
meets gives one follow record (``signal_follow_record``, unique per plan and signal) with its
result: SUCCESS with its order, or FAIL with the reason.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Date,
    ForeignKey,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import Base, BigId
from opentamp.kit.money import Money, Rate
from opentamp.models._columns import created_at_column, updated_at_column

#: Plan states (INIT: no plan yet, not stored).
INIT, OPEN, PAUSE = "INIT", "OPEN", "PAUSE"
#: Plan actions and the state each leads to.
CREATE, UPDATE, RESUME, PAUSE_ACTION = "CREATE", "UPDATE", "RESUME", "PAUSE"
#: Follow record results.
FOLLOW_SUCCESS, FOLLOW_FAIL = "SUCCESS", "FAIL"


class SignalFollowPlan(Base):
    __tablename__ = "signal_follow_plan"
    __table_args__ = (
        UniqueConstraint("financial_account_id", "product_code"),
        CheckConstraint("status IN ('OPEN', 'PAUSE')", name="status"),
        CheckConstraint("base_amount > 0", name="base_amount_positive"),
        CheckConstraint("pay_type IN ('card', 'wallet')", name="pay_type"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id"))
    financial_account_id: Mapped[int] = mapped_column(ForeignKey("financial_account.id"))
    product_code: Mapped[str] = mapped_column(ForeignKey("portfolio.code"), index=True)
    status: Mapped[str] = mapped_column(String(8), default=OPEN)
    #: Each buy signal buys base_amount × the signal's multiple.
    base_amount: Mapped[Decimal] = mapped_column(Money())
    pay_type: Mapped[str] = mapped_column(String(8))
    payment_method_id: Mapped[int | None] = mapped_column(
        ForeignKey("payment_method.id"), default=None
    )
    #: The investor confirmed a product above their grade when setting the plan up.
    risk_confirmed: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()


class SignalFollowRecord(Base):
    __tablename__ = "signal_follow_record"
    __table_args__ = (
        UniqueConstraint("plan_id", "sig_id"),
        CheckConstraint("status IN ('PENDING', 'SUCCESS', 'FAIL')", name="status"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    plan_id: Mapped[int] = mapped_column(ForeignKey("signal_follow_plan.id"), index=True)
    sig_id: Mapped[str] = mapped_column(ForeignKey("product_signal.sig_id"), index=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    financial_account_id: Mapped[int] = mapped_column(ForeignKey("financial_account.id"))
    product_code: Mapped[str] = mapped_column(ForeignKey("portfolio.code"))
    signal_type: Mapped[str] = mapped_column(String(8))
    #: The day the follow was made (the signal's date).
    follow_date: Mapped[date] = mapped_column(Date)
    #: The plan's base amount then, the signal's multiple (a sell signal: the part sold) and
    #: the amount bought (base × multiple; zero for a sell).
    base_amount: Mapped[Decimal] = mapped_column(Money())
    multiple: Mapped[Decimal] = mapped_column(Rate())
    amount: Mapped[Decimal] = mapped_column(Money())
    status: Mapped[str] = mapped_column(String(8), default="PENDING")
    fail_reason: Mapped[str] = mapped_column(Text, default="")
    order_id: Mapped[int | None] = mapped_column(ForeignKey("trade_order.id"), default=None)
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()
