"""Questionnaires stored in the database: reading, answering, scoring (docs/rules.md#suitability).

A risk questionnaire's answers give the grade C1..C5, valid two years; it is copied to the
account (or, for a user still without one, kept with the answers and copied when the account
is opened). ``confirm=false`` scores without saving, for the confirmation page.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.core import caller
from opentamp.kit.clock import now
from opentamp.models.accounts import Account
from opentamp.models.auth import BrokerUser
from opentamp.models.suitability import (
    SURVEY_RISK,
    Survey,
    SurveyOption,
    SurveyQuestion,
    SurveySubmission,
)
from opentamp.rules.suitability import GRADE_NAMES, is_survey_expired, survey_expires_at
from opentamp.suitability.errors import SurveyAnswerInvalid, SurveyNotFound
from opentamp.suitability.questionnaire import GRADE_DESCRIPTIONS, Question, grade_of
from opentamp.suitability.schemas import (
    AnswerIn,
    LatestSurveyOut,
    OptionOut,
    QuestionOut,
    SurveyBrief,
    SurveyOut,
    SurveyResultOut,
)

LABELS = "ABCDEFGH"


def create_survey(
    session: Session,
    *,
    code: str,
    title: str,
    kind: str,
    questions: tuple[Question, ...],
    description: str = "",
    broker_id: int | None = None,
    version: int = 1,
) -> Survey:
    survey = Survey(
        code=code,
        title=title,
        kind=kind,
        description=description,
        broker_id=broker_id,
        version=version,
    )
    session.add(survey)
    session.flush()
    for no, q in enumerate(questions, start=1):
        question = SurveyQuestion(
            survey_id=survey.id, no=no, text=q.text, type=q.type, required=q.type != "text"
        )
        session.add(question)
        session.flush()
        for i, choice in enumerate(q.choices):
            session.add(
                SurveyOption(
                    question_id=question.id,
                    no=i + 1,
                    label=LABELS[i],
                    text=choice.text,
                    score=choice.score,
                    forces_lowest=choice.forces_lowest,
                )
            )
    session.flush()
    return survey


def _questions(session: Session, survey_id: int) -> list[tuple[SurveyQuestion, list[SurveyOption]]]:
    questions = list(
        session.scalars(
            select(SurveyQuestion)
            .where(SurveyQuestion.survey_id == survey_id)
            .order_by(SurveyQuestion.no)
        )
    )
    options = list(
        session.scalars(
            select(SurveyOption)
            .where(SurveyOption.question_id.in_([q.id for q in questions]))
            .order_by(SurveyOption.no)
        )
    )
    by_q: dict[int, list[SurveyOption]] = {q.id: [] for q in questions}
    for o in options:
        by_q[o.question_id].append(o)
    return [(q, by_q[q.id]) for q in questions]


def _latest(session: Session, user_id: int, survey_id: int) -> SurveySubmission | None:
    return session.scalar(
        select(SurveySubmission)
        .where(SurveySubmission.broker_user_id == user_id, SurveySubmission.survey_id == survey_id)
        .order_by(SurveySubmission.submitted_at.desc(), SurveySubmission.id.desc())
        .limit(1)
    )


def _survey_out(session: Session, survey: Survey, user: BrokerUser) -> SurveyOut:
    mine = _latest(session, user.id, survey.id)
    return SurveyOut(
        survey_id=survey.id,
        code=survey.code,
        version=survey.version,
        kind=survey.kind,
        title=survey.title,
        description=survey.description,
        questions=[
            QuestionOut(
                question_id=q.id,
                no=q.no,
                text=q.text,
                type=q.type,
                required=q.required,
                options=[OptionOut(option_id=o.id, label=o.label, text=o.text) for o in opts],
            )
            for q, opts in _questions(session, survey.id)
        ],
        my_answers=mine.answers if mine else None,
        answered_at=mine.submitted_at if mine else None,
    )


def risk_survey_for(session: Session, user: BrokerUser) -> Survey:
    """The broker's own active risk questionnaire, else the platform's (newest version)."""
    for broker_id in (user.broker_id, None):
        query = select(Survey).where(Survey.kind == SURVEY_RISK, Survey.status == "active")
        query = query.where(
            Survey.broker_id == broker_id if broker_id is not None else Survey.broker_id.is_(None)
        )
        survey = session.scalar(query.order_by(Survey.version.desc()).limit(1))
        if survey is not None:
            return survey
    raise SurveyNotFound("暂无风险测评问卷，请联系客服")


def broker_survey(session: Session, *, user: BrokerUser) -> SurveyOut:
    return _survey_out(session, risk_survey_for(session, user), user)


def _visible(survey: Survey | None, user: BrokerUser) -> Survey:
    if survey is None or survey.status != "active":
        raise SurveyNotFound()
    if survey.broker_id is not None and survey.broker_id != user.broker_id:
        raise SurveyNotFound()
    return survey


def survey_detail(session: Session, *, user: BrokerUser, survey_id: int) -> SurveyOut:
    return _survey_out(session, _visible(session.get(Survey, survey_id), user), user)


def survey_list(session: Session, *, user: BrokerUser) -> list[SurveyBrief]:
    surveys = session.scalars(
        select(Survey)
        .where(
            Survey.status == "active",
            (Survey.broker_id.is_(None)) | (Survey.broker_id == user.broker_id),
        )
        .order_by(Survey.kind.desc(), Survey.id)
    )
    out = []
    for s in surveys:
        mine = _latest(session, user.id, s.id)
        count = len(_questions(session, s.id))
        out.append(
            SurveyBrief(
                survey_id=s.id,
                title=s.title,
                description=s.description,
                kind=s.kind,
                question_count=count,
                answered=mine is not None,
                answered_at=mine.submitted_at if mine else None,
            )
        )
    return out


def _score(
    questions: list[tuple[SurveyQuestion, list[SurveyOption]]], answers: list[AnswerIn]
) -> tuple[dict[str, list[int] | str], int, bool]:
    given = {a.question_id: a for a in answers}
    known = {q.id for q, _ in questions}
    extra = set(given) - known
    if extra:
        raise SurveyAnswerInvalid(detail="包含不属于本问卷的题目")
    stored: dict[str, list[int] | str] = {}
    total, forced = 0, False
    for q, opts in questions:
        answer = given.get(q.id)
        if q.type == "text":
            text = (answer.text or "").strip() if answer else ""
            if q.required and not text:
                raise SurveyAnswerInvalid(detail=f"请回答第{q.no}题")
            if text:
                stored[str(q.id)] = text
            continue
        chosen = sorted(set(answer.option_ids)) if answer else []
        if not chosen:
            if q.required:
                raise SurveyAnswerInvalid(detail=f"请回答第{q.no}题")
            continue
        by_id = {o.id: o for o in opts}
        if any(c not in by_id for c in chosen):
            raise SurveyAnswerInvalid(detail=f"第{q.no}题的选项有误")
        if q.type == "single" and len(chosen) != 1:
            raise SurveyAnswerInvalid(detail=f"第{q.no}题为单选题")
        total += max(by_id[c].score for c in chosen)
        forced = forced or any(by_id[c].forces_lowest for c in chosen)
        stored[str(q.id)] = chosen
    return stored, total, forced


def _result(survey: Survey, *, saved: bool, score: int | None, grade: int | None,
            forced: bool, at: datetime | None) -> SurveyResultOut:  # fmt: skip
    return SurveyResultOut(
        survey_id=survey.id,
        saved=saved,
        score=score,
        risk_grade5=grade,
        risk_grade_name=GRADE_NAMES.get(grade) if grade else None,
        description=GRADE_DESCRIPTIONS.get(grade) if grade else None,
        forced_lowest=forced,
        assessed_at=at,
        expire_date=survey_expires_at(at).date() if at and grade else None,
    )


def submit(
    session: Session, *, user: BrokerUser, survey_id: int, answers: list[AnswerIn], confirm: bool
) -> SurveyResultOut:
    survey = _visible(session.get(Survey, survey_id), user)
    stored, total, forced = _score(_questions(session, survey.id), answers)
    is_risk = survey.kind == SURVEY_RISK
    grade = grade_of(total, forced_lowest=forced) if is_risk else None
    if not confirm:
        return _result(
            survey, saved=False, score=total if is_risk else None, grade=grade, forced=forced,
            at=None,
        )  # fmt: skip
    moment = now()
    account = caller.account_of(session, user)
    session.add(
        SurveySubmission(
            survey_id=survey.id,
            broker_user_id=user.id,
            account_id=account.id if account else None,
            answers=stored,
            score=total if is_risk else None,
            risk_grade5=grade,
            submitted_at=moment,
            expires_at=survey_expires_at(moment) if is_risk else None,
        )
    )
    if is_risk and account is not None:
        account.risk_grade5, account.risk_assessed_at = grade, moment
    session.flush()
    return _result(
        survey, saved=True, score=total if is_risk else None, grade=grade, forced=forced, at=moment
    )


def latest_risk_submission(session: Session, user_id: int) -> SurveySubmission | None:
    return session.scalar(
        select(SurveySubmission)
        .join(Survey, Survey.id == SurveySubmission.survey_id)
        .where(SurveySubmission.broker_user_id == user_id, Survey.kind == SURVEY_RISK)
        .order_by(SurveySubmission.submitted_at.desc(), SurveySubmission.id.desc())
        .limit(1)
    )


def adopt_risk_grade(session: Session, account: Account) -> None:
    """A survey taken before opening the account gives the new account its grade."""
    latest = latest_risk_submission(session, account.broker_user_id)
    if latest is not None and latest.risk_grade5:
        account.risk_grade5, account.risk_assessed_at = latest.risk_grade5, latest.submitted_at
        latest.account_id = account.id


def latest_info(session: Session, *, user: BrokerUser) -> LatestSurveyOut:
    account = caller.account_of(session, user)
    grade, at = (account.risk_grade5, account.risk_assessed_at) if account else (None, None)
    if account is None or at is None:
        latest = latest_risk_submission(session, user.id)
        if latest is not None:
            grade, at = latest.risk_grade5, latest.submitted_at
    done = at is not None and bool(grade)
    expired = done and is_survey_expired(at, now())
    return LatestSurveyOut(
        risk_grade5=grade if done else None,
        risk_grade_name=GRADE_NAMES.get(grade or 0) if done else None,
        latest_survey_date=at.date() if at and done else None,
        expire_date=survey_expires_at(at).date() if at and done else None,
        has_done_survey=done,
        is_expired=expired,
        is_need_toast=expired,
    )
