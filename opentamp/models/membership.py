"""Advisory membership (投顾会员, fee mode MEMBER): the member's identity check and term, and the
orders paid through WeChat Pay (docs/membership.md)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import CheckConstraint, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.kit.money import Money
from opentamp.models._columns import created_at_column, updated_at_column

#: Member order pay statuses, as orders' payStatus: 0 paying, 1 failed, 2 paid.
PAYING, PAY_FAILED, PAID = "0", "1", "2"


class Member(Base):
    """A user's membership record: identity verified once, the term extended by each paid order."""

    __tablename__ = "member"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), unique=True)
    identity_verified_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    openid: Mapped[str] = mapped_column(String(64), default="")
    starts_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    expires_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    updated_at: Mapped[datetime] = updated_at_column()


class MemberOrder(Base):
    __tablename__ = "member_order"
    __table_args__ = (
        CheckConstraint("pay_status IN ('0', '1', '2')", name="pay_status"),
        CheckConstraint("amount > 0", name="amount_positive"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    order_no: Mapped[str] = mapped_column(String(32), unique=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    product_code: Mapped[str] = mapped_column(String(16))
    amount: Mapped[Decimal] = mapped_column(Money())
    openid: Mapped[str] = mapped_column(String(64))
    prepay_id: Mapped[str] = mapped_column(String(64))
    pay_status: Mapped[str] = mapped_column(String(2), default=PAYING)
    transaction_id: Mapped[str] = mapped_column(String(64), default="")
    paid_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    created_at: Mapped[datetime] = created_at_column()
