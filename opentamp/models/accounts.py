"""The investor's structure: the fund account opened with the broker (``accountId``), the
financial accounts it is divided into (``financialAccountId``), and bound payment methods
(``paymentMethodId``). docs/product.md#what-it-does and docs/product.md#entities,
docs/architecture.md#transport and docs/rules.md#suitability."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import Boolean, CheckConstraint, Date, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.kit.money import Money
from opentamp.models._columns import created_at_column, updated_at_column

#: Financial account kinds of docs/product.md#what-it-does; default, normal and main are real
# accounts.
FINANCIAL_ACCOUNT_TYPES = ("default", "normal", "service", "pension", "main", "robo_service")
#: The types of an advisory service account's financial account (docs/advisory.md, docs/robo.md).
SERVICE_TYPES = ("service", "robo_service")
REAL_FINANCIAL_ACCOUNT_TYPES = frozenset({"default", "normal", "main"})


class Account(Base):
    """A broker user's opened fund account (开户): identity, suitability and trade password."""

    __tablename__ = "account"
    __table_args__ = (
        CheckConstraint("holder_type IN (0, 1, 2)", name="holder_type"),
        CheckConstraint("risk_grade5 IS NULL OR risk_grade5 BETWEEN 0 AND 5", name="risk_grade5"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # accountId
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), unique=True)
    name: Mapped[str] = mapped_column(String(64))
    #: Identity document type (docs/product.md#entities): 0 ID card, 4 HK/Macau pass, A Taiwan pass,
    #: C HK/Macau/Taiwan residence permit.
    id_type: Mapped[str] = mapped_column(String(2), default="0")
    id_no: Mapped[str] = mapped_column(String(32))
    #: 0 organisation, 1 person, 2 product organisation.
    holder_type: Mapped[int] = mapped_column(Integer, default=1)
    phone: Mapped[str] = mapped_column(String(20))
    #: Suitability (docs/rules.md#suitability): grade C1..C5 as 1..5, assessed at; valid two years.
    risk_grade5: Mapped[int | None] = mapped_column(Integer, default=None)
    risk_assessed_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    non_american: Mapped[bool | None] = mapped_column(Boolean, default=None)
    trade_password_hash: Mapped[str | None] = mapped_column(String(255), default=None)
    trade_password_failures: Mapped[int] = mapped_column(Integer, default=0)
    trade_password_locked_until: Mapped[datetime | None] = mapped_column(
        AwareDateTime(), default=None
    )
    status: Mapped[str] = mapped_column(String(16), default="active")
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()
    # The account-opening form (issue of accounts): what a real fund account keeps.
    gender: Mapped[int | None] = mapped_column(Integer, default=None)  # 1 male, 2 female
    birth_date: Mapped[date | None] = mapped_column(Date, default=None)
    nationality: Mapped[str] = mapped_column(String(3), default="CHN")
    occupation: Mapped[str] = mapped_column(String(32), default="")
    address: Mapped[str] = mapped_column(String(255), default="")
    #: The identity document's expiry; None is 长期有效.
    id_valid_until: Mapped[date | None] = mapped_column(Date, default=None)
    id_photo_front: Mapped[str | None] = mapped_column(String(128), default=None)
    id_photo_back: Mapped[str | None] = mapped_column(String(128), default=None)
    #: payAuthMode: PASSWORD (交易密码) or PASSWORD_SMS (交易密码 + 短信验证码).
    trade_verify_method: Mapped[str] = mapped_column(String(16), default="PASSWORD")
    closed_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)

    @property
    def is_institution(self) -> bool:
        return self.holder_type in (0, 2)


class FinancialAccount(Base):
    """A financial account (理财账户): a labelled pocket of the investor's assets."""

    __tablename__ = "financial_account"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # financialAccountId
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id"), index=True)
    name: Mapped[str] = mapped_column(String(32))
    type: Mapped[str] = mapped_column(String(16), default="normal")
    is_hidden: Mapped[bool] = mapped_column(Boolean, default=False)
    sort_order: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = created_at_column()

    @property
    def is_real(self) -> bool:
        return self.type in REAL_FINANCIAL_ACCOUNT_TYPES


class PaymentMethod(Base):
    """A bound bank card. Only the tail of the card number is kept; the payment gateway holds
    the card behind ``gateway_token``."""

    __tablename__ = "payment_method"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # paymentMethodId
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id"), index=True)
    bank_no: Mapped[str] = mapped_column(String(8))  # bank code, e.g. "002"
    card_tail: Mapped[str] = mapped_column(String(4))
    card_fingerprint: Mapped[str] = mapped_column(String(64))
    phone_tail: Mapped[str] = mapped_column(String(4))
    gateway_token: Mapped[str] = mapped_column(String(64))
    is_signed: Mapped[bool] = mapped_column(Boolean, default=True)
    status: Mapped[str] = mapped_column(String(16), default="bound")  # bound, unbound
    single_limit: Mapped[Decimal] = mapped_column(Money(), default=Decimal("50000.00"))
    daily_limit: Mapped[Decimal] = mapped_column(Money(), default=Decimal("200000.00"))
    created_at: Mapped[datetime] = created_at_column()
    #: The reserved phone at the bank in full (codes for signing go there); shown masked.
    phone: Mapped[str] = mapped_column(String(20), default="")
    signed_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    unbound_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
