"""Card operations confirmed by an SMS code from the bank (binding a card, re-signing a payment
channel, changing a card's reserved phone) and applications to change a card (换卡)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.models._columns import created_at_column


class CardRequest(Base):
    """One card operation between its SMS code and its completion.

    kind ``bind`` (sendNewCardVerifyCode → checkNewCardVerifyCode → paymentMethod/bind),
    ``sign`` (paymentMethod/prepareSign → confirmSign), ``phone`` (changeBankCardPhone
    sendSms → confirm), ``change`` (onlineChangeCard/newCardCheck, the new card of an
    application). Status: sent, verified, done.
    """

    __tablename__ = "card_request"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    serial_no: Mapped[str] = mapped_column(String(32), unique=True)
    kind: Mapped[str] = mapped_column(String(8))
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id"))
    payment_method_id: Mapped[int | None] = mapped_column(
        ForeignKey("payment_method.id"), default=None
    )
    bank_no: Mapped[str] = mapped_column(String(8), default="")
    card_tail: Mapped[str] = mapped_column(String(4), default="")
    card_fingerprint: Mapped[str] = mapped_column(String(64), default="")
    gateway_token: Mapped[str] = mapped_column(String(64), default="")
    phone: Mapped[str] = mapped_column(String(20))
    status: Mapped[str] = mapped_column(String(16), default="sent")
    created_at: Mapped[datetime] = created_at_column()
    expires_at: Mapped[datetime] = mapped_column(AwareDateTime())


class CardChangeApplication(Base):
    """换卡申请 (changeCard/*, onlineChangeCard/*): replace a bound card by a new one.

    DRAFT (saved) → SUBMITTED → APPROVED (the old card is unbound and the new one bound, by the
    daily review) or REJECTED.
    """

    __tablename__ = "card_change_application"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # applyId
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id"))
    old_payment_method_id: Mapped[int] = mapped_column(ForeignKey("payment_method.id"))
    new_request_id: Mapped[int | None] = mapped_column(ForeignKey("card_request.id"), default=None)
    new_payment_method_id: Mapped[int | None] = mapped_column(
        ForeignKey("payment_method.id"), default=None
    )
    reason: Mapped[str] = mapped_column(String(255), default="")
    photos: Mapped[list[Any]] = mapped_column(JSON, default=list)
    status: Mapped[str] = mapped_column(String(16), default="DRAFT")
    reject_reason: Mapped[str] = mapped_column(String(255), default="")
    created_at: Mapped[datetime] = created_at_column()
    submitted_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    reviewed_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
