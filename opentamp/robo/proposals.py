"""An adviser's investment proposal (投资建议书, docs/robo.md#adviser-proposals): the adviser
drafts an allocation over the robo strategy's universe for one customer of the broker; the
customer sees it as a draft plan (fa/proposalDraft, proposalDetail), authorises its above-grade
products like any plan and signs it with confirmRoboInvestmentPlanning and signDeposit, which
opens a robo account. A proposal is a plan of one allocation (``ADVISER``) over a survey the
adviser fills with the amount and the horizon."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from opentamp.errors import NotFound
from opentamp.kit.clock import now
from opentamp.models.auth import BrokerUser
from opentamp.models.robo import (
    AUTH_AWAITING,
    AUTH_BLANK,
    PLAN_DRAFT,
    SOURCE_ADVISER,
    SURVEY_SUBMITTED,
    RoboPlan,
    RoboSurvey,
)
from opentamp.robo import optimiser as opt
from opentamp.robo import planning
from opentamp.robo import repository as repo
from opentamp.robo.errors import AnswerInvalid
from opentamp.robo.schemas import PlanningOut, ProposalIn

ADVISER_ALLOCATION = "ADVISER"


def draft(session: Session, *, broker_id: int, operator_id: int, body: ProposalIn) -> PlanningOut:
    customer = session.get(BrokerUser, body.broker_user_id)
    if customer is None or customer.broker_id != broker_id:
        raise NotFound()
    _account, grade = planning.grade_of(session, customer)
    universe = repo.universe(session, repo.strategy(session).po_code)
    weights: dict[str, Decimal] = {}
    for item in body.weight_list:
        if item.fund_code not in universe:
            raise AnswerInvalid(f"{item.fund_code}不在智能投顾基金池中")
        weights[item.fund_code] = weights.get(item.fund_code, Decimal(0)) + item.weight
    if sum(weights.values()) != 1:
        raise AnswerInvalid("各基金权重之和需为1")
    survey = RoboSurvey(
        broker_user_id=customer.id,
        name=body.proposal_name,
        survey_type="PROPOSAL",
        capital_tag="IDLE",
        status=SURVEY_SUBMITTED,
        version=1,
        answers={"horizonMonths": body.horizon_months, "amount": f"{body.amount}"},
        submitted_at=now(),
    )
    session.add(survey)
    session.flush()
    frame = opt.price_frame(planning.fund_points(session, {c: universe[c] for c in weights}))
    ret, vol, sharpe = opt.figures(weights, frame)
    level = max(universe[c].risk_level for c in weights)
    allocation: dict[str, Any] = {
        "allocationId": ADVISER_ALLOCATION,
        "method": ADVISER_ALLOCATION,
        "weights": {c: f"{w}" for c, w in weights.items()},
        "expectedReturn": f"{ret}",
        "expectedVolatility": f"{vol}",
        "sharpe": f"{sharpe}" if sharpe is not None else None,
        "riskLevel": level,
    }
    plan = RoboPlan(
        survey_id=survey.id,
        broker_user_id=customer.id,
        survey_version=survey.version,
        source=SOURCE_ADVISER,
        advisor_id=operator_id,
        reason=body.reason,
        status=PLAN_DRAFT,
        risk_grade=grade,
        allocations=[allocation],
        selected_allocation_id=ADVISER_ALLOCATION,
        authorization_code=AUTH_AWAITING if level > grade else AUTH_BLANK,
    )
    session.add(plan)
    session.flush()
    return planning.planning_out(session, plan)
