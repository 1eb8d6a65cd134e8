"""Recurring investment plans (定投, docs/plans.md; docs/product.md#states "Plans and
executions").

A plan (``invest_plan``) buys a fund, a portfolio, a strategy or the wallet on a schedule; each
due date gives one execution (``invest_plan_execution``, unique per plan and due date) that
ends SUCCESS with one order, FAIL with its reason, or TERMINATED with the plan. A take-profit
plan keeps one row per round (``invest_plan_round``).
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import Base, BigId
from opentamp.kit.money import ExactDecimal, Money, Rate
from opentamp.models._columns import created_at_column, updated_at_column

#: Plan status: active, paused, terminated.
ACTIVE, PAUSED, TERMINATED = "A", "P", "T"
#: Execution status.
EXEC_ACTIVE, EXEC_SUCCESS, EXEC_FAIL, EXEC_TERMINATED = "ACTIVE", "SUCCESS", "FAIL", "TERMINATED"
#: What a plan buys.
FUND, PORTFOLIO, WALLET, STRATEGY = "fund", "poFund", "wallet", "strategy"
#: A strategy plan's extendPeriodSignStatus: the period file signed, or to be signed after the
#: strategy's manual changed (docs/plans.md "Strategy plans").
SIGNED, UNSIGNED_CAN_SIGN = "SIGNED_FREE", "UNSIGN_CANFREESIGN"


class InvestPlan(Base):
    __tablename__ = "invest_plan"
    __table_args__ = (
        CheckConstraint("status IN ('A', 'P', 'T')", name="status"),
        CheckConstraint("amount > 0", name="amount_positive"),
        CheckConstraint("period_unit BETWEEN 0 AND 3", name="period_unit"),
        CheckConstraint(
            "product_type IN ('fund', 'poFund', 'wallet', 'strategy')", name="product_type"
        ),
        CheckConstraint("pay_type IN ('card', 'wallet')", name="pay_type"),
        CheckConstraint("pay_date_mode IN ('CONTINUITY', 'LAST')", name="pay_date_mode"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # investPlanId
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id"))
    financial_account_id: Mapped[int] = mapped_column(ForeignKey("financial_account.id"))
    product_type: Mapped[str] = mapped_column(String(8))
    #: The fund, portfolio (ZH) or strategy (CL) bought; the wallet fund for a wallet plan.
    product_code: Mapped[str] = mapped_column(String(16))
    #: The base amount of a period (a smart plan scales it by the band's multiplier).
    amount: Mapped[Decimal] = mapped_column(Money())
    period_unit: Mapped[int] = mapped_column(Integer)
    period_interval: Mapped[int] = mapped_column(Integer, default=1)
    period_day: Mapped[int | None] = mapped_column(Integer, default=None)
    period_month: Mapped[int | None] = mapped_column(Integer, default=None)
    #: Every second week: the parity of the due weeks (rules/plans.py ``week_parity``).
    week_parity: Mapped[int] = mapped_column(Integer, default=0)
    pay_type: Mapped[str] = mapped_column(String(8))
    payment_method_id: Mapped[int | None] = mapped_column(
        ForeignKey("payment_method.id"), default=None
    )
    pay_date_mode: Mapped[str] = mapped_column(String(12), default="CONTINUITY")
    smart: Mapped[bool] = mapped_column(Boolean, default=False)
    smart_index_code: Mapped[str | None] = mapped_column(
        ForeignKey("benchmark_index.code"), default=None
    )
    #: Take-profit plans: the round's target return and what happens when it is reached.
    target_rate: Mapped[Decimal | None] = mapped_column(Rate(), default=None)
    target_action: Mapped[str | None] = mapped_column(String(8), default=None)
    #: 0 not holding, 1 fixed, 2 rolling.
    plan_holding: Mapped[int] = mapped_column(Integer, default=0)
    round: Mapped[int] = mapped_column(Integer, default=1)
    round_start_date: Mapped[date] = mapped_column(Date)
    #: The investor confirmed a product above their grade when setting the plan up.
    risk_confirmed: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(1), default=ACTIVE)
    status_reason: Mapped[str] = mapped_column(Text, default="")
    #: Strategy plans: UNSIGN_CANFREESIGN, SIGNED_FREE or UNSIGN (null for other plans).
    extend_period_sign_status: Mapped[str | None] = mapped_column(String(24), default=None)
    start_date: Mapped[date] = mapped_column(Date)
    #: The next due date while active (null otherwise).
    next_date: Mapped[date | None] = mapped_column(Date, default=None)
    #: Consecutive failed periods (three pause the plan).
    failed_periods: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()


Index("ix_invest_plan_due", InvestPlan.status, InvestPlan.next_date)


class InvestPlanExecution(Base):
    __tablename__ = "invest_plan_execution"
    __table_args__ = (
        UniqueConstraint("plan_id", "due_date"),
        CheckConstraint("status IN ('ACTIVE', 'SUCCESS', 'FAIL', 'TERMINATED')", name="status"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # executionId
    plan_id: Mapped[int] = mapped_column(ForeignKey("invest_plan.id"))
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"))
    due_date: Mapped[date] = mapped_column(Date)
    #: The day of the next try while ACTIVE (null once final).
    next_try: Mapped[date | None] = mapped_column(Date, default=None)
    #: The day the charge succeeded or last failed.
    execute_date: Mapped[date | None] = mapped_column(Date, default=None)
    attempt: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(10), default="ACTIVE")
    base_amount: Mapped[Decimal] = mapped_column(Money())
    multiplier: Mapped[Decimal] = mapped_column(ExactDecimal(2))
    amount: Mapped[Decimal] = mapped_column(Money())
    #: The plan's round when it ran (take-profit plans).
    round: Mapped[int] = mapped_column(Integer, default=1)
    order_id: Mapped[int | None] = mapped_column(ForeignKey("trade_order.id"), default=None)
    fail_reason: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()


Index("ix_invest_plan_execution_try", InvestPlanExecution.status, InvestPlanExecution.next_try)


class InvestPlanRound(Base):
    """One round of a take-profit plan: from its start until its target was reached."""

    __tablename__ = "invest_plan_round"

    plan_id: Mapped[int] = mapped_column(ForeignKey("invest_plan.id"), primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    start_date: Mapped[date] = mapped_column(Date)
    end_date: Mapped[date | None] = mapped_column(Date, default=None)
    invested: Mapped[Decimal] = mapped_column(Money())
    value: Mapped[Decimal] = mapped_column(Money())
    return_rate: Mapped[Decimal] = mapped_column(Rate())
    action: Mapped[str] = mapped_column(String(8))
    reached_date: Mapped[date | None] = mapped_column(Date, default=None)
    #: The redemption placed by a redeem or rolling action.
    order_id: Mapped[int | None] = mapped_column(ForeignKey("trade_order.id"), default=None)
