"""The advisory queries (docs/advisory.md): strategies, files, the caller's service accounts,
holdings and values, waiting adjustments, fees and announcements."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.advisory.errors import (
    ContractNotInForce,
    ContractTerminated,
    StrategyUnknown,
    UnsignPending,
)
from opentamp.errors import NotFound
from opentamp.kit.money import round_amount
from opentamp.models.advisory import (
    CUSTOMER_UNCONFIRMED,
    FEE_FAIL,
    IN_FORCE,
    ORDER_IN_PROCESS,
    TERMINATED,
    UNCOMMITTED,
    UNSIGNING,
    AdvisoryAdjustment,
    AdvisoryAnnouncement,
    AdvisoryAnnouncementRead,
    AdvisoryFee,
    AdvisoryFeeAccrual,
    AdvisoryFeeTier,
    AdvisoryFile,
    AdvisoryStrategy,
    ServiceAccount,
)
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding
from opentamp.models.orders import WAITING, TradeOrder
from opentamp.models.products import WALLET_FUND_CODE, Fund, Portfolio, PortfolioComponent
from opentamp.models.robo import RoboAccount

ZERO = Decimal("0")
#: Adjustments still to be decided or executing: one at a time per account.
OPEN_ADJUSTMENTS = (CUSTOMER_UNCONFIRMED, UNCOMMITTED, ORDER_IN_PROCESS)


def strategy(session: Session, po_code: str) -> tuple[AdvisoryStrategy, Portfolio]:
    s = session.get(AdvisoryStrategy, po_code)
    po = session.get(Portfolio, po_code) if s is not None else None
    if s is None or po is None:
        raise StrategyUnknown()
    return s, po


def service_name(session: Session, *, service_account_id: int, po_code: str) -> str:
    """The name a notice calls an advisory service by: a robo service account (智能投顾) by its
    own name, roboServiceName (docs/robo.md: the name of its financial account, which the
    customer chose or 智能投顾·<survey name>; one customer may hold several on the one robo
    strategy); any other service by its strategy's name (docs/notices.md#the-events)."""
    robo = session.scalar(
        select(RoboAccount.name).where(RoboAccount.service_account_id == service_account_id)
    )
    if robo is not None:
        return robo
    return session.scalar(select(Portfolio.name).where(Portfolio.code == po_code)) or po_code


def tiers(session: Session, po_code: str) -> list[tuple[Decimal, Decimal]]:
    rows = session.scalars(
        select(AdvisoryFeeTier)
        .where(AdvisoryFeeTier.po_code == po_code)
        .order_by(AdvisoryFeeTier.min_assets)
    ).all()
    return [(r.min_assets, r.fee_ratio) for r in rows]


def current_files(session: Session, po_code: str) -> list[AdvisoryFile]:
    version = session.scalar(
        select(func.max(AdvisoryFile.version)).where(AdvisoryFile.po_code == po_code)
    )
    if version is None:
        return []
    return list(
        session.scalars(
            select(AdvisoryFile)
            .where(AdvisoryFile.po_code == po_code, AdvisoryFile.version == version)
            .order_by(AdvisoryFile.id)
        ).all()
    )


def owned_account(session: Session, user: BrokerUser, service_account_id: int) -> ServiceAccount:
    sa = session.get(ServiceAccount, service_account_id)
    if sa is None or sa.broker_user_id != user.id:
        raise NotFound()
    return sa


def active_account(session: Session, user: BrokerUser, service_account_id: int) -> ServiceAccount:
    """The caller's account in force (status 1): trades need it."""
    sa = owned_account(session, user, service_account_id)
    require_in_force(sa)
    return sa


def require_in_force(sa: ServiceAccount) -> None:
    if sa.contract_status == TERMINATED:
        raise ContractTerminated()
    if sa.contract_status == UNSIGNING:
        raise UnsignPending()
    if sa.contract_status != IN_FORCE or sa.financial_account_id is None:
        raise ContractNotInForce()


def accounts_of(session: Session, user_id: int) -> list[ServiceAccount]:
    return list(
        session.scalars(
            select(ServiceAccount)
            .where(ServiceAccount.broker_user_id == user_id)
            .order_by(ServiceAccount.id)
        ).all()
    )


def in_force_of(session: Session, user_id: int, po_code: str) -> ServiceAccount | None:
    return session.scalar(
        select(ServiceAccount).where(
            ServiceAccount.broker_user_id == user_id,
            ServiceAccount.po_code == po_code,
            ServiceAccount.contract_status.in_((IN_FORCE, UNSIGNING)),
        )
    )


def model_weights(session: Session, po_code: str) -> dict[str, Decimal]:
    rows = session.scalars(
        select(PortfolioComponent)
        .where(PortfolioComponent.portfolio_code == po_code)
        .order_by(PortfolioComponent.weight.desc(), PortfolioComponent.fund_code)
    ).all()
    return {r.fund_code: r.weight for r in rows}


def holdings(session: Session, sa: ServiceAccount) -> list[Holding]:
    if sa.financial_account_id is None:
        return []
    return list(
        session.scalars(
            select(Holding)
            .where(
                Holding.financial_account_id == sa.financial_account_id,
                Holding.portfolio_code == sa.po_code,
                Holding.shares > 0,
            )
            .order_by(Holding.market_value.desc(), Holding.fund_code)
        ).all()
    )


def wallet_of(session: Session, sa: ServiceAccount) -> Holding | None:
    if sa.financial_account_id is None:
        return None
    return session.scalar(
        select(Holding).where(
            Holding.financial_account_id == sa.financial_account_id,
            Holding.fund_code == WALLET_FUND_CODE,
            Holding.portfolio_code == "",
        )
    )


def funds(session: Session, codes: Sequence[str]) -> dict[str, Fund]:
    if not codes:
        return {}
    return {f.code: f for f in session.scalars(select(Fund).where(Fund.code.in_(codes))).all()}


def pending_amount(session: Session, sa: ServiceAccount) -> Decimal:
    """Purchases of the account awaiting confirmation (当前资产待确认)."""
    if sa.financial_account_id is None:
        return ZERO
    value = session.scalar(
        select(func.coalesce(func.sum(TradeOrder.trade_amount), 0)).where(
            TradeOrder.financial_account_id == sa.financial_account_id,
            TradeOrder.parent_id.is_not(None),
            TradeOrder.confirm_status.in_((WAITING, "W0")),
            TradeOrder.order_code.in_(("022", "W04", "039", "W11")),
            TradeOrder.pay_status == "2",
        )
    )
    return round_amount(Decimal(value or 0))


def open_adjustment(session: Session, sa_id: int) -> AdvisoryAdjustment | None:
    return session.scalar(
        select(AdvisoryAdjustment)
        .where(
            AdvisoryAdjustment.service_account_id == sa_id,
            AdvisoryAdjustment.status.in_(OPEN_ADJUSTMENTS),
        )
        .order_by(AdvisoryAdjustment.id.desc())
        .limit(1)
    )


def uncharged_accruals(session: Session, sa_id: int) -> Decimal:
    value = session.scalar(
        select(func.coalesce(func.sum(AdvisoryFeeAccrual.amount), 0)).where(
            AdvisoryFeeAccrual.service_account_id == sa_id, AdvisoryFeeAccrual.fee_id.is_(None)
        )
    )
    return Decimal(value or 0)


def debts(session: Session, user_id: int, sa_id: int | None = None) -> list[AdvisoryFee]:
    stmt = select(AdvisoryFee).where(
        AdvisoryFee.broker_user_id == user_id, AdvisoryFee.status == FEE_FAIL
    )
    if sa_id is not None:
        stmt = stmt.where(AdvisoryFee.service_account_id == sa_id)
    return list(session.scalars(stmt.order_by(AdvisoryFee.id)).all())


def unread_mandatory(
    session: Session, user_id: int, po_code: str, *, since: datetime | None = None
) -> list[AdvisoryAnnouncement]:
    read = select(AdvisoryAnnouncementRead.announcement_id).where(
        AdvisoryAnnouncementRead.broker_user_id == user_id
    )
    stmt = select(AdvisoryAnnouncement).where(
        AdvisoryAnnouncement.po_code == po_code,
        AdvisoryAnnouncement.is_mandatory.is_(True),
        AdvisoryAnnouncement.id.not_in(read),
    )
    return list(session.scalars(stmt.order_by(AdvisoryAnnouncement.id.desc())).all())
