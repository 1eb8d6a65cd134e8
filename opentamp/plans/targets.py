"""Take-profit plans (目标止盈定投, docs/plans.md "Take-profit plans"): after D's valuation, a
plan whose own holding of the current round returns at least its target records the round and
runs its action:

- ``keepOn``: the plan keeps buying; a new round starts (its holding counts from there);
- ``hold``: the plan stops buying (paused, 已达目标收益，已停止扣款并继续持有) and keeps the shares;
- ``redeem``: the round's shares are redeemed to the wallet (024 per fund, placed after D's
  cut-off so priced at the next trading day's NAV) and the plan ends (terminated);
- ``rolling``: the round's shares are redeemed to the wallet and a new round starts.

The figures of every take-profit plan are read in one pass (``repository.holdings``); only the
plans that reached their target are handled one by one (a redemption per fund they hold).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, time
from decimal import Decimal

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from opentamp.core.calendar import get_calendar
from opentamp.kit.clock import BEIJING
from opentamp.models.accounts import FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.orders import TradeOrder
from opentamp.models.plans import (
    EXEC_ACTIVE,
    EXEC_SUCCESS,
    EXEC_TERMINATED,
    PAUSED,
    PORTFOLIO,
    STRATEGY,
    TERMINATED,
    InvestPlan,
    InvestPlanExecution,
    InvestPlanRound,
)
from opentamp.models.products import Fund
from opentamp.plans import repository as repo
from opentamp.rules import plans as plan_rules
from opentamp.trading import api as trading

HOLD_REASON = "已达目标收益，已停止扣款并继续持有"
REDEEM_REASON = "已达目标收益，本轮持仓已赎回至钱包，计划已结束"
#: Redemptions of a reached round are placed at the day's close, after its cut-off.
REDEEM_TIME = time(20, 0)


def reach_targets(session: Session, plans: Sequence[InvestPlan], day: date) -> int:
    figures = repo.holdings(session, plans)
    reached = 0
    for plan in plans:
        h = figures.get(plan.id)
        assert plan.target_rate is not None
        if h is None or not plan_rules.target_reached(h.cost, h.value, plan.target_rate):
            continue
        if session.get(InvestPlanRound, (plan.id, plan.round)) is not None:
            continue
        order_id = None
        if plan.target_action in ("redeem", "rolling"):
            order_id = _redeem_round(session, plan, day)
        session.add(
            InvestPlanRound(
                plan_id=plan.id,
                round=plan.round,
                start_date=plan.round_start_date,
                end_date=day,
                invested=h.cost,
                value=h.value,
                return_rate=plan_rules.return_rate(h.cost, h.value),
                action=plan.target_action or "keepOn",
                reached_date=day,
                order_id=order_id,
            )
        )
        if plan.target_action == "hold":
            plan.status, plan.status_reason, plan.next_date = PAUSED, HOLD_REASON, None
        elif plan.target_action == "redeem":
            plan.status, plan.status_reason, plan.next_date = TERMINATED, REDEEM_REASON, None
            session.execute(
                update(InvestPlanExecution)
                .where(
                    InvestPlanExecution.plan_id == plan.id,
                    InvestPlanExecution.status == EXEC_ACTIVE,
                )
                .values(status=EXEC_TERMINATED, next_try=None),
                execution_options={"synchronize_session": False},
            )
        else:
            plan.round += 1
            plan.round_start_date = plan.next_date or get_calendar().next_trading_day(day)
        reached += 1
    session.flush()
    return reached


def _redeem_round(session: Session, plan: InvestPlan, day: date) -> int | None:
    """024 to the wallet for each fund of the round's confirmed shares (capped at what the
    holding has available; all of it when the rest would fall below the minimum holding).
    Returns the first order's id."""
    e, leg = InvestPlanExecution, TradeOrder
    rows = session.execute(
        select(leg.fund_code, leg.confirmed_shares)
        .join(e, (leg.id == e.order_id) | (leg.parent_id == e.order_id))
        .where(
            e.plan_id == plan.id,
            e.round == plan.round,
            e.status == EXEC_SUCCESS,
            leg.order_code.in_(repo.LEG_CODES),
            leg.confirm_status.in_(repo.CONFIRMED),
        )
    ).all()
    per_fund: dict[str, Decimal] = {}
    for code, shares in rows:
        per_fund[code] = per_fund.get(code, Decimal("0.00")) + shares
    user = session.get(BrokerUser, plan.broker_user_id)
    fa = session.get(FinancialAccount, plan.financial_account_id)
    assert user is not None and fa is not None
    portfolio_code = plan.product_code if plan.product_type in (PORTFOLIO, STRATEGY) else ""
    moment = datetime.combine(day, REDEEM_TIME, tzinfo=BEIJING)
    first: int | None = None
    for i, (code, shares) in enumerate(sorted(per_fund.items()), start=1):
        fund = session.get(Fund, code)
        holding = trading.holding(
            session, financial_account_id=fa.id, fund_code=code, portfolio_code=portfolio_code,
            lock=True,
        )  # fmt: skip
        if fund is None or holding is None:
            continue
        available = trading.available_shares(holding)
        take = min(shares, available)
        if 0 < available - take < fund.min_hold_shares:
            take = available
        if take <= 0:
            continue
        order = trading.redeem_child(
            session, user=user, fa=fa, holding=holding, fund=fund, shares=take, moment=moment,
            redeem_to="wallet", card=None,
            order_no=f"{moment:%Y%m%d%H%M%S}T{plan.id % 10**9:09d}{i:02d}",
        )  # fmt: skip
        order.ext_meta_info = {"investPlanId": plan.id, "targetRound": plan.round}
        first = first or order.id
    session.flush()
    return first
