"""A user's settings (设置, 消息订阅, 账户安全): one row per broker user, created on first use."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import Base
from opentamp.models._columns import updated_at_column


class UserSetting(Base):
    __tablename__ = "user_setting"

    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), primary_key=True)
    #: An SMS to the login phone on every new sign-in (账户安全 › 登录提醒).
    login_notify: Mapped[bool] = mapped_column(Boolean, default=False)
    trade_notify: Mapped[bool] = mapped_column(Boolean, default=True)
    profit_notify: Mapped[bool] = mapped_column(Boolean, default=True)
    marketing_notify: Mapped[bool] = mapped_column(Boolean, default=False)
    #: 个性化推荐 (the personal information protection law requires a way to turn it off).
    personalized_recommend: Mapped[bool] = mapped_column(Boolean, default=True)
    #: Amounts shown as **** on the 我的 page.
    hide_amounts: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime] = updated_at_column()
