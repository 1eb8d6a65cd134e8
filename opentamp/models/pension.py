"""Personal pension (个人养老金, docs/pension.md): the investor's pension fund account (资金账户)
at one bank, bound or opened through the platform, and the contributions (缴存) paid into it
from a bound card. The account's balance is not stored: it is the contributions confirmed, less
the purchases paid from it that are not cancelled or failed, plus the redemptions of pension
funds confirmed back into it (``pension.api.balance``), so a cancelled or failed purchase gives
the money back without a second write."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import CheckConstraint, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.kit.money import Money
from opentamp.models._columns import created_at_column

#: Pension account states: an opening applied for at the bank (OPENING) becomes ACTIVE when the
#: bank confirms it; a bound account is ACTIVE at once.
PENSION_OPENING = "OPENING"
PENSION_ACTIVE = "ACTIVE"
#: How the account came to the platform.
PENSION_BOUND = "bind"
PENSION_OPENED = "open"
#: Contribution states: applied (the agreement shown, nothing charged) and confirmed (charged).
CONTRIBUTION_APPLIED = "APPLIED"
CONTRIBUTION_SUCCESS = "SUCCESS"


class PensionAccount(Base):
    """One person's personal pension fund account (one per person, at one bank)."""

    __tablename__ = "pension_account"
    __table_args__ = (
        CheckConstraint("status IN ('OPENING', 'ACTIVE')", name="status"),
        CheckConstraint("way IN ('bind', 'open')", name="way"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # tdAccountId
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), unique=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id"))
    #: The financial account of type ``pension`` its funds are held in.
    financial_account_id: Mapped[int] = mapped_column(ForeignKey("financial_account.id"))
    bank_no: Mapped[str] = mapped_column(String(8))
    #: The last four digits of the fund account number (the bank keeps the number).
    account_tail: Mapped[str] = mapped_column(String(4))
    city: Mapped[str] = mapped_column(String(32), default="")
    way: Mapped[str] = mapped_column(String(8))
    status: Mapped[str] = mapped_column(String(16))
    #: The number of the bank's opening application (openTDAccount → confirmOpen).
    apply_no: Mapped[str | None] = mapped_column(String(32), default=None, unique=True)
    authorized_at: Mapped[datetime] = mapped_column(AwareDateTime())
    opened_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    created_at: Mapped[datetime] = created_at_column()


class PensionContribution(Base):
    """A contribution (缴存) from a bound card into the pension account."""

    __tablename__ = "pension_contribution"
    __table_args__ = (
        CheckConstraint("status IN ('APPLIED', 'SUCCESS')", name="status"),
        CheckConstraint("amount > 0", name="amount_positive"),
        Index("ix_pension_contribution_user_year", "broker_user_id", "year"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"))
    pension_account_id: Mapped[int] = mapped_column(ForeignKey("pension_account.id"), index=True)
    payment_method_id: Mapped[int] = mapped_column(ForeignKey("payment_method.id"))
    apply_no: Mapped[str] = mapped_column(String(32), unique=True)
    #: The calendar year (Beijing) the contribution counts towards the yearly cap.
    year: Mapped[int] = mapped_column(Integer)
    amount: Mapped[Decimal] = mapped_column(Money())
    status: Mapped[str] = mapped_column(String(16))
    applied_at: Mapped[datetime] = mapped_column(AwareDateTime())
    confirmed_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
