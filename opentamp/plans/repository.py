"""The plan feature's queries: plans and executions of a user, their counts, and each plan's
own holding (the shares of its confirmed orders of the current round, valued at the latest
NAVs), in a few statements per page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import Select, and_, case, func, or_, select
from sqlalchemy.orm import Session, aliased

from opentamp import rules
from opentamp.models.catalogue import BenchmarkIndex, BenchmarkPoint
from opentamp.models.orders import TradeOrder
from opentamp.models.plans import (
    ACTIVE,
    EXEC_FAIL,
    EXEC_SUCCESS,
    InvestPlan,
    InvestPlanExecution,
    InvestPlanRound,
)
from opentamp.models.products import Fund, FundNav, Portfolio

ZERO = Decimal("0.00")
#: Order codes of the legs that buy shares (a P02 parent's children, or the order itself).
LEG_CODES = ("039", "W11", "W01", "022", "W04")
CONFIRMED = ("2", "W2")


def plan(session: Session, plan_id: int, *, lock: bool = False) -> InvestPlan | None:
    query = select(InvestPlan).where(InvestPlan.id == plan_id)
    if lock:
        query = query.with_for_update()
    return session.scalar(query)


def plans_query(
    user_id: int,
    *,
    status: str | None,
    financial_account_id: int | None,
    product_types: Sequence[str],
    strategy_code: str | None = None,
) -> Select[Any]:
    query = select(InvestPlan).where(
        InvestPlan.broker_user_id == user_id, InvestPlan.product_type.in_(product_types)
    )
    if status:
        query = query.where(InvestPlan.status == status)
    if financial_account_id is not None:
        query = query.where(InvestPlan.financial_account_id == financial_account_id)
    if strategy_code:
        query = query.where(InvestPlan.product_code == strategy_code)
    return query


def page_of_plans(
    session: Session, query: Select[Any], *, offset: int, size: int
) -> tuple[list[InvestPlan], int]:
    total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
    order = case((InvestPlan.status == ACTIVE, 0), (InvestPlan.status == "P", 1), else_=2)
    rows = session.scalars(
        query.order_by(order, InvestPlan.created_at.desc(), InvestPlan.id.desc())
        .offset(offset)
        .limit(size)
    ).all()
    return list(rows), int(total)


@dataclass(frozen=True)
class PlanCounts:
    executions: int = 0
    success: int = 0
    fail: int = 0
    invested: Decimal = ZERO


def counts(session: Session, plan_ids: Sequence[int]) -> dict[int, PlanCounts]:
    if not plan_ids:
        return {}
    e = InvestPlanExecution
    rows = session.execute(
        select(
            e.plan_id,
            func.count(),
            func.sum(case((e.status == EXEC_SUCCESS, 1), else_=0)),
            func.sum(case((e.status == EXEC_FAIL, 1), else_=0)),
            func.sum(case((e.status == EXEC_SUCCESS, e.amount), else_=None)),
        )
        .where(e.plan_id.in_(plan_ids))
        .group_by(e.plan_id)
    ).all()
    return {r[0]: PlanCounts(int(r[1]), int(r[2] or 0), int(r[3] or 0), _money(r[4])) for r in rows}


def _money(value: Any) -> Decimal:
    """A SUM over an ExactDecimal column comes back in the column's storage (cents on SQLite)
    unless typed; ``func.sum`` keeps the column type, so this only supplies the zero."""
    return ZERO if value is None else Decimal(value)


@dataclass(frozen=True)
class PlanHolding:
    shares: Decimal = ZERO
    value: Decimal = ZERO
    cost: Decimal = ZERO


def holdings(session: Session, plans: Sequence[InvestPlan]) -> dict[int, PlanHolding]:
    """Each plan's own holding in its current round: Σ confirmed shares of its orders' legs,
    valued per fund at the latest NAV, and their cost (the legs' amounts, fees included)."""
    if not plans:
        return {}
    e, leg = InvestPlanExecution, aliased(TradeOrder)
    rounds = {p.id: p.round for p in plans}
    rows = session.execute(
        select(e.plan_id, e.round, leg.fund_code, leg.confirmed_shares, leg.trade_amount)
        .join(leg, or_(leg.id == e.order_id, leg.parent_id == e.order_id))
        .where(
            e.plan_id.in_(rounds),
            e.status == EXEC_SUCCESS,
            leg.order_code.in_(LEG_CODES),
            leg.confirm_status.in_(CONFIRMED),
        )
    ).all()
    navs = latest_navs(session, {r[2] for r in rows})
    shares_of: dict[tuple[int, str], Decimal] = {}
    cost_of: dict[int, Decimal] = {}
    for plan_id, rnd, fund_code, shares, amount in rows:
        if rnd != rounds[plan_id]:
            continue
        shares_of[plan_id, fund_code] = shares_of.get((plan_id, fund_code), ZERO) + shares
        cost_of[plan_id] = cost_of.get(plan_id, ZERO) + amount
    # each fund's shares valued once, as the holding is (rules.market_value): the legs' values
    # rounded one by one would add up to a cent more or less than the holding shows
    out: dict[int, PlanHolding] = {}
    for (plan_id, fund_code), shares in shares_of.items():
        h = out.get(plan_id, PlanHolding(cost=cost_of[plan_id]))
        value = rules.market_value(shares, navs.get(fund_code, Decimal(1)))
        out[plan_id] = PlanHolding(h.shares + shares, h.value + value, h.cost)
    return out


def latest_navs(session: Session, codes: set[str]) -> dict[str, Decimal]:
    if not codes:
        return {}
    last = (
        select(FundNav.fund_code, func.max(FundNav.nav_date).label("day"))
        .where(FundNav.fund_code.in_(codes))
        .group_by(FundNav.fund_code)
        .subquery()
    )
    rows = session.execute(
        select(FundNav.fund_code, FundNav.nav).join(
            last, and_(last.c.fund_code == FundNav.fund_code, last.c.day == FundNav.nav_date)
        )
    ).all()
    return {r[0]: r[1] for r in rows}


def product_names(session: Session, plans: Sequence[InvestPlan]) -> dict[str, str]:
    codes = {p.product_code for p in plans}
    names = {
        r[0]: r[1]
        for r in session.execute(select(Fund.code, Fund.name).where(Fund.code.in_(codes)))
    }
    names.update(
        {
            r[0]: r[1]
            for r in session.execute(
                select(Portfolio.code, Portfolio.name).where(Portfolio.code.in_(codes))
            )
        }
    )
    return names


def index_names(session: Session, codes: set[str]) -> dict[str, str]:
    if not codes:
        return {}
    rows = session.execute(
        select(BenchmarkIndex.code, BenchmarkIndex.name).where(BenchmarkIndex.code.in_(codes))
    )
    return {r[0]: r[1] for r in rows}


def index_closes(session: Session, code: str, *, upto: Any, limit: int) -> list[Decimal]:
    """The index's last ``limit`` closes on or before ``upto``, oldest first."""
    rows = session.scalars(
        select(BenchmarkPoint.close)
        .where(BenchmarkPoint.index_code == code, BenchmarkPoint.day <= upto)
        .order_by(BenchmarkPoint.day.desc())
        .limit(limit)
    ).all()
    return list(reversed(rows))


def executions_page(
    session: Session, plan_id: int, *, offset: int, size: int
) -> tuple[list[tuple[InvestPlanExecution, TradeOrder | None]], int]:
    e = InvestPlanExecution
    total = session.scalar(select(func.count()).where(e.plan_id == plan_id)) or 0
    rows = session.execute(
        select(e, TradeOrder)
        .outerjoin(TradeOrder, TradeOrder.id == e.order_id)
        .where(e.plan_id == plan_id)
        .order_by(e.due_date.desc(), e.id.desc())
        .offset(offset)
        .limit(size)
    ).all()
    return [(r[0], r[1]) for r in rows], int(total)


def leg_fees(session: Session, parent_ids: Sequence[int]) -> dict[int, Decimal]:
    """A P02 parent's children: Σ fees (not their shares: shares of different funds do not
    add up)."""
    if not parent_ids:
        return {}
    rows = session.execute(
        select(TradeOrder.parent_id, func.sum(TradeOrder.fee))
        .where(TradeOrder.parent_id.in_(parent_ids))
        .group_by(TradeOrder.parent_id)
    ).all()
    return {r[0]: Decimal(r[1]) for r in rows if r[0] is not None}


def rounds(session: Session, plan_id: int) -> list[InvestPlanRound]:
    return list(
        session.scalars(
            select(InvestPlanRound)
            .where(InvestPlanRound.plan_id == plan_id)
            .order_by(InvestPlanRound.round)
        )
    )
