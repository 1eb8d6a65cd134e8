"""Goal surveys, investment plans and the risk permission (docs/robo.md).

A survey's answers are merged on every save; submitting a complete survey builds a plan of 2–4
alternatives for that survey version (the optimiser over the robo strategy's universe, limited
by the investor's grade). Reopening a survey (updateVersion) raises its version and expires
its draft plan, so a confirm or a change that still carries the old version answers 69306.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from opentamp.core import caller
from opentamp.kit.clock import now
from opentamp.kit.money import round_amount
from opentamp.models.accounts import Account
from opentamp.models.auth import BrokerUser
from opentamp.models.products import Fund
from opentamp.models.robo import (
    AUTH_AUTHORIZED,
    AUTH_AWAITING,
    AUTH_BLANK,
    AUTH_REFUSED,
    PLAN_CONFIRMED,
    PLAN_DRAFT,
    PLAN_EXPIRED,
    SURVEY_DELETED,
    SURVEY_DRAFT,
    SURVEY_SUBMITTED,
    RoboPlan,
    RoboRiskDecision,
    RoboSurvey,
)
from opentamp.products import api as products
from opentamp.robo import backtest as bt
from opentamp.robo import optimiser as opt
from opentamp.robo import repository as repo
from opentamp.robo.errors import (
    AllocationUnknown,
    AnswerInvalid,
    AuthorizationNeeded,
    NoAuthorizationNeeded,
    NoRiskGrade,
    NoUniverse,
    PlanConfirmed,
    SurveyChanged,
    SurveyClosed,
    SurveyIncomplete,
)
from opentamp.robo.schemas import (
    AllocationItemOut,
    AllocationListOut,
    AllocationOut,
    AssetClassOut,
    BacktestOut,
    BacktestSummaryOut,
    BucketOut,
    ChangeAllocationIn,
    DecisionOut,
    FanPointOut,
    HoldingExperienceOut,
    OverLevelProductOut,
    PercentilesOut,
    PlanningOut,
    PointOut,
    RiskPermissionOut,
    SurveyAnswers,
    SurveyCreateIn,
    SurveyCreateOut,
    SurveyDeleteOut,
    SurveyOut,
    SurveySaveIn,
    SurveySubmitIn,
    SurveySubmitOut,
)
from opentamp.rules.suitability import GRADE_NAMES, LEVEL_NAMES, RiskMatch, risk_match

ANSWER_FIELDS = {
    "goal": "投资目标",
    "horizonMonths": "投资期限",
    "amount": "投资金额",
    "liquidityNeed": "流动性需求",
    "lossTolerance": "可承受亏损",
}
MIN_HORIZON, MAX_HORIZON = 6, 360


# -- the investor -----------------------------------------------------------------------------


def grade_of(session: Session, user: BrokerUser) -> tuple[Account, int]:
    """The caller's valid grade C1..C5 (69301 without one)."""
    account = caller.require_account(session, user)
    verdict = risk_match(
        grade=account.risk_grade5,
        assessed_at=account.risk_assessed_at,
        product_level=1,
        moment=now(),
    )
    if verdict is RiskMatch.NO_VALID_GRADE or not account.risk_grade5:
        raise NoRiskGrade()
    return account, account.risk_grade5


# -- survey -----------------------------------------------------------------------------------


def _answers(raw: dict[str, Any]) -> SurveyAnswers:
    return SurveyAnswers.model_validate(raw)


def missing_fields(raw: dict[str, Any]) -> list[str]:
    return [name for key, name in ANSWER_FIELDS.items() if raw.get(key) in (None, "")]


def _check_answers(answers: SurveyAnswers) -> None:
    h = answers.horizon_months
    if h is not None and not MIN_HORIZON <= h <= MAX_HORIZON:
        raise AnswerInvalid("投资期限需在6至360个月之间")


def survey_out(session: Session, s: RoboSurvey) -> SurveyOut:
    plan = repo.latest_plan(session, s.id)
    return SurveyOut(
        survey_id=s.id,
        survey_name=s.name,
        survey_type=s.survey_type,
        capital_tag=s.capital_tag,
        status=s.status,
        version=s.version,
        answers=_answers(s.answers),
        missing_fields=missing_fields(s.answers),
        planning_id=plan.id if plan is not None and plan.status != PLAN_EXPIRED else None,
        created_at=s.created_at,
        updated_at=s.updated_at,
        submitted_at=s.submitted_at,
    )


def create_survey(session: Session, *, user: BrokerUser, body: SurveyCreateIn) -> SurveyCreateOut:
    caller.require_account(session, user)
    s = RoboSurvey(
        broker_user_id=user.id,
        name=body.survey_name,
        survey_type=body.survey_type,
        capital_tag=body.capital_tag,
        status=SURVEY_DRAFT,
        version=1,
        answers={},
    )
    session.add(s)
    session.flush()
    return SurveyCreateOut(survey_id=s.id, version=s.version)


def get_survey(session: Session, *, user: BrokerUser, survey_id: int | None) -> SurveyOut | None:
    s = repo.survey(session, user, survey_id) if survey_id else repo.latest_survey(session, user)
    return survey_out(session, s) if s is not None else None


def _merge(s: RoboSurvey, answers: SurveyAnswers) -> None:
    _check_answers(answers)
    new = answers.model_dump(mode="json", by_alias=True, exclude_none=True)
    s.answers = {**s.answers, **new}
    s.version += 1


def save_survey(session: Session, *, user: BrokerUser, body: SurveySaveIn) -> SurveyOut:
    s = repo.survey(session, user, body.survey_id)
    if s.status != SURVEY_DRAFT:
        raise SurveyClosed()
    _merge(s, body.answers)
    session.flush()
    return survey_out(session, s)


def submit_survey(session: Session, *, user: BrokerUser, body: SurveySubmitIn) -> SurveySubmitOut:
    s = repo.survey(session, user, body.survey_id)
    if s.status != SURVEY_DRAFT:
        raise SurveyClosed()
    _account, grade = grade_of(session, user)
    if body.answers is not None:
        _merge(s, body.answers)
    else:
        s.version += 1
    missing = missing_fields(s.answers)
    if missing:
        raise SurveyIncomplete(fields="、".join(missing))
    s.status = SURVEY_SUBMITTED
    s.submitted_at = now()
    plan = build_plan(session, user, s, grade)
    return SurveySubmitOut(survey_id=s.id, version=s.version, planning_id=plan.id)


def _expire_drafts(session: Session, s: RoboSurvey) -> None:
    for p in repo.plans_of_survey(session, s.id):
        if p.status == PLAN_DRAFT:
            p.status = PLAN_EXPIRED


def delete_survey(session: Session, *, user: BrokerUser, body_id: int) -> SurveyDeleteOut:
    s = repo.survey(session, user, body_id)
    _expire_drafts(session, s)
    s.status = SURVEY_DELETED
    session.flush()
    return SurveyDeleteOut(survey_id=s.id, status=s.status)


def update_version(session: Session, *, user: BrokerUser, survey_id: int) -> SurveyOut:
    """Reopen a submitted survey for editing: a new version, its draft plan expired."""
    s = repo.survey(session, user, survey_id)
    _expire_drafts(session, s)
    s.status = SURVEY_DRAFT
    s.submitted_at = None
    s.version += 1
    session.flush()
    return survey_out(session, s)


# -- the plan ---------------------------------------------------------------------------------


def fund_points(session: Session, funds: dict[str, Fund]) -> dict[str, list[products.Point]]:
    return {code: products.fund_series(session, f).values for code, f in funds.items()}


def build_plan(session: Session, user: BrokerUser, s: RoboSurvey, grade: int) -> RoboPlan:
    strategy = repo.strategy(session)
    universe = repo.universe(session, strategy.po_code)
    points = fund_points(session, universe)
    frame = opt.price_frame(points)
    answers = _answers(s.answers)
    alternatives = opt.alternatives(
        frame,
        {c: f.risk_level for c, f in universe.items()},
        grade,
        Decimal(answers.loss_tolerance) if answers.loss_tolerance else None,
    )
    if not alternatives:
        raise NoUniverse()
    stored: list[dict[str, Any]] = [
        {
            "allocationId": f"{a.method}",
            "method": a.method,
            "weights": {c: f"{w}" for c, w in a.weights.items()},
            "expectedReturn": f"{a.expected_return}",
            "expectedVolatility": f"{a.volatility}",
            "sharpe": f"{a.sharpe}" if a.sharpe is not None else None,
            "riskLevel": max(universe[c].risk_level for c in a.weights),
        }
        for a in alternatives
    ]
    # The proposal matching the grade's budget is selected first, else the first one.
    first = next((a for a in stored if a["method"] == opt.TARGET_RISK), stored[0])
    plan = RoboPlan(
        survey_id=s.id,
        broker_user_id=user.id,
        survey_version=s.version,
        status=PLAN_DRAFT,
        risk_grade=grade,
        allocations=stored,
        selected_allocation_id=first["allocationId"],
        authorization_code=AUTH_AWAITING if int(first["riskLevel"]) > grade else AUTH_BLANK,
    )
    session.add(plan)
    session.flush()
    return plan


def _allocation(plan: RoboPlan, allocation_id: str) -> dict[str, Any]:
    for a in plan.allocations:
        if a["allocationId"] == allocation_id:
            return a
    raise AllocationUnknown()


def weights_of(a: dict[str, Any]) -> dict[str, Decimal]:
    return {c: Decimal(w) for c, w in a["weights"].items()}


def _summary_out(summary: bt.Summary | None) -> BacktestSummaryOut | None:
    if summary is None:
        return None
    return BacktestSummaryOut(
        start_date=summary.start,
        end_date=summary.end,
        cumulative_return=products.rate(summary.cumulative_return),
        annual_return=products.rate(summary.annual_return),
        annual_volatility=products.rate(summary.annual_volatility),
        max_drawdown=products.rate(summary.max_drawdown),
        max_drawdown_start=summary.drawdown_start,
        max_drawdown_end=summary.drawdown_end,
        recovery_date=summary.recovery_date,
        recovery_days=summary.recovery_days,
        loss_probability=products.rate(summary.loss_probability),
        median_return=products.rate(summary.median_return),
        horizon_months=summary.horizon_months,
    )


@dataclass(frozen=True)
class _Context:
    funds: dict[str, Fund]
    points: dict[str, list[products.Point]]
    horizon: int
    amount: Decimal
    grade: int


def _context(session: Session, plan: RoboPlan) -> _Context:
    s = session.get(RoboSurvey, plan.survey_id)
    assert s is not None
    answers = _answers(s.answers)
    codes = sorted({c for a in plan.allocations for c in a["weights"]})
    funds = repo.funds(session, codes)
    return _Context(
        funds=funds,
        points=fund_points(session, funds),
        horizon=answers.horizon_months or 12,
        amount=answers.amount or Decimal(0),
        grade=plan.risk_grade,
    )


def _allocation_out(plan: RoboPlan, a: dict[str, Any], ctx: _Context) -> AllocationOut:
    weights = weights_of(a)
    classes: dict[str, Decimal] = {}
    items = []
    for code, w in weights.items():
        f = ctx.funds[code]
        asset_class = products.ASSET_CLASSES.get(f.fund_type, "其他")
        classes[asset_class] = classes.get(asset_class, Decimal(0)) + w
        items.append(
            AllocationItemOut(
                fund_code=code,
                fund_name=f.short_name,
                fund_type=products.fund_type_name(f.fund_type),
                asset_class=asset_class,
                risk_level=f.risk_level,
                weight=w,
                amount=round_amount(ctx.amount * w),
                exceeds_grade=f.risk_level > ctx.grade,
            )
        )
    level = int(a["riskLevel"])
    series = bt.series(ctx.points, weights)
    return AllocationOut(
        allocation_id=a["allocationId"],
        method=a["method"],
        name=opt.METHOD_NAMES[a["method"]],
        risk_level=level,
        risk_level_name=LEVEL_NAMES.get(level, ""),
        exceeds_grade=level > ctx.grade,
        expected_return=Decimal(a["expectedReturn"]),
        expected_volatility=Decimal(a["expectedVolatility"]),
        sharpe=Decimal(a["sharpe"]) if a.get("sharpe") is not None else None,
        selected=a["allocationId"] == plan.selected_allocation_id,
        items=items,
        asset_classes=[
            AssetClassOut(asset_class=k, weight=v)
            for k, v in sorted(classes.items(), key=lambda kv: -kv[1])
        ],
        backtest=_summary_out(bt.summary(series, ctx.horizon)),
    )


def planning_out(session: Session, plan: RoboPlan) -> PlanningOut:
    ctx = _context(session, plan)
    return PlanningOut(
        planning_id=plan.id,
        po_code=repo.strategy(session).po_code,
        survey_id=plan.survey_id,
        survey_version=plan.survey_version,
        source=plan.source,
        reason=plan.reason,
        status=plan.status,
        risk_grade=plan.risk_grade,
        risk_grade_name=GRADE_NAMES.get(plan.risk_grade, ""),
        target_volatility=Decimal(str(opt.GRADE_BUDGET[plan.risk_grade])),
        horizon_months=ctx.horizon,
        amount=ctx.amount,
        authorization_code=plan.authorization_code,
        selected_allocation_id=plan.selected_allocation_id,
        service_account_id=plan.service_account_id,
        created_at=plan.created_at,
        confirmed_at=plan.confirmed_at,
        allocations=[_allocation_out(plan, a, ctx) for a in plan.allocations],
    )


def _current_plan(session: Session, user: BrokerUser, survey_id: int) -> RoboPlan:
    s = repo.survey(session, user, survey_id)
    plan = repo.latest_plan(session, s.id)
    if plan is None or plan.status == PLAN_EXPIRED:
        raise SurveyIncomplete(fields="、".join(missing_fields(s.answers)) or "请先提交问卷")
    return plan


def allocation_list(session: Session, *, user: BrokerUser, survey_id: int) -> AllocationListOut:
    plan = _current_plan(session, user, survey_id)
    out = planning_out(session, plan)
    return AllocationListOut(
        planning_id=plan.id,
        po_code=out.po_code,
        survey_version=plan.survey_version,
        risk_grade=plan.risk_grade,
        selected_allocation_id=plan.selected_allocation_id,
        authorization_code=plan.authorization_code,
        list=out.allocations,
    )


def planning_detail(session: Session, *, user: BrokerUser, planning_id: int) -> PlanningOut:
    return planning_out(session, repo.plan(session, user, planning_id))


def draft_detail(
    session: Session, *, user: BrokerUser, survey_id: int | None, planning_id: int | None
) -> PlanningOut | None:
    """A draft plan: by id, the survey's current one, or (neither given) the latest adviser
    proposal waiting for the caller (docs/robo.md#adviser-proposals)."""
    if planning_id is not None:
        plan: RoboPlan | None = repo.plan(session, user, planning_id)
    elif survey_id is not None:
        plan = repo.latest_plan(session, repo.survey(session, user, survey_id).id)
    else:
        plan = repo.latest_proposal(session, user)
    if plan is None or plan.status != PLAN_DRAFT:
        return None
    return planning_out(session, plan)


def check_version(session: Session, plan: RoboPlan, survey_version: int) -> RoboSurvey:
    """The version check: the plan is the survey's current one and the client saw it."""
    s = session.get(RoboSurvey, plan.survey_id)
    assert s is not None
    if plan.status == PLAN_CONFIRMED:
        raise PlanConfirmed()
    if (
        plan.status == PLAN_EXPIRED
        or s.status != SURVEY_SUBMITTED
        or plan.survey_version != s.version
        or survey_version != s.version
    ):
        raise SurveyChanged()
    return s


def change_allocation(
    session: Session, *, user: BrokerUser, body: ChangeAllocationIn
) -> PlanningOut:
    plan = repo.plan(session, user, body.planning_id)
    check_version(session, plan, body.survey_version)
    a = _allocation(plan, body.allocation_id)
    plan.selected_allocation_id = a["allocationId"]
    plan.authorization_code = AUTH_AWAITING if a["riskLevel"] > plan.risk_grade else AUTH_BLANK
    session.flush()
    return planning_out(session, plan)


def require_authorised(plan: RoboPlan) -> dict[str, Any]:
    a = _allocation(plan, plan.selected_allocation_id)
    if a["riskLevel"] > plan.risk_grade and plan.authorization_code != AUTH_AUTHORIZED:
        raise AuthorizationNeeded()
    return a


# -- backtest ---------------------------------------------------------------------------------


def _points_out(points: Sequence[tuple[date, Decimal]]) -> list[PointOut]:
    return [PointOut(date=d, value=products.rate(v)) for d, v in points]


def _pct_out(p: dict[int, Decimal]) -> PercentilesOut:
    r = products.rate
    return PercentilesOut(p5=r(p[5]), p25=r(p[25]), p50=r(p[50]), p75=r(p[75]), p95=r(p[95]))


def backtest_detail(
    session: Session, *, user: BrokerUser, planning_id: int, allocation_id: str | None
) -> BacktestOut:
    plan = repo.plan(session, user, planning_id)
    a = _allocation(plan, allocation_id or plan.selected_allocation_id)
    ctx = _context(session, plan)
    series = bt.series(ctx.points, weights_of(a))
    summary = _summary_out(bt.summary(series, ctx.horizon))
    if summary is None:
        raise NoUniverse()
    months = bt.window_months(ctx.horizon)
    rolled = bt.rolling(series, months)
    ordered = sorted(r for _d, r in rolled)
    return BacktestOut(
        **summary.model_dump(),
        planning_id=plan.id,
        allocation_id=a["allocationId"],
        series=_points_out(series),
        drawdown=_points_out(bt.drawdown_curve(series)),
        rolling=_points_out(rolled),
        percentiles=_pct_out(bt.percentiles(ordered)),
        distribution=[
            BucketOut.model_validate(
                {"from": products.rate(lo), "to": products.rate(hi), "count": n}
            )
            for lo, hi, n in bt.distribution(ordered)
        ],
        windows=len(ordered),
        fan=[FanPointOut(month=m, **_pct_out(p).model_dump()) for m, p in bt.fan(series, months)],
    )


def holding_experience(
    session: Session,
    *,
    user: BrokerUser,
    planning_id: int,
    allocation_id: str | None,
    hold_months: int | None,
) -> HoldingExperienceOut:
    plan = repo.plan(session, user, planning_id)
    a = _allocation(plan, allocation_id or plan.selected_allocation_id)
    ctx = _context(session, plan)
    months = bt.window_months(hold_months or ctx.horizon)
    series = bt.series(ctx.points, weights_of(a))
    ordered = sorted(r for _d, r in bt.rolling(series, months))
    n = len(ordered)
    zero = Decimal(0)
    p = bt.percentiles(ordered)
    r = products.rate
    return HoldingExperienceOut(
        planning_id=plan.id,
        allocation_id=a["allocationId"],
        hold_months=months,
        windows=n,
        loss_probability=r(Decimal(sum(1 for x in ordered if x < 0)) / n) if n else zero,
        profit_probability=r(Decimal(sum(1 for x in ordered if x > 0)) / n) if n else zero,
        median_return=r(p[50]),
        p5=r(p[5]),
        p95=r(p[95]),
        best_return=r(ordered[-1]) if n else zero,
        worst_return=r(ordered[0]) if n else zero,
    )


# -- risk permission --------------------------------------------------------------------------


def risk_permission(session: Session, *, user: BrokerUser, planning_id: int) -> RiskPermissionOut:
    plan = repo.plan(session, user, planning_id)
    return _permission_out(session, plan)


def _permission_out(session: Session, plan: RoboPlan) -> RiskPermissionOut:
    a = _allocation(plan, plan.selected_allocation_id)
    funds = repo.funds(session, list(a["weights"]))
    over = [
        OverLevelProductOut(
            fund_code=c,
            fund_name=funds[c].short_name,
            risk_level=funds[c].risk_level,
            risk_level_name=LEVEL_NAMES.get(funds[c].risk_level, ""),
            weight=Decimal(w),
        )
        for c, w in a["weights"].items()
        if funds[c].risk_level > plan.risk_grade
    ]
    grade_name = GRADE_NAMES.get(plan.risk_grade, "")
    warning = (
        f"您的风险承受能力为{grade_name}（C{plan.risk_grade}），该方案中以下产品的风险等级超出"
        "您的风险承受能力。授权后将按方案配置；拒绝授权将从方案中移除这些产品。"
        if over
        else "该方案的产品均在您的风险承受能力之内。"
    )
    return RiskPermissionOut(
        planning_id=plan.id,
        authorization_code=plan.authorization_code,
        risk_grade=plan.risk_grade,
        risk_grade_name=grade_name,
        allocation_id=a["allocationId"],
        warning=warning,
        products=over,
        history=[
            DecisionOut(
                decision=d.decision,
                allocation_id=d.allocation_id,
                fund_codes=list(d.fund_codes),
                decided_at=d.decided_at,
            )
            for d in repo.decisions(session, plan.id)
        ],
    )


def decide(session: Session, *, user: BrokerUser, planning_id: int, code: int) -> RiskPermissionOut:
    """Authorise (1) or refuse (2) the selected allocation's above-grade products; a refusal
    removes them, their weight spread pro rata over the rest. Each decision is recorded."""
    plan = repo.plan(session, user, planning_id)
    if plan.status == PLAN_CONFIRMED:
        raise PlanConfirmed()
    if plan.status == PLAN_EXPIRED:
        raise SurveyChanged()
    if plan.authorization_code == AUTH_BLANK:
        raise NoAuthorizationNeeded()
    a = _allocation(plan, plan.selected_allocation_id)
    funds = repo.funds(session, list(a["weights"]))
    over = [c for c in a["weights"] if funds[c].risk_level > plan.risk_grade]
    if not over:
        raise NoAuthorizationNeeded()
    session.add(
        RoboRiskDecision(
            plan_id=plan.id,
            broker_user_id=user.id,
            allocation_id=a["allocationId"],
            decision=code,
            fund_codes=over,
        )
    )
    plan.authorization_code = AUTH_AUTHORIZED if code == AUTH_AUTHORIZED else AUTH_REFUSED
    if code == AUTH_REFUSED:
        kept = {c: float(w) for c, w in a["weights"].items() if c not in over}
        if not kept:
            raise NoUniverse("拒绝授权后方案中已无可配置的产品，请选择其他方案")
        weights = opt.exact_weights(kept)
        ctx_funds = repo.funds(session, list(weights))
        new = dict(a)
        new["weights"] = {c: f"{w}" for c, w in weights.items()}
        new["riskLevel"] = max(ctx_funds[c].risk_level for c in weights)
        strategy_universe = repo.universe(session, repo.strategy(session).po_code)
        points = fund_points(session, {c: strategy_universe[c] for c in weights})
        frame = opt.price_frame(points)
        ret, vol, sharpe = opt.figures(weights, frame)
        new["expectedReturn"], new["expectedVolatility"] = f"{ret}", f"{vol}"
        new["sharpe"] = f"{sharpe}" if sharpe is not None else None
        plan.allocations = [
            new if x["allocationId"] == a["allocationId"] else x for x in plan.allocations
        ]
    session.flush()
    return _permission_out(session, plan)
