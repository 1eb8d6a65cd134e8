"""One-time SMS codes and the short-lived tickets a passed check grants
(docs/api.md#messages-and-codes).

A code is stored as a salted digest, never in clear. It expires (50110), counts wrong tries
and locks after five (50109). ``sms_quota`` holds one row per phone and kind of code (sign-in,
signed-in calls): sending locks it, so two concurrent sends cannot both pass the limits of one
code a minute and ten a day.
``client_quota`` counts, the same way, what one client address does in a window (codes sent,
visitor identities, captcha images: docs/api.md#limits), and ``captcha`` holds the answers of
the graphical captchas handed out.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Date, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.models._columns import created_at_column


class SmsCode(Base):
    __tablename__ = "sms_code"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    phone: Mapped[str] = mapped_column(String(20))
    #: login, open_account, bind_card, sign_card, card_phone, change_card, id_verify …
    purpose: Mapped[str] = mapped_column(String(32))
    #: What the code confirms (a bind serial, an application id); '' for a login.
    subject: Mapped[str] = mapped_column(String(64), default="")
    salt: Mapped[str] = mapped_column(String(32))
    code_hash: Mapped[str] = mapped_column(String(64))
    failures: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = created_at_column()
    expires_at: Mapped[datetime] = mapped_column(AwareDateTime())
    used_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)


Index("ix_sms_code_phone_purpose_created", SmsCode.phone, SmsCode.purpose, SmsCode.created_at)


class SmsQuota(Base):
    """Codes of one kind sent to a phone on ``day`` (Beijing date); the row is the per-phone send
    lock. Sign-in codes (``login``), which anyone may ask for, are counted apart from the codes
    of signed-in calls (``account``), so a stranger cannot use up the owner's trade codes."""

    __tablename__ = "sms_quota"

    phone: Mapped[str] = mapped_column(String(20), primary_key=True)
    kind: Mapped[str] = mapped_column(String(8), primary_key=True, server_default="account")
    day: Mapped[date] = mapped_column(Date)
    sent: Mapped[int] = mapped_column(Integer, default=0)


class SecurityTicket(Base):
    """Proof that a user passed a check (ID number + SMS code, the old trade password), spent
    once by the step it was issued for (reset the trade password, change the phone …)."""

    __tablename__ = "security_ticket"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    scene: Mapped[str] = mapped_column(String(32))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = created_at_column()
    expires_at: Mapped[datetime] = mapped_column(AwareDateTime())
    used_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)


class ClientQuota(Base):
    """What ``client`` (an address) did of ``scope`` in the window opened at ``window_start``
    (core/throttle.py); the row is the lock of that client's count."""

    __tablename__ = "client_quota"

    scope: Mapped[str] = mapped_column(String(16), primary_key=True)
    client: Mapped[str] = mapped_column(String(64), primary_key=True)
    window_start: Mapped[datetime] = mapped_column(AwareDateTime())
    used: Mapped[int] = mapped_column(Integer, default=0)


class Captcha(Base):
    """A graphical captcha handed out (core/captcha.py): its answer, kept in clear because four
    characters of a small alphabet are no secret a digest could keep; one try spends it."""

    __tablename__ = "captcha"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    answer: Mapped[str] = mapped_column(String(8))
    client: Mapped[str] = mapped_column(String(64), default="")
    created_at: Mapped[datetime] = created_at_column()
    expires_at: Mapped[datetime] = mapped_column(AwareDateTime(), index=True)
    used_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
