"""What the H5 app reports about itself: error reports and performance metrics
(docs/api.md#messages-and-codes reporting, kept here instead of a third-party service) and trace
logs of signed-in users."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import Base, BigId
from opentamp.models._columns import created_at_column


class ClientMetric(Base):
    """One report from a client: an error (``jsError``, ``apiError``, ``chunkError``,
    ``resourceError``, ``linkError``) or a measurement (``metric``, with ``value`` in ms).

    The sender is not authenticated (the call is under /noauth/), so ``broker_id`` and
    ``broker_user_id`` are what the client claimed, for triage only.
    """

    __tablename__ = "client_metric"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    type: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(64), default="")
    message: Mapped[str] = mapped_column(Text, default="")
    stack: Mapped[str] = mapped_column(Text, default="")
    page: Mapped[str] = mapped_column(String(1024), default="")
    api_url: Mapped[str] = mapped_column(String(1024), default="")
    method: Mapped[str] = mapped_column(String(8), default="")
    status: Mapped[int | None] = mapped_column(Integer, default=None)
    value: Mapped[int | None] = mapped_column(Integer, default=None)
    broker_id: Mapped[int | None] = mapped_column(Integer, default=None)
    broker_user_id: Mapped[int | None] = mapped_column(Integer, default=None)
    user_agent: Mapped[str] = mapped_column(String(512), default="")
    client_ip: Mapped[str] = mapped_column(String(64), default="")
    extra: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    created_at: Mapped[datetime] = created_at_column()


class TraceLog(Base):
    """A traced step of a signed-in user (``POST /tamp/traceLogs``), with the terminal."""

    __tablename__ = "trace_log"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    broker_id: Mapped[int] = mapped_column(Integer)
    event: Mapped[str] = mapped_column(String(64), default="")
    terminal_ip: Mapped[str] = mapped_column(String(64), default="")
    terminal_type: Mapped[str] = mapped_column(String(8), default="")
    terminal_info: Mapped[str] = mapped_column(String(512), default="")
    trace_info: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    created_at: Mapped[datetime] = created_at_column()


Index("ix_client_metric_created_at", ClientMetric.created_at)
Index("ix_client_metric_client_ip_created_at", ClientMetric.client_ip, ClientMetric.created_at)
