"""What a broker's adviser team publishes (the adviser zone of docs/api.md#adviser-zone): articles,
announcements, banner ads, product recommendations and the home page's layout; protocols and
their versions; dynamic dictionaries, channel landing pages and operation pushes
(docs/api.md#platform)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
)
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.models._columns import created_at_column


class Article(Base):
    """An adviser article (docs/product.md#entities Adviser article). ``product_scope`` lists the
    product codes it is about (the latest-articles call filters on it)."""

    __tablename__ = "article"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # articleId
    team_id: Mapped[int] = mapped_column(ForeignKey("team.id"), index=True)
    title: Mapped[str] = mapped_column(String(128))
    category_name: Mapped[str] = mapped_column(String(32))
    summary: Mapped[str] = mapped_column(String(255), default="")
    author: Mapped[str] = mapped_column(String(32), default="")
    content: Mapped[str] = mapped_column(Text, default="")
    product_scope: Mapped[list[str]] = mapped_column(JSON, default=list)
    is_top: Mapped[bool] = mapped_column(Boolean, default=False)
    published_at: Mapped[datetime] = mapped_column(AwareDateTime())
    updated_at: Mapped[datetime] = mapped_column(AwareDateTime())


class StoreAnnouncement(Base):
    __tablename__ = "store_announcement"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("team.id"), index=True)
    title: Mapped[str] = mapped_column(String(128))
    content: Mapped[str] = mapped_column(Text, default="")
    is_top: Mapped[bool] = mapped_column(Boolean, default=False)
    published_at: Mapped[datetime] = mapped_column(AwareDateTime())


class StoreAd(Base):
    """A banner of the team's home page. Without an image it is drawn from its texts and
    colour; ``link`` is an H5 path (``/productDetail?...``) or an outside address."""

    __tablename__ = "store_ad"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("team.id"), index=True)
    position: Mapped[str] = mapped_column(String(16), default="HOME")
    title: Mapped[str] = mapped_column(String(64))
    subtitle: Mapped[str] = mapped_column(String(128), default="")
    image_url: Mapped[str] = mapped_column(String(255), default="")
    color: Mapped[str] = mapped_column(String(16), default="#e8343a")
    link: Mapped[str] = mapped_column(String(255), default="")
    sort_order: Mapped[int] = mapped_column(Integer, default=0)
    start_date: Mapped[date | None] = mapped_column(Date, default=None)
    end_date: Mapped[date | None] = mapped_column(Date, default=None)


class StoreRecommendation(Base):
    __tablename__ = "store_recommendation"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("team.id"), index=True)
    product_code: Mapped[str] = mapped_column(String(16))
    product_type: Mapped[str] = mapped_column(String(16))
    reason: Mapped[str] = mapped_column(String(128), default="")
    tags: Mapped[list[str]] = mapped_column(JSON, default=list)
    sort_order: Mapped[int] = mapped_column(Integer, default=0)


class StorePageConfig(Base):
    """The layout of a team page: its components in order, each ``{"componentId", "type",
    "title", …}`` (types BANNER, NOTICE, RECOMMEND, ARTICLE, PRODUCT_LIST)."""

    __tablename__ = "store_page_config"
    __table_args__ = (Index("uq_store_page_config_team_page", "team_id", "page", unique=True),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("team.id"))
    page: Mapped[str] = mapped_column(String(32))
    components: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)


class Protocol(Base):
    """One version of a protocol or agreement (docs/product.md#entities Protocol,
    docs/product.md#constants protocol kinds).

    ``protocol_type`` names the kind (privacyPolicy, userAgreement, accountOpening,
    paymentAgreement, portfolio …). A protocol belongs to every broker unless ``broker_id`` is
    set; a payment agreement may belong to one bank (``bank_no``). The latest version of a
    type is the one with the latest ``effective_at`` not after now.
    """

    __tablename__ = "protocol"
    __table_args__ = (CheckConstraint("scope IN ('H5', 'APP')", name="scope"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # protocolId
    protocol_type: Mapped[str] = mapped_column(String(32), index=True)
    name: Mapped[str] = mapped_column(String(128))
    version: Mapped[str] = mapped_column(String(16), default="1.0")
    scope: Mapped[str] = mapped_column(String(8), default="H5")
    broker_id: Mapped[int | None] = mapped_column(ForeignKey("broker.id"), default=None)
    bank_no: Mapped[str | None] = mapped_column(String(8), default=None)
    summary: Mapped[str] = mapped_column(String(255), default="")
    content: Mapped[str] = mapped_column(Text, default="")
    effective_at: Mapped[datetime] = mapped_column(AwareDateTime())
    created_at: Mapped[datetime] = created_at_column()


class DictItem(Base):
    """A value of a dynamic dictionary (``/utils/dynamicDict``): groups of label and value an
    operator may change without a release."""

    __tablename__ = "dict_item"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    group_code: Mapped[str] = mapped_column(String(32), index=True)
    label: Mapped[str] = mapped_column(String(64))
    value: Mapped[str] = mapped_column(String(128))
    sort_order: Mapped[int] = mapped_column(Integer, default=0)


class ChannelLandingPage(Base):
    """The landing page of a marketing channel (``/noauth/tamp/channel/landingPage``)."""

    __tablename__ = "channel_landing_page"

    channel: Mapped[str] = mapped_column(String(32), primary_key=True)
    broker_id: Mapped[int] = mapped_column(ForeignKey("broker.id"))
    team_id: Mapped[int | None] = mapped_column(ForeignKey("team.id"), default=None)
    title: Mapped[str] = mapped_column(String(64))
    subtitle: Mapped[str] = mapped_column(String(128), default="")
    content: Mapped[str] = mapped_column(Text, default="")
    button_text: Mapped[str] = mapped_column(String(16), default="立即查看")
    target_path: Mapped[str] = mapped_column(String(255), default="/home")
    is_enabled: Mapped[bool] = mapped_column(Boolean, default=True)


class ChannelAccess(Base):
    """One visit through a channel (``/channel/addAccessHistory``)."""

    __tablename__ = "channel_access"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    channel: Mapped[str] = mapped_column(String(32), index=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    path: Mapped[str] = mapped_column(String(255), default="")
    created_at: Mapped[datetime] = created_at_column()


class OperationPush(Base):
    """An operation pop-up (运营推送) shown on a page of a broker's app while it runs.
    ``frequency`` ONCE shows it once per device; DAILY once a day."""

    __tablename__ = "operation_push"
    __table_args__ = (CheckConstraint("frequency IN ('ONCE', 'DAILY')", name="frequency"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_id: Mapped[int | None] = mapped_column(ForeignKey("broker.id"), default=None)
    position: Mapped[str] = mapped_column(String(16), default="HOME")
    title: Mapped[str] = mapped_column(String(64))
    content: Mapped[str] = mapped_column(Text, default="")
    button_text: Mapped[str] = mapped_column(String(16), default="去看看")
    link: Mapped[str] = mapped_column(String(255), default="")
    frequency: Mapped[str] = mapped_column(String(8), default="DAILY")
    start_at: Mapped[datetime] = mapped_column(AwareDateTime())
    end_at: Mapped[datetime] = mapped_column(AwareDateTime())
