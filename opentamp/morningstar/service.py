"""The Morningstar questionnaire, the portfolio diagnosis of the current holdings and the
investment proposal drawn from it (docs/morningstar.md)."""

from __future__ import annotations

import json
import secrets
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from sqlalchemy.orm import Session

from opentamp.kit.clock import now
from opentamp.models.auth import BrokerUser
from opentamp.models.morningstar import (
    PROPOSAL_CONFIRMED,
    PROPOSAL_PENDING,
    MsDiagnosis,
    MsProposal,
    MsSurvey,
)
from opentamp.models.products import Fund
from opentamp.morningstar import errors, questionnaire, repository
from opentamp.morningstar.diagnosis import (
    EQUITY_CLASSES,
    HeldFund,
    Inputs,
    diagnose,
    money,
    share,
)
from opentamp.morningstar.schemas import (
    DiagnosisOut,
    MsOptionOut,
    MsQuestionOut,
    MsSurveyDetailOut,
    MsSurveyResultOut,
    MsSurveySubmitIn,
    ProposalBaseOut,
    ProposalDetailOut,
    ProposalLineOut,
    ProposalRiskOut,
    ScorePoint,
    SectionsOut,
    StatisticsOut,
)
from opentamp.products.api import (
    ASSET_CLASSES,
    benchmark_series,
    fund_series,
    period_return,
    tenures_of_fund,
)
from opentamp.rules.suitability import (
    GRADE_NAMES,
    LEVEL_NAMES,
    RiskMatch,
    is_survey_expired,
    risk_match,
)

ZERO = Decimal(0)
TITLE = "晨星投资问卷"
EMPTY_MESSAGE = "您当前没有持仓，暂无可诊断的组合。买入基金后即可进行组合诊断。"
STATUS_NAMES = {PROPOSAL_PENDING: "待确认", PROPOSAL_CONFIRMED: "已确认"}
#: The proposal's three core classes and the fund types that fill each
#: (docs/morningstar.md#proposal); the non-equity part goes 80 % to bonds, 20 % to cash.
EQUITY, BOND, CASH = "权益类", "债券类", "货币类"
CLASS_TYPES = {EQUITY: [1, 3, 6], BOND: [2, 5, 9], CASH: [4]}
BOND_PART = Decimal("0.8")


# -- questionnaire ------------------------------------------------------------------------


def _result_out(s: MsSurvey) -> MsSurveyResultOut:
    return MsSurveyResultOut(
        survey_id=s.id,
        score=s.score,
        profile=s.profile,
        profile_name=questionnaire.PROFILE_NAMES[s.profile],
        description=questionnaire.PROFILE_DESCRIPTIONS[s.profile],
        equity_low=s.equity_low,
        equity_high=s.equity_high,
        horizon_years=s.horizon_years,
        submitted_at=s.created_at,
    )


def survey_detail(session: Session, *, user: BrokerUser) -> MsSurveyDetailOut:
    last = repository.latest_survey(session, user.id)
    answers: dict[str, list[int]] = last.answers if last else {}
    return MsSurveyDetailOut(
        title=TITLE,
        questions=[
            MsQuestionOut(
                no=q.no,
                text=q.text,
                multi=q.multi,
                options=[MsOptionOut(no=i + 1, text=t) for i, (t, _s) in enumerate(q.options)],
                chosen=answers.get(str(q.no), []),
            )
            for q in questionnaire.QUESTIONS
        ],
        result=_result_out(last) if last else None,
    )


def submit_survey(
    session: Session, *, user: BrokerUser, body: MsSurveySubmitIn
) -> MsSurveyResultOut:
    answers: dict[int, list[int]] = {}
    for a in body.answers:
        if a.no in answers:
            raise errors.AnswerInvalid(f"第{a.no}题重复作答")
        answers[a.no] = a.chosen
    try:
        profile = questionnaire.score(answers)
    except questionnaire.AnswerInvalid as exc:
        raise errors.AnswerInvalid(str(exc)) from exc
    survey = MsSurvey(
        broker_user_id=user.id,
        answers={str(k): v for k, v in sorted(answers.items())},
        score=profile.score,
        profile=profile.profile,
        equity_low=profile.equity_low,
        equity_high=profile.equity_high,
        horizon_years=profile.horizon_years,
    )
    session.add(survey)
    session.flush()
    return _result_out(survey)


# -- diagnosis ----------------------------------------------------------------------------


def _valid_grade(session: Session, user: BrokerUser) -> int | None:
    account = repository.account_of(session, user.id)
    if account is None or not account.risk_grade5:
        return None
    if is_survey_expired(account.risk_assessed_at, now()):
        return None
    return account.risk_grade5


def _manager(session: Session, code: str) -> str:
    current = [(t, m) for t, m in tenures_of_fund(session, code) if t.end_date is None]
    if not current:
        return ""
    return min(current, key=lambda tm: (tm[0].start_date, tm[1].id))[1].name


def _ongoing(f: Fund) -> Decimal | None:
    rates = [f.manage_fee_rate, f.custody_fee_rate, f.sales_service_fee_rate]
    if all(r is None for r in rates):
        return None
    return sum((r or ZERO for r in rates), ZERO)


def _held(session: Session, values: dict[str, Decimal]) -> list[HeldFund]:
    funds = repository.held_funds(session, sorted(values))
    names = repository.index_names(
        session, sorted({f.benchmark_code for f in funds.values() if f.benchmark_code})
    )
    out = []
    for code, value in sorted(values.items()):
        f = funds[code]
        out.append(
            HeldFund(
                code=code,
                name=f.short_name or f.name,
                fund_type=f.fund_type,
                risk_level=f.risk_level,
                value=value,
                manager=_manager(session, code),
                ongoing_rate=_ongoing(f),
                series=fund_series(session, f).values,
                benchmark_code=f.benchmark_code or "",
                benchmark_name=names.get(f.benchmark_code or "", ""),
                benchmark=benchmark_series(session, f.benchmark_code),
            )
        )
    return out


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=_plain))


def _plain(value: Any) -> str:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, date | datetime):
        return value.isoformat()
    raise TypeError(type(value))


def _empty() -> DiagnosisOut:
    return DiagnosisOut(
        diagnosis_id=None,
        empty=True,
        message=EMPTY_MESSAGE,
        diagnosed_at=None,
        total_value=ZERO,
        holding_count=0,
        score=None,
        warn_count=0,
        survey_done=False,
        proposal_id=None,
        sections=None,
    )


def _diagnosis_out(session: Session, d: MsDiagnosis) -> DiagnosisOut:
    p = repository.proposal_of_diagnosis(session, d.id)
    return DiagnosisOut(
        diagnosis_id=d.id,
        empty=False,
        message="",
        diagnosed_at=d.created_at,
        total_value=d.total_value,
        holding_count=d.holding_count,
        score=d.score,
        warn_count=int(d.result.get("warnCount", 0)),
        survey_done=d.survey_id is not None,
        proposal_id=p.id if p else None,
        sections=SectionsOut.model_validate(d.result["sections"]),
    )


def submit_diagnosis(session: Session, *, user: BrokerUser) -> DiagnosisOut:
    """Diagnose the holdings as they are now and keep the result with its proposal. No holdings
    is an answer too: the empty diagnosis, nothing kept."""
    values = repository.held_values(session, user.id)
    if not values:
        return _empty()
    survey = repository.latest_survey(session, user.id)
    grade = _valid_grade(session, user)
    if survey is not None:
        target: tuple[Decimal, Decimal] | None = (survey.equity_low, survey.equity_high)
        source = "survey"
    elif grade is not None:
        target, source = questionnaire.EQUITY_RANGES[grade], "grade"
    else:
        target, source = None, ""
    held = _held(session, values)
    result = diagnose(
        Inputs(
            funds=held,
            fees_paid=repository.fees_paid(session, user.id),
            grade=grade,
            equity_range=target,
            range_source=source,
        )
    )
    d = MsDiagnosis(
        broker_user_id=user.id,
        survey_id=survey.id if survey else None,
        total_value=result["totalValue"],
        holding_count=result["holdingCount"],
        score=result["score"],
        result=_jsonable(result),
    )
    session.add(d)
    session.flush()
    _propose(session, user=user, diagnosis=d, held=held, target=target, grade=grade)
    return _diagnosis_out(session, d)


def latest_diagnosis(session: Session, *, user: BrokerUser) -> DiagnosisOut:
    """The last diagnosis kept; the empty answer while the user has none and holds nothing."""
    d = repository.latest_diagnosis(session, user.id)
    if d is None:
        return _empty()
    return _diagnosis_out(session, d)


def statistics(session: Session, *, user: BrokerUser) -> StatisticsOut:
    rows = repository.diagnoses(session, user.id)
    return StatisticsOut(
        diagnosis_count=len(rows),
        first_at=rows[0].created_at if rows else None,
        latest_at=rows[-1].created_at if rows else None,
        latest_score=rows[-1].score if rows else None,
        best_score=max(r.score for r in rows) if rows else None,
        history=[
            ScorePoint(
                diagnosis_id=r.id,
                diagnosed_at=r.created_at,
                score=r.score,
                total_value=r.total_value,
            )
            for r in rows
        ],
    )


# -- proposal -----------------------------------------------------------------------------


def _class_of(fund_type: int) -> str:
    name = ASSET_CLASSES.get(fund_type, "其他")
    return EQUITY if name in EQUITY_CLASSES else name


def _best_fund(session: Session, fund_types: list[int], max_risk: int) -> Fund | None:
    """The catalogue fund of these types, within the risk level, with the best one-year return
    (ties and funds without one by code)."""
    best: tuple[Decimal, Fund] | None = None
    for f in repository.catalogue_funds(session, fund_types, max_risk):
        r = period_return(fund_series(session, f).values, "1y").value
        if r is not None and (best is None or r > best[0]):
            best = (r, f)
    return best[1] if best else None


def _propose(
    session: Session,
    *,
    user: BrokerUser,
    diagnosis: MsDiagnosis,
    held: list[HeldFund],
    target: tuple[Decimal, Decimal] | None,
    grade: int | None,
) -> MsProposal:
    total = sum((f.value for f in held), ZERO)
    low, high = target or questionnaire.EQUITY_RANGES[3]
    equity = ((low + high) / 2).quantize(Decimal("0.0001"), ROUND_HALF_UP)
    bond = ((1 - equity) * BOND_PART).quantize(Decimal("0.0001"), ROUND_HALF_UP)
    targets = {EQUITY: equity, BOND: bond, CASH: 1 - equity - bond}
    current: dict[str, Decimal] = {}
    for f in held:
        current[_class_of(f.fund_type)] = current.get(_class_of(f.fund_type), ZERO) + f.value
    lines = []
    for name in [EQUITY, BOND, CASH, *sorted(set(current) - set(targets))]:
        t = targets.get(name, ZERO)
        in_class = sorted(
            (f for f in held if _class_of(f.fund_type) == name), key=lambda f: (-f.value, f.code)
        )
        code, fund_name, level = "", "", None
        if t > 0 and in_class:
            code, fund_name, level = in_class[0].code, in_class[0].name, in_class[0].risk_level
        elif t > 0:
            pick = _best_fund(session, CLASS_TYPES[name], grade or 1)
            if pick is not None:
                code, fund_name, level = pick.code, pick.short_name or pick.name, pick.risk_level
        target_value = money(total * t)
        lines.append(
            {
                "assetClass": name,
                "currentValue": str(money(current.get(name, ZERO))),
                "currentShare": str(share(current.get(name, ZERO), total)),
                "targetShare": str(t),
                "targetValue": str(target_value),
                "changeValue": str(target_value - money(current.get(name, ZERO))),
                "fundCode": code,
                "fundName": fund_name,
                "fundRiskLevel": level,
            }
        )
    levels = [ln["fundRiskLevel"] for ln in lines if ln["fundRiskLevel"] is not None]
    p = MsProposal(
        proposal_no="MS" + now().strftime("%Y%m%d") + secrets.token_hex(6).upper(),
        broker_user_id=user.id,
        diagnosis_id=diagnosis.id,
        total_value=money(total),
        risk_level=max(levels) if levels else 1,
        lines=lines,
    )
    session.add(p)
    session.flush()
    return p


def _proposal_or_404(session: Session, user: BrokerUser, proposal_id: int | None) -> MsProposal:
    p = repository.proposal(session, user.id, proposal_id)
    if p is None:
        raise errors.ProposalNotFound()
    return p


def _lines(p: MsProposal) -> list[ProposalLineOut]:
    return [ProposalLineOut.model_validate(ln) for ln in p.lines]


def _base(session: Session, user: BrokerUser, p: MsProposal) -> ProposalBaseOut:
    account = repository.account_of(session, user.id)
    d = session.get(MsDiagnosis, p.diagnosis_id)
    assert d is not None
    survey = session.get(MsSurvey, d.survey_id) if d.survey_id else None
    equity = next(ln for ln in _lines(p) if ln.asset_class == EQUITY).target_share
    return ProposalBaseOut(
        proposal_id=p.id,
        proposal_no=p.proposal_no,
        customer_name=account.name if account else user.nickname,
        created_at=p.created_at,
        diagnosis_id=d.id,
        diagnosis_score=d.score,
        total_value=p.total_value,
        profile_name=questionnaire.PROFILE_NAMES[survey.profile] if survey else "",
        equity_target=equity,
        status=p.status,
        status_name=STATUS_NAMES[p.status],
        confirmed_at=p.confirmed_at,
    )


def _match(session: Session, user: BrokerUser, level: int) -> tuple[RiskMatch, int | None]:
    account = repository.account_of(session, user.id)
    grade = account.risk_grade5 if account else None
    assessed = account.risk_assessed_at if account else None
    return risk_match(grade=grade, assessed_at=assessed, product_level=level, moment=now()), grade


def _risk(session: Session, user: BrokerUser, p: MsProposal) -> ProposalRiskOut:
    match, grade = _match(session, user, p.risk_level)
    level_name = LEVEL_NAMES.get(p.risk_level, "")
    grade_name = GRADE_NAMES.get(grade or 0, "未评估")
    if match == RiskMatch.MATCH:
        warning = f"建议配置的风险等级为{level_name}（R{p.risk_level}），与您的风险承受能力匹配。"
    elif match == RiskMatch.NO_VALID_GRADE:
        warning = "您尚未完成风险测评或测评已过期，请先完成风险测评。"
    else:
        warning = (
            f"您的风险承受能力为{grade_name}（C{grade}），建议配置的风险等级为{level_name}"
            f"（R{p.risk_level}），超出您的风险承受能力。"
        )
    return ProposalRiskOut(
        proposal_id=p.id,
        risk_level=p.risk_level,
        risk_level_name=level_name,
        grade=grade,
        grade_name=grade_name,
        match=match.value,
        need_confirm=match == RiskMatch.NEEDS_CONFIRMATION,
        warning=warning,
        above_grade=[
            ln
            for ln in _lines(p)
            if ln.fund_risk_level is not None and grade is not None and ln.fund_risk_level > grade
        ],
    )


def proposal_base(
    session: Session, *, user: BrokerUser, proposal_id: int | None
) -> ProposalBaseOut:
    return _base(session, user, _proposal_or_404(session, user, proposal_id))


def proposal_risk(
    session: Session, *, user: BrokerUser, proposal_id: int | None
) -> ProposalRiskOut:
    return _risk(session, user, _proposal_or_404(session, user, proposal_id))


def latest_or_proposal(
    session: Session, *, user: BrokerUser, proposal_id: int | None
) -> ProposalDetailOut | None:
    """The proposal ``proposal_id`` (another user's → 404), or without an id the latest one:
    ``None`` before the first diagnosis, which the screen shows as its empty state."""
    if proposal_id is None and repository.proposal(session, user.id, None) is None:
        return None
    return proposal_detail(session, user=user, proposal_id=proposal_id)


def proposal_detail(
    session: Session, *, user: BrokerUser, proposal_id: int | None
) -> ProposalDetailOut:
    p = _proposal_or_404(session, user, proposal_id)
    return ProposalDetailOut(
        base=_base(session, user, p), risk=_risk(session, user, p), lines=_lines(p)
    )


def confirm_proposal(
    session: Session, *, user: BrokerUser, proposal_id: int, accept_risk: bool
) -> ProposalDetailOut:
    """The customer confirms the proposal; above the grade only with the risk accepted."""
    p = repository.lock_proposal(session, user.id, proposal_id)
    if p is None:
        raise errors.ProposalNotFound()
    if p.status == PROPOSAL_CONFIRMED:
        raise errors.ProposalConfirmed()
    match, _grade = _match(session, user, p.risk_level)
    if match == RiskMatch.NO_VALID_GRADE:
        raise errors.NoValidGrade()
    if match == RiskMatch.FORBIDDEN:
        raise errors.RiskForbidden()
    if match == RiskMatch.NEEDS_CONFIRMATION and not accept_risk:
        raise errors.RiskNotAccepted()
    p.status = PROPOSAL_CONFIRMED
    p.confirmed_at = now()
    session.flush()
    return proposal_detail(session, user=user, proposal_id=p.id)
