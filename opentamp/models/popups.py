"""The state behind the app's pop-ups (docs/product.md#states): consent to the latest privacy
policy, the non-US taxpayer declarations, per-user suppression of a pop-up scene, the broker's
operation pop-ups and its customer-service configuration."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.models._columns import created_at_column, updated_at_column


class UserPopupState(Base):
    """A pop-up scene a user has put off, until ``suppressed_until`` (the payment re-sign
    prompt's 暂不签约 for 1440 minutes, the risk-test expiry prompt's ignore for a month)."""

    __tablename__ = "user_popup_state"

    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), primary_key=True)
    scene: Mapped[str] = mapped_column(String(32), primary_key=True)
    suppressed_until: Mapped[datetime] = mapped_column(AwareDateTime())
    updated_at: Mapped[datetime] = updated_at_column()


class ContractConsent(Base):
    """A user's consent to one version of a platform document (the privacy policy). A new
    version of the document needs a new consent."""

    __tablename__ = "contract_consent"
    __table_args__ = (UniqueConstraint("broker_user_id", "file_type", "version"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    file_type: Mapped[str] = mapped_column(String(32))
    version: Mapped[str] = mapped_column(String(32))
    terminal_ip: Mapped[str] = mapped_column(String(64), default="")
    terminal_info: Mapped[str] = mapped_column(String(512), default="")
    signed_at: Mapped[datetime] = created_at_column()


class NonAmericanDeclaration(Base):
    """Each submission of the non-US taxpayer declaration; ``Account.non_american`` holds the
    latest answer, these rows the record of who declared what, when and from where."""

    __tablename__ = "non_american_declaration"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id"))
    non_american: Mapped[bool] = mapped_column(Boolean)
    terminal_ip: Mapped[str] = mapped_column(String(64), default="")
    terminal_info: Mapped[str] = mapped_column(String(512), default="")
    created_at: Mapped[datetime] = created_at_column()


class OperationPopup(Base):
    """A marketing or notice pop-up a broker shows on a scene (a tab page) during a period.

    ``frequency``: ONCE (once per device), DAILY (at most once a day), ALWAYS (each visit).
    ``audience``: ALL, ACCOUNT (users who have opened an account: a pop-up about accounts,
    plans or trading means nothing to anyone else) or NO_ACCOUNT (users yet to open one).
    """

    __tablename__ = "operation_popup"
    __table_args__ = (
        CheckConstraint("frequency IN ('ONCE', 'DAILY', 'ALWAYS')", name="frequency"),
        CheckConstraint("audience IN ('ALL', 'ACCOUNT', 'NO_ACCOUNT')", name="audience"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_id: Mapped[int] = mapped_column(ForeignKey("broker.id"), index=True)
    scene: Mapped[str] = mapped_column(String(32))  # HOME, MINE
    title: Mapped[str] = mapped_column(String(64))
    content: Mapped[str] = mapped_column(Text, default="")
    image_url: Mapped[str] = mapped_column(String(512), default="")
    link_url: Mapped[str] = mapped_column(String(512), default="")
    button_text: Mapped[str] = mapped_column(String(16), default="")
    frequency: Mapped[str] = mapped_column(String(8), default="ONCE")
    audience: Mapped[str] = mapped_column(String(16), default="ALL", server_default="ALL")
    sort_order: Mapped[int] = mapped_column(Integer, default=0)
    start_at: Mapped[datetime] = mapped_column(AwareDateTime())
    end_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = created_at_column()


class CustomerServiceConfig(Base):
    """Where the customer-service chat of a broker lives (docs/product.md#entities): type ``broker``
    (the broker's own service desk) or ``platform`` (the platform's). A row without a broker is the
    platform-wide default of its type."""

    __tablename__ = "customer_service_config"
    __table_args__ = (
        UniqueConstraint("broker_id", "type"),
        CheckConstraint("type IN ('broker', 'platform')", name="type"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_id: Mapped[int | None] = mapped_column(ForeignKey("broker.id"), default=None)
    type: Mapped[str] = mapped_column(String(16))
    chat_url: Mapped[str] = mapped_column(String(512))
    client_id: Mapped[str] = mapped_column(String(64), default="")
    nickname: Mapped[str] = mapped_column(String(32), default="")
    updated_at: Mapped[datetime] = updated_at_column()


Index("ix_operation_popup_broker_scene", OperationPopup.broker_id, OperationPopup.scene)
