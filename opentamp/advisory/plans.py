"""Deposit-invest plans into a service account (定投, /serviceAccount/depositInvestPlan/*): the
plan engine of docs/plans.md buying the strategy into the service account, so every rule of a
portfolio plan applies (schedule, retries, auto-pause, the purchase path)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from opentamp.advisory import repository as repo
from opentamp.advisory.deposits import require_clear
from opentamp.advisory.schemas import DepositPlanCreateIn, DepositPlanParamOut
from opentamp.errors import NotFound
from opentamp.kit.pagination import PageOut
from opentamp.models.auth import BrokerUser
from opentamp.plans import api as plans

KINDS = ("poFund",)


def create(session: Session, *, user: BrokerUser, body: DepositPlanCreateIn) -> plans.InvestPlanOut:
    sa = repo.active_account(session, user, body.service_account_id)
    require_clear(session, user, sa)
    assert sa.financial_account_id is not None
    return plans.create_plan(
        session,
        user=user,
        body=plans.PlanCreateIn(
            financial_account_id=sa.financial_account_id,
            product_type="poFund",
            product_code=sa.po_code,
            amount=body.amount,
            period_unit=body.period_unit,
            period_interval=body.period_interval,
            period_day=body.period_day,
            period_month=body.period_month,
            pay_type=body.pay_type,
            payment_method_id=body.payment_method_id,
            trade_password=body.trade_password,
            risk_confirmed=body.risk_confirmed,
            trade_uuid=body.trade_uuid,
        ),
        kinds=KINDS,
    )


def _service_plan(session: Session, user: BrokerUser, plan_id: int) -> None:
    """A plan of one of the caller's service accounts; any other answers 404."""
    plan = plans.owned_plan(session, user, plan_id, KINDS)
    if plan.financial_account_id not in {
        sa.financial_account_id for sa in repo.accounts_of(session, user.id)
    }:
        raise NotFound()


def update(session: Session, *, user: BrokerUser, body: plans.PlanUpdateIn) -> plans.InvestPlanOut:
    _service_plan(session, user, body.invest_plan_id)
    return plans.update_plan(session, user=user, body=body, kinds=KINDS)


def act(
    session: Session, *, user: BrokerUser, body: plans.PlanActionIn, action: str
) -> plans.InvestPlanOut:
    _service_plan(session, user, body.invest_plan_id)
    fn = {"pause": plans.pause_plan, "resume": plans.resume_plan, "terminate": plans.terminate_plan}
    return fn[action](session, user=user, body=body, kinds=KINDS)


def detail(session: Session, *, user: BrokerUser, plan_id: int) -> plans.InvestPlanDetailOut:
    _service_plan(session, user, plan_id)
    return plans.plan_detail(session, user=user, plan_id=plan_id, kinds=KINDS)


def executions(
    session: Session, *, user: BrokerUser, plan_id: int, page: int, size: int
) -> PageOut[plans.ExecutionOut]:
    _service_plan(session, user, plan_id)
    return plans.executions(session, user=user, plan_id=plan_id, kinds=KINDS, page=page, size=size)


def param(session: Session, *, user: BrokerUser, service_account_id: int) -> DepositPlanParamOut:
    sa = repo.owned_account(session, user, service_account_id)
    _s, po = repo.strategy(session, sa.po_code)
    return DepositPlanParamOut(
        service_account_id=sa.id,
        po_code=po.code,
        min_amount=po.min_purchase_amount,
        period_units=[0, 1, 2, 3],
        pay_types=["card", "wallet"],
    )
