"""Opening an account (开户): the application between the form and the SMS confirmation, and
files uploaded to the object store (certificate photos)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.models._columns import created_at_column


class AccountApplication(Base):
    """``prepareBindAccount`` stores the checked form here and texts a code to the reserved
    phone; ``confirmBindAccount`` with the code opens the account from it."""

    __tablename__ = "account_application"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # bindId
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    form: Mapped[dict[str, Any]] = mapped_column(JSON)
    phone: Mapped[str] = mapped_column(String(20))
    status: Mapped[str] = mapped_column(String(16), default="pending")  # pending, opened
    account_id: Mapped[int | None] = mapped_column(ForeignKey("account.id"), default=None)
    created_at: Mapped[datetime] = created_at_column()
    expires_at: Mapped[datetime] = mapped_column(AwareDateTime())


class StoredObject(Base):
    """A file in the object store (OSS); read back only through a signed, expiring URL."""

    __tablename__ = "stored_object"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    key: Mapped[str] = mapped_column(String(128), unique=True)
    scene: Mapped[str] = mapped_column(String(32))
    content_type: Mapped[str] = mapped_column(String(64))
    size: Mapped[int] = mapped_column(Integer)
    width: Mapped[int] = mapped_column(Integer, default=0)
    height: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = created_at_column()
