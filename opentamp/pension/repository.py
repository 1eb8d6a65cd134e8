"""Queries of the pension feature. The pension account's balance is one query
(:func:`balance`): contributions confirmed − purchases paid from the account that are not
cancelled or failed + redemptions of pension funds confirmed back into it (docs/pension.md)."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.models.holdings import Holding
from opentamp.models.orders import (
    CANCELLED,
    CONFIRMED,
    FAILED,
    PART,
    PAY_PENSION,
    PURCHASE,
    REDEEM,
    TradeOrder,
)
from opentamp.models.pension import CONTRIBUTION_SUCCESS, PensionAccount, PensionContribution
from opentamp.models.products import Fund

ZERO = Decimal("0.00")


def account_of(session: Session, user_id: int, *, lock: bool = False) -> PensionAccount | None:
    query = select(PensionAccount).where(PensionAccount.broker_user_id == user_id)
    if lock:
        query = query.with_for_update()
    return session.scalar(query)


def contributed(session: Session, user_id: int, year: int | None = None) -> Decimal:
    """The confirmed contributions of ``year`` (all years when None)."""
    query = select(func.coalesce(func.sum(PensionContribution.amount), ZERO)).where(
        PensionContribution.broker_user_id == user_id,
        PensionContribution.status == CONTRIBUTION_SUCCESS,
    )
    if year is not None:
        query = query.where(PensionContribution.year == year)
    return Decimal(session.scalar(query) or ZERO)


def balance(session: Session, user_id: int) -> Decimal:
    o = TradeOrder
    spent = session.scalar(
        select(func.coalesce(func.sum(o.trade_amount), ZERO)).where(
            o.broker_user_id == user_id,
            o.pay_method == PAY_PENSION,
            o.order_code == PURCHASE,
            o.confirm_status.not_in((FAILED, CANCELLED)),
        )
    )
    returned = session.scalar(
        select(func.coalesce(func.sum(o.net_amount), ZERO)).where(
            o.broker_user_id == user_id,
            o.redeem_to == PAY_PENSION,
            o.order_code == REDEEM,
            o.confirm_status.in_((CONFIRMED, PART)),
        )
    )
    return contributed(session, user_id) - Decimal(spent or ZERO) + Decimal(returned or ZERO)


def contributions(session: Session, user_id: int, year: int) -> list[PensionContribution]:
    return list(
        session.scalars(
            select(PensionContribution)
            .where(
                PensionContribution.broker_user_id == user_id,
                PensionContribution.year == year,
                PensionContribution.status == CONTRIBUTION_SUCCESS,
            )
            .order_by(PensionContribution.applied_at.desc(), PensionContribution.id.desc())
        )
    )


def contribution(session: Session, user_id: int, apply_no: str) -> PensionContribution | None:
    return session.scalar(
        select(PensionContribution).where(
            PensionContribution.broker_user_id == user_id,
            PensionContribution.apply_no == apply_no,
        )
    )


def holdings(session: Session, financial_account_id: int) -> list[tuple[Holding, str]]:
    """Every holding of the pension account, cleared ones too (their profit still counts)."""
    rows = session.execute(
        select(Holding, Fund.short_name)
        .join(Fund, Fund.code == Holding.fund_code)
        .where(Holding.financial_account_id == financial_account_id)
        .order_by(Holding.market_value.desc(), Holding.fund_code)
    ).all()
    return [(h, name) for h, name in rows]
