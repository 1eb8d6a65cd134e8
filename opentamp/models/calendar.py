"""The XSHG trading calendar (docs/rules.md#money-shares-and-time): one row per date of the known
range."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Boolean, Date
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import Base


class TradingDay(Base):
    __tablename__ = "trading_day"

    day: Mapped[date] = mapped_column(Date, primary_key=True)
    is_open: Mapped[bool] = mapped_column(Boolean, nullable=False)
