"""Advisory service accounts (投顾账户, docs/advisory.md): the strategies' terms and files, the
customers' service accounts (contracts), the adviser's adjustments with their transitions, the
daily fee accruals and the charged fees, announcements and their reads, and transfers-in."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
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
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from opentamp.db import AwareDateTime, Base, BigId
from opentamp.kit.money import Money, Rate
from opentamp.models._columns import created_at_column, updated_at_column

#: Discretion types (docs/advisory.md#discretion-discretiontype).
FULL_DISCRETIONARY, HALF_DISCRETIONARY = "FULL_DISCRETIONARY", "HALF_DISCRETIONARY"
#: Fee modes and charge periods.
FEE_FIXED, FEE_STEP, FEE_MEMBER = "FIXED", "STEP", "MEMBER"
CHARGE_PERIODS = ("D", "M", "Q", "Y")
#: Contract status (docs/advisory.md#contract-status-contractstatus).
UNCONFIRMED, IN_FORCE, UNSIGNING, TERMINATED = 0, 1, 2, 3
#: Adjustment statuses (docs/advisory.md#adjustment-proposal-status-status).
DRAFT = "DRAFT"
CUSTOMER_UNCONFIRMED = "CUSTOMER_UNCONFIRMED"
UNCOMMITTED = "UNCOMMITTED"
ORDER_IN_PROCESS = "ORDER_IN_PROCESS"
DONE = "DONE"
ORDER_PARTLY_DONE = "ORDER_PARTLY_DONE"
ORDER_FAILED = "ORDER_FAILED"
CUSTOMER_CANCEL = "CUSTOMER_CANCEL"
CUSTOMER_EXPIRED = "CUSTOMER_EXPIRED"
CUSTOMER_WITHDRAWN = "CUSTOMER_WITHDRAWN"
WITHDRAWN = "WITHDRAWN"
ADJ_TERMINATED = "TERMINATED"
#: Triggers and model kinds.
PROACTIVE, AUTO_FOLLOW_MODEL, REBALANCE = "PROACTIVE", "AUTO_FOLLOW_MODEL", "REBALANCE"
SIGNAL_CHANGE, PERIODIC_BUILD = "SIGNAL_CHANGE", "PERIODIC_BUILD"
TRIGGERS = (PROACTIVE, AUTO_FOLLOW_MODEL, REBALANCE, SIGNAL_CHANGE, PERIODIC_BUILD)
STANDARD, CUSTOMIZED = "standard", "customized"
#: Fee sources and the fee / refund status.
PERIOD, UNSIGN, REDEEM, MANUAL = "PERIOD", "UNSIGN", "REDEEM", "MANUAL"
MEMBER, BAD_DEBT, OTHER_SOURCE = "MEMBER", "BAD_DEBT", "OTHER_SOURCE"
FEE_SUCCESS, FEE_FAIL, FEE_PROCESSING = "S", "F", "P"
#: Transfer-in states.
TRANSFER_APPLYING, TRANSFER_COMPLETE, TRANSFER_CLOSED = "APPLYING", "COMPLETE", "CLOSED"


class AdvisoryStrategy(Base):
    """The advisory terms of a portfolio: discretion, fee, cooling-off and home template."""

    __tablename__ = "advisory_strategy"
    __table_args__ = (
        CheckConstraint(
            "discretion_type IN ('FULL_DISCRETIONARY', 'HALF_DISCRETIONARY')", name="discretion"
        ),
        CheckConstraint("fee_mode IN ('FIXED', 'STEP', 'MEMBER')", name="fee_mode"),
        CheckConstraint("charge_period IN ('D', 'M', 'Q', 'Y')", name="charge_period"),
    )

    po_code: Mapped[str] = mapped_column(ForeignKey("portfolio.code"), primary_key=True)
    discretion_type: Mapped[str] = mapped_column(String(24))
    fee_mode: Mapped[str] = mapped_column(String(8), default=FEE_FIXED)
    #: Yearly rate (FIXED) and its discount (1 = none).
    fee_ratio: Mapped[Decimal] = mapped_column(Rate())
    fee_discount: Mapped[Decimal] = mapped_column(Rate(), default=Decimal("1"))
    #: The most one period may charge; null: no cap.
    fee_upper_limit: Mapped[Decimal | None] = mapped_column(Money(), default=None)
    charge_period: Mapped[str] = mapped_column(String(1), default="M")
    cooling_off_hours: Mapped[int] = mapped_column(Integer, default=24)
    #: A proposal waits this many trading days (until 15:00) for a HALF_DISCRETIONARY customer.
    proposal_valid_days: Mapped[int] = mapped_column(Integer, default=3)
    allow_single_fund_redeem: Mapped[bool] = mapped_column(Boolean, default=False)
    is_transfer_prod: Mapped[bool] = mapped_column(Boolean, default=False)
    #: The account home's components, in order (docs/advisory.md#homepage-components).
    components: Mapped[list[str]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = created_at_column()


class AdvisoryFeeTier(Base):
    """A STEP fee tier: from ``min_assets`` on, the yearly rate is ``fee_ratio``."""

    __tablename__ = "advisory_fee_tier"

    po_code: Mapped[str] = mapped_column(ForeignKey("advisory_strategy.po_code"), primary_key=True)
    min_assets: Mapped[Decimal] = mapped_column(Money(), primary_key=True)
    fee_ratio: Mapped[Decimal] = mapped_column(Rate())


class AdvisoryFile(Base):
    """A file of a strategy's service agreement; the highest ``version`` is current."""

    __tablename__ = "advisory_file"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # fileId
    po_code: Mapped[str] = mapped_column(ForeignKey("advisory_strategy.po_code"), index=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    name: Mapped[str] = mapped_column(String(64))
    file_url: Mapped[str] = mapped_column(String(255), default="")
    created_at: Mapped[datetime] = created_at_column()


class ServiceAccount(Base):
    """A customer's contract for one strategy and the financial account (type service) holding
    it. ``financial_account_id`` is set when the contract comes into force."""

    __tablename__ = "service_account"
    __table_args__ = (CheckConstraint("contract_status IN (0, 1, 2, 3)", name="contract_status"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # serviceAccountId
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id"))
    po_code: Mapped[str] = mapped_column(ForeignKey("advisory_strategy.po_code"), index=True)
    financial_account_id: Mapped[int | None] = mapped_column(
        ForeignKey("financial_account.id"), default=None, unique=True
    )
    contract_no: Mapped[str] = mapped_column(String(32), unique=True)
    contract_status: Mapped[int] = mapped_column(Integer, default=UNCONFIRMED)
    signed_file_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    is_transfer_prod: Mapped[bool] = mapped_column(Boolean, default=False)
    auto_adjust: Mapped[bool] = mapped_column(Boolean, default=False)
    advisor_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"), default=None)
    signed_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    cooling_off_until: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    #: The unsign: when asked, within cooling-off or not, its sale, when it ended.
    unsign_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    unsign_cooling_off: Mapped[bool] = mapped_column(Boolean, default=False)
    unsign_order_id: Mapped[int | None] = mapped_column(ForeignKey("trade_order.id"), default=None)
    terminated_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()


class AdvisoryAdjustment(Base):
    """An adjustment (调仓) of one service account towards ``weights`` (fund code → weight)."""

    __tablename__ = "advisory_adjustment"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # adjustmentId
    service_account_id: Mapped[int] = mapped_column(ForeignKey("service_account.id"), index=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    po_code: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(24))
    trigger: Mapped[str] = mapped_column(String(24), default=PROACTIVE)
    model_kind: Mapped[str] = mapped_column(String(16), default=STANDARD)
    reason: Mapped[str] = mapped_column(Text, default="")
    weights_before: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)
    weights: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)
    expire_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    order_id: Mapped[int | None] = mapped_column(ForeignKey("trade_order.id"), default=None)
    fail_reason: Mapped[str] = mapped_column(Text, default="")
    operator_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"), default=None)
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = updated_at_column()


Index("ix_advisory_adjustment_status", AdvisoryAdjustment.status)


class AdvisoryAdjustmentEvent(Base):
    """One transition of an adjustment: who moved it from which status to which, when."""

    __tablename__ = "advisory_adjustment_event"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    adjustment_id: Mapped[int] = mapped_column(ForeignKey("advisory_adjustment.id"), index=True)
    from_status: Mapped[str] = mapped_column(String(24), default="")
    to_status: Mapped[str] = mapped_column(String(24))
    actor: Mapped[str] = mapped_column(String(16))  # customer, adviser, system
    at: Mapped[datetime] = mapped_column(AwareDateTime())


class AdvisoryFeeAccrual(Base):
    """One pipeline day's fee accrual of one account (docs/advisory.md#fees)."""

    __tablename__ = "advisory_fee_accrual"
    __table_args__ = (
        UniqueConstraint("service_account_id", "accrual_date"),
        CheckConstraint("amount >= 0", name="amount_not_negative"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    service_account_id: Mapped[int] = mapped_column(ForeignKey("service_account.id"))
    accrual_date: Mapped[date] = mapped_column(Date)
    assets: Mapped[Decimal] = mapped_column(Money())
    fee_ratio: Mapped[Decimal] = mapped_column(Rate())
    days: Mapped[int] = mapped_column(Integer)
    amount: Mapped[Decimal] = mapped_column(Money())
    fee_id: Mapped[int | None] = mapped_column(ForeignKey("advisory_fee.id"), default=None)


Index("ix_advisory_fee_accrual_fee", AdvisoryFeeAccrual.fee_id)


class AdvisoryFee(Base):
    """A charged adviser fee (PERIOD, UNSIGN, REDEEM, MANUAL …) and its payment (W12)."""

    __tablename__ = "advisory_fee"
    __table_args__ = (
        CheckConstraint("amount >= 0", name="amount_not_negative"),
        CheckConstraint("status IN ('S', 'F', 'P')", name="status"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # feeId
    service_account_id: Mapped[int] = mapped_column(ForeignKey("service_account.id"), index=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    source: Mapped[str] = mapped_column(String(16))
    period_start: Mapped[date | None] = mapped_column(Date, default=None)
    period_end: Mapped[date | None] = mapped_column(Date, default=None)
    amount: Mapped[Decimal] = mapped_column(Money())
    status: Mapped[str] = mapped_column(String(1), default=FEE_FAIL)
    order_id: Mapped[int | None] = mapped_column(ForeignKey("trade_order.id"), default=None)
    #: payAdvisorFee: the sale whose cash pays the fee once it reaches the wallet.
    sale_order_id: Mapped[int | None] = mapped_column(ForeignKey("trade_order.id"), default=None)
    paid_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
    refund_amount: Mapped[Decimal] = mapped_column(Money(), default=Decimal("0"))
    refund_status: Mapped[str] = mapped_column(String(1), default="")
    reason: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = created_at_column()
    #: The first answer of a payment (a repeated payment answers it again).
    pay_trade_uuid: Mapped[str] = mapped_column(String(64), default="")


class AdvisoryAnnouncement(Base):
    """An announcement of a strategy's adviser; mandatory ones must be read before trading."""

    __tablename__ = "advisory_announcement"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # announcementId
    po_code: Mapped[str] = mapped_column(ForeignKey("advisory_strategy.po_code"), index=True)
    title: Mapped[str] = mapped_column(String(128))
    content: Mapped[str] = mapped_column(Text, default="")
    is_mandatory: Mapped[bool] = mapped_column(Boolean, default=False)
    operator_id: Mapped[int | None] = mapped_column(ForeignKey("operator.id"), default=None)
    published_at: Mapped[datetime] = mapped_column(AwareDateTime())


class AdvisoryAnnouncementRead(Base):
    __tablename__ = "advisory_announcement_read"

    announcement_id: Mapped[int] = mapped_column(
        ForeignKey("advisory_announcement.id"), primary_key=True
    )
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), primary_key=True)
    read_at: Mapped[datetime] = mapped_column(AwareDateTime())


class AdvisoryTransfer(Base):
    """Outside holdings of the strategy's funds moved into a service account (INTERNAL)."""

    __tablename__ = "advisory_transfer"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)  # transferId
    service_account_id: Mapped[int] = mapped_column(ForeignKey("service_account.id"), index=True)
    broker_user_id: Mapped[int] = mapped_column(ForeignKey("broker_user.id"), index=True)
    status: Mapped[str] = mapped_column(String(16), default=TRANSFER_APPLYING)
    #: [{financialAccountId, fundCode}]
    items: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = created_at_column()
    done_at: Mapped[datetime | None] = mapped_column(AwareDateTime(), default=None)
