"""The robo part of the demo world (docs/robo.md#the-demo): the robo strategy ZH000090
智能投顾·目标规划 — an advisory strategy whose portfolio's components are the universe the
optimiser chooses from — and 李明's robo account, signed from a plan built by the optimiser
early in the trading history with 20 000.00 deposited. 王芳, the new investor, has none."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.advisory import api as advisory
from opentamp.demo.accounts import DEMO_TRADE_PASSWORD
from opentamp.demo.world import DemoWorld
from opentamp.kit.clock import now
from opentamp.models.accounts import Account, FinancialAccount, PaymentMethod
from opentamp.models.advisory import (
    HALF_DISCRETIONARY,
    IN_FORCE,
    AdvisoryFile,
    AdvisoryStrategy,
    ServiceAccount,
)
from opentamp.models.auth import BrokerUser
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
from opentamp.trading import api as trading

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
    account = session.scalar(select(Account).where(Account.broker_user_id == user.id))
    assert account is not None
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
    last = session.scalar(
        select(func.max(FinancialAccount.sort_order)).where(
            FinancialAccount.account_id == account.id
        )
    )
    fa = FinancialAccount(
        broker_user_id=user.id,
        account_id=account.id,
        name=LI_MING_ACCOUNT,
        type="robo_service",
        sort_order=(last or 0) + 1,
    )
    session.add(fa)
    session.flush()
    moment = now()
    files = session.scalars(select(AdvisoryFile.id).where(AdvisoryFile.po_code == ROBO_CODE)).all()
    sa = ServiceAccount(
        broker_user_id=user.id,
        account_id=account.id,
        po_code=ROBO_CODE,
        financial_account_id=fa.id,
        contract_no=f"TG{moment:%Y%m%d}00000190",
        contract_status=IN_FORCE,
        signed_file_ids=sorted(files),
        signed_at=moment,
        cooling_off_until=moment + timedelta(hours=24),
    )
    session.add(sa)
    session.flush()
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
    plan.confirmed_at = moment
    if plan.authorization_code == 0:
        plan.authorization_code = AUTH_AUTHORIZED
    session.flush()
    card = session.scalar(
        select(PaymentMethod.id).where(
            PaymentMethod.broker_user_id == user.id, PaymentMethod.is_signed.is_(True)
        )
    )
    order = trading.buy_po(
        session,
        user=user,
        body=trading.BuyPoIn(
            financial_account_id=fa.id,
            po_code=ROBO_CODE,
            amount=Decimal("20000.00"),
            payment_method_id=card,
            trade_password=DEMO_TRADE_PASSWORD,
            risk_confirmed=True,
            trade_uuid="demo-robo-deposit",
        ),
        weights=robo.weights_of(chosen),
        level=int(chosen["riskLevel"]),
    )
    advisory.mark_service_order(session, order.broker_order_no, sa)


#: What happens on which trading day of the history, as demo/trading.py runs it.
ACTIONS: dict[int, list[Callable[[Session, BrokerUser], None]]] = {SIGN_OFFSET: [_li_ming_robo]}
