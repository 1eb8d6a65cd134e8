"""Operator accounts (docs/operators.md): the broker's staff who act on the platform (the lead
manager who publishes signals, the adviser who publishes model changes and proposals, an
operator), with a sign-in, tokens and an audit trail of their own, apart from the customers'.

``operator_token`` is a table of its own, so a customer's token (``auth_token``) never
authorises an operator call and an operator's token never a customer call.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, CheckConstraint, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.models._columns import created_at_column, updated_at_column

#: Operator status.
ACTIVE, DISABLED = "active", "disabled"
#: Roles; an operator may hold several.
ROLE_OPERATOR, ROLE_ADVISER, ROLE_LEAD_MANAGER = "operator", "adviser", "lead_manager"
ROLES = (ROLE_OPERATOR, ROLE_ADVISER, ROLE_LEAD_MANAGER)
#: Who acted, in an audit row: a signed-in operator, or the command line.
ACTOR_OPERATOR, ACTOR_CLI = "operator", "cli"


class Operator(Base):
    """A staff account of one broker, signed in by login name and password."""

    __tablename__ = "operator"
    __table_args__ = (
        UniqueConstraint("broker_id", "login"),
        CheckConstraint("status IN ('active', 'disabled')", name="operator_status"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_id: Mapped[int] = mapped_column(ForeignKey("broker.id"), index=True)
    login: Mapped[str] = mapped_column(String(32))
    display_name: Mapped[str] = mapped_column(String(64))
    password_hash: Mapped[str] = mapped_column(String(255))
    status: Mapped[str] = mapped_column(String(16), default=ACTIVE)
    #: Wrong passwords in a row, counted on the locked row (operators/service.py).
    failed_logins: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    last_login_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()


class OperatorRole(Base):
    __tablename__ = "operator_role"
    __table_args__ = (
        UniqueConstraint("operator_id", "role"),
        CheckConstraint("role IN ('operator', 'adviser', 'lead_manager')", name="operator_role"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    operator_id: Mapped[int] = mapped_column(ForeignKey("operator.id"), index=True)
    role: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = created_at_column()


class OperatorToken(Base):
    """An operator's bearer token, stored as its SHA-256 like the customers' tokens."""

    __tablename__ = "operator_token"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    operator_id: Mapped[int] = mapped_column(ForeignKey("operator.id"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = created_at_column()
    expires_at: Mapped[datetime] = mapped_column(AwareDateTime())
    revoked_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)


class OperatorAudit(Base):
    """One action of an operator or of the command line, done or refused. ``detail`` is a
    summary of the request without secrets; ``outcome`` is ``ok`` or the refusal's error key."""

    __tablename__ = "operator_audit"
    __table_args__ = (Index("ix_operator_audit_operator_id_id", "operator_id", "id"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_id: Mapped[int | None] = mapped_column(ForeignKey("broker.id"), index=True)
    operator_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"))
    actor: Mapped[str] = mapped_column(String(16))
    #: The login as it was at the time (or as typed, for a sign-in of an unknown login).
    login: Mapped[str] = mapped_column(String(32), default="")
    action: Mapped[str] = mapped_column(String(64))
    target_kind: Mapped[str] = mapped_column(String(32), default="")
    target_id: Mapped[str] = mapped_column(String(64), default="")
    detail: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    client_address: Mapped[str] = mapped_column(String(64), default="")
    outcome: Mapped[str] = mapped_column(String(64), default="ok")
    created_at: Mapped[datetime] = created_at_column()
