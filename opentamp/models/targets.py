"""A holder's position in a target strategy (目标盈, docs/targets.md): one row per purchase
of a strategy (CL, ``strategy_type`` '1') in one of its periods, moved through the phases of
docs/product.md#states by the daily step ``targets.phases`` and stopped at its target by
``targets.stop_profit``.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import CheckConstraint, Date, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import Base, BigId
from opentamp.kit.money import Money, Rate
from opentamp.models._columns import created_at_column, updated_at_column

#: The holder's choice when the target is reached (docs/product.md#states Target-reach
#: actions): stop profit into the wallet, or keep holding with the adjusted target.
TARGET_REDEEM, TARGET_KEEP_ON = "redeem", "keepOn"


class TargetHolding(Base):
    __tablename__ = "target_holding"
    __table_args__ = (
        CheckConstraint("target_action IN ('redeem', 'keepOn')", name="target_action"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    financial_account_id: Mapped[int] = mapped_column(ForeignKey("financial_account.id"))
    strategy_code: Mapped[str] = mapped_column(ForeignKey("strategy_info.code"), index=True)
    period_no: Mapped[int] = mapped_column(Integer)
    #: The P02 purchase that opened the position (unique: one position per purchase).
    order_id: Mapped[int] = mapped_column(ForeignKey("trade_order.id"), unique=True)
    buy_mode: Mapped[str] = mapped_column(String(16))
    amount: Mapped[Decimal] = mapped_column(Money())
    #: The position's phase (docs/product.md#states Strategy phases).
    phase: Mapped[str] = mapped_column(String(16))
    #: The holder's target return (the strategy's at purchase; targetSetting changes it).
    target_rate: Mapped[Decimal] = mapped_column(Rate())
    target_action: Mapped[str] = mapped_column(String(8), default=TARGET_REDEEM)
    #: The round's base: the cost at purchase, then the value when a keep-on round began.
    base_value: Mapped[Decimal | None] = mapped_column(Money(), default=None)
    round: Mapped[int] = mapped_column(Integer, default=1)
    reached_date: Mapped[date | None] = mapped_column(Date, default=None)
    realised_rate: Mapped[Decimal | None] = mapped_column(Rate(), default=None)
    #: The P03 stop-profit sale to the wallet.
    stop_order_id: Mapped[int | None] = mapped_column(ForeignKey("trade_order.id"), default=None)
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()
