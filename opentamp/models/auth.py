"""The people who sign in, their sessions, and their trade requests (idempotency)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.models._columns import created_at_column, updated_at_column


class BrokerUser(Base):
    """A person signed in under a broker: the spec's ``brokerUserId``."""

    __tablename__ = "broker_user"
    __table_args__ = (UniqueConstraint("broker_id", "phone"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_id: Mapped[int] = mapped_column(ForeignKey("broker.id"), index=True)
    phone: Mapped[str] = mapped_column(String(20))
    nickname: Mapped[str] = mapped_column(String(64), default="")
    status: Mapped[str] = mapped_column(String(16), default="active")
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()
    last_login_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)


class AuthToken(Base):
    """A bearer token, stored as its SHA-256 so a leaked table grants no session
    (docs/architecture.md#transport)."""

    __tablename__ = "auth_token"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    client: Mapped[str] = mapped_column(String(16), default="h5")
    created_at: Mapped[datetime] = created_at_column()
    expires_at: Mapped[datetime] = mapped_column(AwareDateTime())
    revoked_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)


class TradeRequest(Base):
    """One trade write per (user, tradeUUID): the unique pair makes retries and concurrent
    duplicates return the first call's result instead of a second order
    (docs/architecture.md#transport). ``request_hash`` fingerprints the first call's body
    (``core.idempotency.request_fingerprint``), so the key reused with another body is refused
    instead of answered with the first order; '' for rows stored before it was kept."""

    __tablename__ = "trade_request"
    __table_args__ = (UniqueConstraint("broker_user_id", "trade_uuid"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"))
    trade_uuid: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(64))
    request_hash: Mapped[str] = mapped_column(String(64), default="", server_default="")
    response: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    created_at: Mapped[datetime] = created_at_column()
