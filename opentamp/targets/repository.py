"""Queries of the target strategies (docs/targets.md): positions, the strategies' holdings
summed per financial account, and the strategy purchases that open positions."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import and_, func, or_, select
from sqlalchemy.orm import Session, aliased

from opentamp.models.catalogue import StrategyInfo
from opentamp.models.holdings import Holding
from opentamp.models.orders import (
    PO_ALL_FAILED,
    PO_BUY,
    PO_CANCELLED,
    PO_WAITING,
    TradeOrder,
)
from opentamp.models.targets import TargetHolding
from opentamp.rules.targets import TARGET_STRATEGY

ZERO = Decimal("0.00")
#: A strategy purchase that opened nothing: cancelled or failed altogether.
DEAD = (PO_CANCELLED, PO_ALL_FAILED)


@dataclass(frozen=True)
class Figures:
    market_value: Decimal
    cost: Decimal
    accumulated_profit: Decimal


def unopened_purchases(session: Session, user_id: int | None) -> list[TradeOrder]:
    """Strategy purchases (P02 of a target strategy) that opened no position and belong to
    none: no position of the same account and strategy opened by this order or an earlier
    one and still open when this one was placed (its stop-profit sale came later)."""
    o, p = TradeOrder, aliased(TargetHolding)
    belongs = (
        select(p.id)
        .where(
            p.financial_account_id == o.financial_account_id,
            p.strategy_code == o.portfolio_code,
            p.order_id <= o.id,
            or_(p.stop_order_id.is_(None), p.stop_order_id > o.id),
        )
        .exists()
    )
    query = (
        select(o)
        .join(StrategyInfo, StrategyInfo.code == o.portfolio_code)
        .where(
            o.order_code == PO_BUY,
            o.parent_id.is_(None),
            o.confirm_status.not_in(DEAD),
            StrategyInfo.strategy_type == TARGET_STRATEGY,
            ~belongs,
        )
        .order_by(o.id)
    )
    if user_id is not None:
        query = query.where(o.broker_user_id == user_id)
    return list(session.scalars(query))


def positions(
    session: Session,
    *,
    user_id: int | None = None,
    phases: Iterable[str] | None = None,
    strategy_code: str | None = None,
    financial_account_id: int | None = None,
) -> list[TargetHolding]:
    query = select(TargetHolding).order_by(TargetHolding.id)
    if user_id is not None:
        query = query.where(TargetHolding.broker_user_id == user_id)
    if phases is not None:
        query = query.where(TargetHolding.phase.in_(list(phases)))
    if strategy_code is not None:
        query = query.where(TargetHolding.strategy_code == strategy_code)
    if financial_account_id is not None:
        query = query.where(TargetHolding.financial_account_id == financial_account_id)
    return list(session.scalars(query))


def figures(session: Session, pairs: Iterable[tuple[int, str]]) -> dict[tuple[int, str], Figures]:
    """The strategy holdings of each (financial account, strategy), summed over its funds, in
    one query."""
    wanted = set(pairs)
    if not wanted:
        return {}
    h = Holding
    rows = session.execute(
        select(
            h.financial_account_id,
            h.portfolio_code,
            func.coalesce(func.sum(h.market_value), 0),
            func.coalesce(func.sum(h.cost), 0),
            func.coalesce(func.sum(h.accumulated_profit), 0),
        )
        .where(
            h.financial_account_id.in_({fa for fa, _ in wanted}),
            h.portfolio_code.in_({code for _, code in wanted}),
        )
        .group_by(h.financial_account_id, h.portfolio_code)
    ).all()
    return {
        (fa, code): Figures(Decimal(mv), Decimal(cost), Decimal(acc))
        for fa, code, mv, cost, acc in rows
        if (fa, code) in wanted
    }


def pending_pairs(session: Session, pairs: Iterable[tuple[int, str]]) -> set[tuple[int, str]]:
    """The (financial account, strategy) pairs with a strategy order not yet confirmed."""
    wanted = set(pairs)
    if not wanted:
        return set()
    o = TradeOrder
    rows = session.execute(
        select(o.financial_account_id, o.portfolio_code)
        .where(
            o.parent_id.is_(None),
            o.confirm_status.in_((PO_WAITING, "P1")),
            o.financial_account_id.in_({fa for fa, _ in wanted}),
            o.portfolio_code.in_({code for _, code in wanted}),
        )
        .distinct()
    ).all()
    return {(fa, code) for fa, code in rows if (fa, code) in wanted}


def purchases_of(session: Session, position: TargetHolding) -> list[TradeOrder]:
    """The purchases a position holds: its opening order and later ones of the same account
    and strategy placed before its stop-profit sale."""
    o = TradeOrder
    upper = [o.id < position.stop_order_id] if position.stop_order_id is not None else []
    return list(
        session.scalars(
            select(o).where(
                o.order_code == PO_BUY,
                o.parent_id.is_(None),
                o.financial_account_id == position.financial_account_id,
                o.portfolio_code == position.strategy_code,
                o.confirm_status.not_in(DEAD),
                and_(o.id >= position.order_id, *upper),
            )
        )
    )
