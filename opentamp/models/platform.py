"""Brokers (the white-label partners), their adviser teams, and small platform state."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, Text, false
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import Base
from opentamp.kit.money import Money
from opentamp.models._columns import created_at_column, updated_at_column


class Broker(Base):
    """A partner broker. Ids are the partner's own (the spec singles out 1154 and 1174)."""

    __tablename__ = "broker"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(64))
    short_name: Mapped[str] = mapped_column(String(32))
    logo: Mapped[str] = mapped_column(String(255), default="")
    theme_color: Mapped[str] = mapped_column(String(16), default="T1")
    # Broker setting (docs/product.md#entities).
    is_h5_bottom_nav_enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    is_tamp_create_account: Mapped[bool] = mapped_column(Boolean, default=True)
    is_disable_open_account: Mapped[bool] = mapped_column(Boolean, default=False)
    is_disable_buy: Mapped[bool] = mapped_column(Boolean, default=False)
    wallet_name: Mapped[str] = mapped_column(String(32), default="钱包")
    disable_bind_multi_cards: Mapped[bool] = mapped_column(Boolean, default=True)
    user_bank_card_bind_limit: Mapped[int] = mapped_column(Integer, default=1)
    max_real_financial_accounts: Mapped[int] = mapped_column(Integer, default=5)
    account_list: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    transfer_url: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    #: Brokers excluded from the privacy-policy prompt and from the global non-US taxpayer
    #: pop-up (docs/product.md#roles per-broker behaviour).
    privacy_prompt_excluded: Mapped[bool] = mapped_column(
        Boolean, default=False, server_default=false()
    )
    non_american_popup_excluded: Mapped[bool] = mapped_column(
        Boolean, default=False, server_default=false()
    )
    #: Origins that may show this broker's pages in a frame (the iframe mode of
    #: docs/product.md#what-it-does): CSP frame-ancestors, docs/api.md#security-headers.
    frame_ancestors: Mapped[list[str]] = mapped_column(JSON, default=list, server_default="[]")
    #: Hosts whose documents the app's viewers (iframe, outsideChain) may open for this broker:
    #: any other address is refused, so the app is no open redirect (docs/shelf.md).
    document_hosts: Mapped[list[str]] = mapped_column(JSON, default=list, server_default="[]")
    #: The partner's transfer centre (docs/shelf.md#transfer-centre): the address the
    #: /customer/transferCenter jump leads to when the app is not framed by a known origin.
    transfer_center_url: Mapped[str] = mapped_column(String(255), default="", server_default="")
    created_at: Mapped[datetime] = created_at_column()
    #: Super wallet minimum purchase (docs/product.md#constants: 10.00 for one broker, 100.00 for
    # others).
    super_wallet_min_purchase: Mapped[Decimal] = mapped_column(Money(), default=Decimal("100.00"))


class Team(Base):
    """An adviser team of a broker: the adviser zone's pages hang off it (teamId, mid)."""

    __tablename__ = "team"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    broker_id: Mapped[int] = mapped_column(ForeignKey("broker.id"), index=True)
    mid: Mapped[str] = mapped_column(String(32), unique=True)
    name: Mapped[str] = mapped_column(String(64))
    logo: Mapped[str] = mapped_column(String(255), default="")
    theme_color: Mapped[str] = mapped_column(String(16), default="T1")
    brief: Mapped[str] = mapped_column(Text, default="")
    is_default: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = created_at_column()
    slogan: Mapped[str] = mapped_column(String(64), default="")
    #: The long introduction (briefInfo); ``brief`` is its one-line form.
    intro: Mapped[str] = mapped_column(Text, default="")


class AppState(Base):
    """Small named values every process shares, such as the demo clock."""

    __tablename__ = "app_state"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = updated_at_column()
