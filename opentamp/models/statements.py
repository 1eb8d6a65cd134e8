"""Statements (对账单) and asset certificates (资产证明) as PDF documents (docs/statements.md).

One row per document. A statement covers one financial account over a month (``period``
``2026-10``) or a year (``2026``) and is rendered by a task after it is asked for; its
``statement_key`` (user, account, period) keeps one document per period. A certificate covers
the accounts of ``account_ids`` on the date ``as_of`` and is rendered in its request; its
``verify_code`` is an HMAC over the certified figures (``data_digest``) with the server's key,
and ``content_sha256`` the SHA-256 of the PDF bytes, so a verification confirms that the code
was issued by the server and that a copy is byte for byte the one issued.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, CheckConstraint, Date, ForeignKey, Index, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.kit.money import Money
from opentamp.models._columns import created_at_column

ZERO = Decimal("0")

MONTH = "month"
YEAR = "year"
CERTIFICATE = "certificate"

PENDING = "pending"
READY = "ready"
FAILED = "failed"


class StatementDocument(Base):
    __tablename__ = "statement_document"
    __table_args__ = (
        CheckConstraint("kind IN ('month', 'year', 'certificate')", name="kind"),
        CheckConstraint("status IN ('pending', 'ready', 'failed')", name="status"),
        CheckConstraint("language IN ('zh', 'en')", name="language"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"))
    kind: Mapped[str] = mapped_column(String(16))
    #: The statement's account (``None`` on a certificate, whose accounts are ``account_ids``).
    financial_account_id: Mapped[int | None] = mapped_column(
        ForeignKey("financial_account.id"), default=None
    )
    account_ids: Mapped[list[Any]] = mapped_column(JSON, default=list)
    #: A statement's sections: the report scopes of docs/statements.md#scopes.
    scopes: Mapped[list[Any]] = mapped_column(JSON, default=list)
    #: ``2026-10``, ``2026``, or the certificate's date; ``as_of`` is the period's last day.
    period: Mapped[str] = mapped_column(String(10))
    as_of: Mapped[date] = mapped_column(Date)
    #: Statements: ``user:account:kind:period:scopes`` (one document per period and choice of
    #: sections); certificates: ``None``.
    statement_key: Mapped[str | None] = mapped_column(String(64), unique=True, default=None)
    language: Mapped[str] = mapped_column(String(2), default="zh")
    status: Mapped[str] = mapped_column(String(8), default=PENDING)
    total_asset: Mapped[Decimal] = mapped_column(Money(), default=ZERO)
    pdf: Mapped[bytes | None] = mapped_column(LargeBinary, default=None)
    content_sha256: Mapped[str] = mapped_column(String(64), default="")
    data_digest: Mapped[str] = mapped_column(String(64), default="")
    verify_code: Mapped[str | None] = mapped_column(String(32), unique=True, default=None)
    fail_reason: Mapped[str] = mapped_column(String(255), default="")
    created_at: Mapped[datetime] = created_at_column()
    ready_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)


Index("ix_statement_document_user_kind", StatementDocument.broker_user_id, StatementDocument.kind)
