"""The risk questionnaire stored in the database: scoring to riskGrade5, the lowest category,
two-year validity, the survey before the account, adequacy and recorded authorizations."""

from __future__ import annotations

from datetime import datetime

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.accounts import Account
from opentamp.suitability.questionnaire import GENERAL_QUESTIONS, RISK_QUESTIONS, grade_of
from opentamp.suitability.surveys import create_survey
from tests.factories import login, make_account, make_fund, make_user
from tests.sms import SmsRecorder

NOW = datetime(2026, 11, 20, 10, 0, tzinfo=BEIJING)


def test_grade_bands() -> None:
    assert [grade_of(t, forced_lowest=False) for t in (0, 20, 21, 40, 41, 60, 61, 80, 81, 100)] == [
        1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]  # fmt: skip
    assert grade_of(95, forced_lowest=True) == 1


def _pick(survey: dict, picks: list[list[int]]) -> list[dict]:
    """Answers by option position (0 = A) per question."""
    return [
        {"questionId": q["questionId"], "optionIds": [q["options"][i]["optionId"] for i in pick]}
        for q, pick in zip(survey["questions"], picks, strict=True)
    ]


def test_take_the_risk_survey(client: TestClient, api: str, session: Session) -> None:
    create_survey(session, code="RISK", title="风险测评", kind="risk", questions=RISK_QUESTIONS)
    user = make_user(session)
    account = make_account(session, user=user, risk_grade5=None)
    headers = login(session, user)
    survey = client.get(f"{api}/account/getBrokerSurvey", headers=headers).json()["data"]
    assert len(survey["questions"]) == 10 and survey["myAnswers"] is None
    assert "score" not in survey["questions"][0]["options"][0]
    # B 10 + C 8 + C 7 + (B,C → max 7) + C 7 + C 8 + C 7 + C 7 + B 4 + C 7 = 72 → C4.
    picks = [[1], [2], [2], [1, 2], [2], [2], [2], [2], [1], [2]]
    with frozen(NOW):
        preview = client.post(
            f"{api}/account/answerSurvey",
            json={
                "surveyId": survey["surveyId"],
                "answers": _pick(survey, picks),
                "confirm": False,
            },
            headers=headers,
        ).json()["data"]
        assert (preview["score"], preview["riskGrade5"], preview["saved"]) == (72, 4, False)
        session.refresh(account)
        assert account.risk_grade5 is None
        saved = client.post(
            f"{api}/account/answerSurvey",
            json={"surveyId": survey["surveyId"], "answers": _pick(survey, picks)},
            headers=headers,
        ).json()["data"]
    assert (saved["score"], saved["riskGrade5"], saved["riskGradeName"]) == (72, 4, "成长型")
    assert saved["expireDate"] == "2028-11-20"
    session.refresh(account)
    assert (account.risk_grade5, account.risk_assessed_at) == (4, NOW)
    with frozen(NOW):
        latest = client.get(f"{api}/account/getLatestSurveyInfo", headers=headers).json()["data"]
    assert latest == {
        "riskGrade5": 4,
        "riskGradeName": "成长型",
        "latestSurveyDate": "2026-11-20",
        "expireDate": "2028-11-20",
        "hasDoneSurvey": True,
        "isExpired": False,
        "isNeedToast": False,
    }
    with frozen(datetime(2028, 11, 20, 10, 0, tzinfo=BEIJING)):
        fresh = login(session, user)  # the first token has expired by then
        later = client.get(f"{api}/account/getLatestSurveyInfo", headers=fresh).json()["data"]
    assert later["isExpired"] is True and later["isNeedToast"] is True


def test_no_loss_tolerance_is_the_lowest_category(
    client: TestClient, api: str, session: Session
) -> None:
    create_survey(session, code="RISK2", title="风险测评", kind="risk", questions=RISK_QUESTIONS)
    user = make_user(session)
    make_account(session, user=user, risk_grade5=None)
    headers = login(session, user)
    survey = client.get(f"{api}/account/getBrokerSurvey", headers=headers).json()["data"]
    # Highest answers everywhere but 不能承受任何损失: 90 points, still C1.
    picks = [[1], [3], [3], [3], [3], [3], [0], [3], [3], [3]]
    res = client.post(
        f"{api}/account/answerSurvey",
        json={"surveyId": survey["surveyId"], "answers": _pick(survey, picks)},
        headers=headers,
    ).json()["data"]
    assert (res["score"], res["riskGrade5"], res["forcedLowest"]) == (90, 1, True)


def test_incomplete_and_wrong_answers(client: TestClient, api: str, session: Session) -> None:
    create_survey(session, code="RISK3", title="风险测评", kind="risk", questions=RISK_QUESTIONS)
    headers = login(session, make_user(session))
    survey = client.get(f"{api}/account/getBrokerSurvey", headers=headers).json()["data"]
    answers = _pick(survey, [[0]] * 10)
    res = client.post(
        f"{api}/account/answerSurvey",
        json={"surveyId": survey["surveyId"], "answers": answers[:9]},
        headers=headers,
    ).json()
    assert (res["code"], res["msg"]) == (64006, "问卷答案有误：请回答第10题")
    two = [dict(answers[0], optionIds=answers[0]["optionIds"] + [answers[1]["optionIds"][0]])]
    res = client.post(
        f"{api}/account/answerSurvey",
        json={"surveyId": survey["surveyId"], "answers": two + answers[1:]},
        headers=headers,
    ).json()
    assert res["msg"] == "问卷答案有误：第1题的选项有误"


def test_a_survey_before_the_account_gives_the_account_its_grade(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    create_survey(session, code="RISK4", title="风险测评", kind="risk", questions=RISK_QUESTIONS)
    user = make_user(session)
    headers = login(session, user)
    survey = client.get(f"{api}/account/getBrokerSurvey", headers=headers).json()["data"]
    picks = [[1], [1], [1], [1], [1], [1], [1], [1], [1], [1]]  # 10+6+4+4+4+5+4+3+4+4 = 48: C3
    res = client.post(
        f"{api}/account/answerSurvey",
        json={"surveyId": survey["surveyId"], "answers": _pick(survey, picks)},
        headers=headers,
    ).json()["data"]
    assert (res["score"], res["riskGrade5"]) == (48, 3)
    from tests.accounts.test_open_account import opening_form

    bind = client.post(
        f"{api}/tamp/account/prepareBindAccount", json=opening_form(session, user), headers=headers
    ).json()
    client.post(
        f"{api}/tamp/account/confirmBindAccount",
        json={"bindId": bind["data"]["bindId"], "verifyCode": sms.code(user.phone)},
        headers=headers,
    )
    account = session.query(Account).filter_by(broker_user_id=user.id).one()
    assert account.risk_grade5 == 3


def test_general_surveys(client: TestClient, api: str, session: Session) -> None:
    general = create_survey(
        session, code="PREF", title="投资偏好问卷", kind="general", questions=GENERAL_QUESTIONS
    )
    headers = login(session, make_user(session))
    listed = client.get(f"{api}/survey/list", headers=headers).json()["data"]
    brief = next(s for s in listed if s["surveyId"] == general.id)
    assert brief["answered"] is False and brief["questionCount"] == 3
    detail = client.get(
        f"{api}/survey/detail", params={"surveyId": general.id}, headers=headers
    ).json()["data"]
    q1, q2, q3 = detail["questions"]
    res = client.post(
        f"{api}/survey/submit",
        json={
            "surveyId": general.id,
            "answers": [
                {"questionId": q1["questionId"], "optionIds": [q1["options"][1]["optionId"]]},
                {
                    "questionId": q2["questionId"],
                    "optionIds": [o["optionId"] for o in q2["options"][:2]],
                },
                {"questionId": q3["questionId"], "text": "希望多一些定投提醒"},
            ],
        },
        headers=headers,
    ).json()["data"]
    assert res["saved"] is True and res["riskGrade5"] is None
    again = client.get(
        f"{api}/survey/detail", params={"surveyId": general.id}, headers=headers
    ).json()["data"]
    assert again["myAnswers"][str(q3["questionId"])] == "希望多一些定投提醒"


def test_adequacy_judge_risk_and_authorizations(
    client: TestClient, api: str, session: Session
) -> None:
    user = make_user(session)
    make_account(session, user=user, risk_grade5=3, risk_assessed_at=NOW)
    fund = make_fund(session, risk_level=4)
    safe = make_fund(session, risk_level=2)
    headers = login(session, user)
    with frozen(NOW):
        verdict = client.get(
            f"{api}/trade/judgeRisk", params={"productCode": fund.code, "productType": "fund"},
            headers=headers,
        ).json()["data"]  # fmt: skip
        assert verdict["match"] == "needs_confirmation" and verdict["needConfirm"] is True
        assert verdict["productRiskName"] == "中高风险" and "超出" in verdict["warning"]
        ok = client.get(
            f"{api}/account/adequacy", params={"productCode": safe.code}, headers=headers
        ).json()["data"]
        assert ok["isMatch"] is True and ok["opinion"].startswith("经评估，该产品风险等级与")
        refused = client.post(
            f"{api}/account/adequacy",
            json={"productCode": fund.code, "confirm": False},
            headers=headers,
        ).json()
        assert refused["code"] == 64004
        pending = client.get(
            f"{api}/account/getAuthzInfo", params={"productCode": fund.code}, headers=headers
        ).json()["data"]
        assert pending["authzStatus"] == 0
        client.post(
            f"{api}/account/adequacy",
            json={"productCode": fund.code, "confirm": True},
            headers=headers,
        )
        done = client.get(
            f"{api}/account/getAuthzInfo", params={"productCode": fund.code}, headers=headers
        ).json()["data"]
        assert done["authzStatus"] == 1
        keep = client.post(
            f"{api}/account/saveAuthzInfo",
            json={"productCode": fund.code, "scene": "HOLDING", "authzStatus": 2},
            headers=headers,
        ).json()["data"]
        assert (keep["scene"], keep["authzStatus"]) == ("HOLDING", 2)
        blank = client.get(
            f"{api}/account/getAuthzInfo", params={"productCode": safe.code}, headers=headers
        ).json()["data"]
        assert blank["authzStatus"] == 9
        missing = client.get(
            f"{api}/trade/judgeRisk", params={"productCode": "000000"}, headers=headers
        )
        assert missing.status_code == 404
    status = client.get(f"{api}/account/getQualifiedInvestorStatus", headers=headers).json()
    assert status["data"]["status"] == "NOT_QUALIFIED"
