"""The robo part of the demo world (docs/robo.md#the-demo): the robo strategy ZH000090
智能投顾·目标规划 — an advisory strategy whose portfolio's components are the universe the
optimiser chooses from — and 李明's robo account, signed from a plan built by the optimiser
early in the trading history with 20 000.00 deposited. 王芳, the new investor, has none."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.demo.accounts import deposit_by_card, sign_service_account
from opentamp.demo.world import DemoWorld
from opentamp.kit.clock import now
from opentamp.models.advisory import (
    HALF_DISCRETIONARY,
    AdvisoryFile,
    AdvisoryStrategy,
)
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import PortfolioAdjustment, PortfolioAdjustmentItem
from opentamp.models.products import Fund, Portfolio, PortfolioComponent
from opentamp.models.robo import (
    AUTH_AUTHORIZED,
    PLAN_CONFIRMED,
    SURVEY_SUBMITTED,
    RoboAccount,
    RoboStrategy,
    RoboSurvey,
)
from opentamp.robo import api as robo

ROBO_CODE = "ZH000090"
#: The universe (R1 money, R2 bonds, R3 mixed, R4 equity index, dividend, gold, QDII).
UNIVERSE = (
    "001011",
    "002201",
    "002301",
    "002303",
    "003301",
    "003304",
    "005601",
    "005604",
    "006702",
    "007801",
)
FILES = ("智能投顾服务协议", "投资规划说明书", "风险揭示书")
HOME = ["TOTAL_ASSET", "ASSET_COMPOSITION", "FUND_HOLDINGS", "TRANSACTION_HISTORY"]
LI_MING_ACCOUNT = "智能投顾·稳健增值"
#: The trading-day offset of the history on which 李明 signs and deposits.
SIGN_OFFSET = 6


def seed_robo(session: Session, world: DemoWorld) -> None:
    funds = session.scalars(select(Fund).where(Fund.code.in_(UNIVERSE))).all()
    session.add(
        Portfolio(
            code=ROBO_CODE,
            name="智能投顾·目标规划",
            risk_level=max(f.risk_level for f in funds),
            inception_date=max(f.inception_date for f in funds),
            min_purchase_amount=Decimal("1000.00"),
            description="根据您的投资目标、期限和风险承受能力，由优化模型在基金池中为您配置组合。",
            investment_strategy="均值-方差优化与层次风险平价，按您的风险等级约束可配置的产品。",
            manager_name="智能投顾团队",
            adviser_fee_rate=Decimal("0.004"),
        )
    )
    session.flush()
    weight = Decimal(1) / len(UNIVERSE)
    for code in UNIVERSE:
        session.add(PortfolioComponent(portfolio_code=ROBO_CODE, fund_code=code, weight=weight))
    # The pool's history: set up, then reviewed a year ago (the same funds kept).
    inception = max(f.inception_date for f in funds)
    for day, title, before in (
        (inception, "基金池建立", Decimal(0)),
        (now().date() - timedelta(days=365), "基金池年度检视", weight),
    ):
        record = PortfolioAdjustment(
            portfolio_code=ROBO_CODE,
            adjust_date=day,
            title=title,
            reason="智能投顾基金池：各资产类别中流动性好、运作稳定的基金。",
        )
        session.add(record)
        session.flush()
        for code in UNIVERSE:
            session.add(
                PortfolioAdjustmentItem(
                    adjustment_id=record.id,
                    fund_code=code,
                    weight_before=before,
                    weight_after=weight,
                )
            )
    session.add(
        AdvisoryStrategy(
            po_code=ROBO_CODE,
            discretion_type=HALF_DISCRETIONARY,
            fee_mode="FIXED",
            fee_ratio=Decimal("0.004"),
            charge_period="M",
            components=HOME,
        )
    )
    session.flush()
    for name in FILES:
        session.add(
            AdvisoryFile(
                po_code=ROBO_CODE,
                version=1,
                name=name,
                file_url=f"/h5/files/{ROBO_CODE}/{name}.pdf",
            )
        )
    session.add(RoboStrategy(po_code=ROBO_CODE, active=True))
    session.flush()


def _li_ming_robo(session: Session, user: BrokerUser) -> None:
    """李明 answers the goal survey, takes the balanced plan and deposits 20 000.00 by card."""
    survey = RoboSurvey(
        broker_user_id=user.id,
        name="稳健增值",
        survey_type="GOAL",
        capital_tag="IDLE",
        status=SURVEY_SUBMITTED,
        version=2,
        answers={
            "goal": "WEALTH",
            "horizonMonths": 36,
            "amount": "20000.00",
            "liquidityNeed": "LOW",
            "lossTolerance": "0.20",
        },
        submitted_at=now(),
    )
    session.add(survey)
    session.flush()
    _account, grade = robo.grade_of(session, user)
    plan = robo.build_plan(session, user, survey, grade)
    chosen = next(a for a in plan.allocations if a["allocationId"] == plan.selected_allocation_id)
    sa = sign_service_account(
        session,
        user,
        po_code=ROBO_CODE,
        name=LI_MING_ACCOUNT,
        kind="robo_service",
        serial="00000190",
    )
    session.add(
        RoboAccount(
            service_account_id=sa.id,
            broker_user_id=user.id,
            plan_id=plan.id,
            name=LI_MING_ACCOUNT,
            weights=dict(chosen["weights"]),
            risk_level=int(chosen["riskLevel"]),
        )
    )
    plan.status = PLAN_CONFIRMED
    plan.service_account_id = sa.id
    plan.confirmed_at = sa.signed_at
    if plan.authorization_code == 0:
        plan.authorization_code = AUTH_AUTHORIZED
    session.flush()
    deposit_by_card(
        session,
        user,
        sa,
        amount=Decimal("20000.00"),
        trade_uuid="demo-robo-deposit",
        weights=robo.weights_of(chosen),
        level=int(chosen["riskLevel"]),
    )


#: What happens on which trading day of the history, as demo/trading.py runs it.
ACTIONS: dict[int, list[Callable[[Session, BrokerUser], None]]] = {SIGN_OFFSET: [_li_ming_robo]}
