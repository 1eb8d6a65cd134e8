"""WeChat identities (docs/product.md#entities WeChat info, docs/product.md#states login entry): an
openid of the broker's official account (``oa``, H5 OAuth) or mini program (``mp``), bound to a
broker user once that user signs in by SMS with the identity's ticket."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.models._columns import created_at_column, updated_at_column


class WechatIdentity(Base):
    __tablename__ = "wechat_identity"
    __table_args__ = (UniqueConstraint("broker_id", "app_type", "openid"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_id: Mapped[int] = mapped_column(ForeignKey("broker.id"))
    app_type: Mapped[str] = mapped_column(String(8))  # oa, mp
    openid: Mapped[str] = mapped_column(String(64))
    unionid: Mapped[str] = mapped_column(String(64), default="")
    nickname: Mapped[str] = mapped_column(String(64), default="")
    headimgurl: Mapped[str] = mapped_column(String(255), default="")
    broker_user_id: Mapped[int | None] = mapped_column(
        ForeignKey("broker_user.id"), default=None, index=True
    )
    #: Lets the holder of an unbound identity bind it by signing in (a hash; short-lived).
    ticket_hash: Mapped[str | None] = mapped_column(String(64), default=None, unique=True)
    ticket_expires_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    #: The official account's message pushes (关注公众号 and not turned off).
    subscribed: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()
