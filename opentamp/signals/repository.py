"""Reads of the signal feature."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, exists, func, select
from sqlalchemy.orm import Session, aliased

from opentamp.models.catalogue import ProductSignal
from opentamp.models.orders import (
    CANCELLED,
    FAILED,
    PO_ALL_FAILED,
    PO_CANCELLED,
    TradeOrder,
)
from opentamp.models.signals import FOLLOW_SUCCESS, SignalFollowPlan, SignalFollowRecord


def sold_by_signal(financial_account_id: Any, sig_id: Any) -> ColumnElement[bool]:
    """Whether the financial account has sold by the sell signal ``sig_id`` already: a signal
    sell order (isSignalSellOrder) carrying the signal's id, neither cancelled nor failed,
    placed by hand (按信号卖出) or by a follow plan. Either argument a value or a column (the
    daily follow asks it of every follower at once). A signal sells a holding once
    (docs/signals.md#one-sale-a-signal)."""
    o = aliased(TradeOrder, name="signal_sale")
    return exists().where(
        o.financial_account_id == financial_account_id,
        o.parent_id.is_(None),
        o.is_signal_sell_order.is_(True),
        o.ext_meta_info["sigId"].as_string() == sig_id,
        o.confirm_status.not_in((CANCELLED, FAILED, PO_CANCELLED, PO_ALL_FAILED)),
    )


def signal(session: Session, sig_id: str) -> ProductSignal | None:
    return session.get(ProductSignal, sig_id)


def latest_signal(session: Session, code: str) -> ProductSignal | None:
    return session.scalar(
        select(ProductSignal)
        .where(ProductSignal.product_code == code)
        .order_by(ProductSignal.sig_date.desc())
        .limit(1)
    )


def signal_on(session: Session, code: str, day: date) -> ProductSignal | None:
    return session.scalar(
        select(ProductSignal).where(
            ProductSignal.product_code == code, ProductSignal.sig_date == day
        )
    )


def plan_of(
    session: Session, *, user_id: int, code: str, financial_account_id: int | None
) -> SignalFollowPlan | None:
    """The user's plan on ``code`` in the account (any account of theirs when None: the
    earliest)."""
    query = select(SignalFollowPlan).where(
        SignalFollowPlan.broker_user_id == user_id, SignalFollowPlan.product_code == code
    )
    if financial_account_id is not None:
        query = query.where(SignalFollowPlan.financial_account_id == financial_account_id)
    return session.scalar(query.order_by(SignalFollowPlan.id).limit(1))


def plans_of(session: Session, user_id: int) -> Sequence[SignalFollowPlan]:
    return session.scalars(
        select(SignalFollowPlan)
        .where(SignalFollowPlan.broker_user_id == user_id)
        .order_by(SignalFollowPlan.status, SignalFollowPlan.id)
    ).all()


def follow_totals(session: Session, plan_ids: Sequence[int]) -> dict[int, tuple[int, Decimal]]:
    """Per plan: the successful follows and the money they bought."""
    if not plan_ids:
        return {}
    r = SignalFollowRecord
    rows = session.execute(
        select(r.plan_id, func.count(), func.coalesce(func.sum(r.amount), 0))
        .where(r.plan_id.in_(plan_ids), r.status == FOLLOW_SUCCESS)
        .group_by(r.plan_id)
    ).all()
    return {int(pid): (int(n), Decimal(total)) for pid, n, total in rows}


def records(
    session: Session,
    *,
    user_id: int,
    code: str | None,
    plan_id: int | None,
    sig_id: str | None,
    financial_account_id: int | None,
    offset: int,
    limit: int,
) -> tuple[list[tuple[SignalFollowRecord, TradeOrder | None]], int]:
    r = SignalFollowRecord
    where = [r.broker_user_id == user_id]
    if code:
        where.append(r.product_code == code)
    if plan_id is not None:
        where.append(r.plan_id == plan_id)
    if sig_id:
        where.append(r.sig_id == sig_id)
    if financial_account_id is not None:
        where.append(r.financial_account_id == financial_account_id)
    total = int(session.scalar(select(func.count()).select_from(r).where(*where)) or 0)
    rows = session.execute(
        select(r, TradeOrder)
        .outerjoin(TradeOrder, TradeOrder.id == r.order_id)
        .where(*where)
        .order_by(r.follow_date.desc(), r.id.desc())
        .offset(offset)
        .limit(limit)
    ).all()
    return [(rec, order) for rec, order in rows], total
