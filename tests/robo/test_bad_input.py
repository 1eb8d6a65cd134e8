"""Every bad input of the robo calls answers its code, never a 500 (docs/robo.md#errors-693xx)."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy.orm import Session

from opentamp.models.robo import RoboRiskDecision
from tests.robo.conftest import ANSWERS, RoboCalls, RoboWorld, login, tick
from tests.trading.conftest import make_trader


def _plan(robo: RoboCalls) -> tuple[int, int, int]:
    sid = robo.survey()
    data = robo.post("/roboServiceAccount/survey/submit", {"surveyId": sid})["data"]
    return sid, data["planningId"], data["version"]


def test_incomplete_survey_is_refused_with_the_missing_answers(
    robo: RoboCalls, robo_world: RoboWorld
) -> None:
    partial = {k: v for k, v in ANSWERS.items() if k not in ("amount", "lossTolerance")}
    sid = robo.survey(partial)
    got = robo.get("/roboServiceAccount/survey/get", surveyId=sid)["data"]
    assert got["missingFields"] == ["投资金额", "可承受亏损"]
    res = robo.post("/roboServiceAccount/survey/submit", {"surveyId": sid}, status=400)
    assert res["code"] == 69302 and "投资金额、可承受亏损" in res["msg"]
    # Nothing was built: the allocation list has no plan.
    assert (
        robo.get("/roboServiceAccount/getRoboAssetAllocationList", surveyId=sid, status=400)["code"]
        == 69302
    )


def test_answer_out_of_range(robo: RoboCalls, robo_world: RoboWorld) -> None:
    sid = robo.survey({})
    res = robo.post(
        "/roboServiceAccount/survey/save",
        {"surveyId": sid, "answers": {"horizonMonths": 3}},
        status=400,
    )
    assert res["code"] == 69304
    bad = robo.post(
        "/roboServiceAccount/survey/save",
        {"surveyId": sid, "answers": {"lossTolerance": "0.99"}},
        status=400,
    )
    assert bad["code"] == 40001 and "lossTolerance" in bad["msg"]


def test_confirm_after_the_survey_changed_is_refused(
    robo: RoboCalls, robo_world: RoboWorld
) -> None:
    sid, pid, version = _plan(robo)
    files = robo.files(robo_world.po.code)
    reopened = robo.post("/roboServiceAccount/survey/updateVersion", {"surveyId": sid})["data"]
    assert reopened["version"] == version + 1 and reopened["status"] == "DRAFT"
    for v in (version, version + 1):
        res = robo.post(
            "/roboServiceAccount/confirmRoboInvestmentPlanning",
            {"planningId": pid, "allocationId": "MIN_VOLATILITY", "surveyVersion": v,
             "fileIdList": files},
            status=400,
        )  # fmt: skip
        assert res["code"] == 69306
    res = robo.post(
        "/roboServiceAccount/changeRoboAssetAllocation",
        {"planningId": pid, "allocationId": "HRP", "surveyVersion": version},
        status=400,
    )
    assert res["code"] == 69306
    # Submitted again: a new plan for the new version, which confirms.
    again = robo.post("/roboServiceAccount/survey/submit", {"surveyId": sid})["data"]
    assert again["planningId"] != pid
    tick()
    ok = robo.post(
        "/roboServiceAccount/confirmRoboInvestmentPlanning",
        {"planningId": again["planningId"], "allocationId": "MIN_VOLATILITY",
         "surveyVersion": again["version"], "fileIdList": files},
    )["data"]  # fmt: skip
    assert ok["contractStatus"] == 0


def test_another_users_plan_and_account_answer_404(
    session: Session, robo: RoboCalls, robo_world: RoboWorld, client, api: str
) -> None:  # type: ignore[no-untyped-def]
    sid, pid, version = _plan(robo)
    other = make_trader(session, risk_grade5=3)
    headers = login(session, other.user)
    for path, params in (
        ("/investment/planning/riskPermission/detail", {"planningId": pid}),
        ("/investment/planning/detail", {"planningId": pid}),
        ("/roboServiceAccount/getRoboAssetAllocationList", {"surveyId": sid}),
        ("/investment/planning/getRollingReturnBacktestingDetail", {"planningId": pid}),
    ):
        res = client.get(f"{api}{path}", params=params, headers=headers)
        assert res.status_code == 404, (path, res.text)
    for path in ("/investment/planning/riskPermission/confirm",
                 "/investment/planning/riskPermission/reject"):  # fmt: skip
        res = client.post(f"{api}{path}", json={"planningId": pid}, headers=headers)
        assert res.status_code == 404, res.text
    assert session.query(RoboRiskDecision).count() == 0


def test_refusal_removes_the_above_grade_products(
    session: Session, robo: RoboCalls, robo_world: RoboWorld
) -> None:
    _sid, pid, version = _plan(robo)
    robo.post(
        "/roboServiceAccount/changeRoboAssetAllocation",
        {"planningId": pid, "allocationId": "ABOVE_GRADE", "surveyVersion": version},
    )
    before = robo.get("/investment/planning/riskPermission/detail", planningId=pid)["data"]
    over = {p["fundCode"] for p in before["products"]}
    assert over
    res = robo.post(
        "/roboServiceAccount/updateRiskPermission", {"planningId": pid, "authorizationCode": 2}
    )["data"]
    assert res["authorizationCode"] == 2 and res["products"] == []
    assert [h["decision"] for h in res["history"]] == [2]
    assert set(res["history"][0]["fundCodes"]) == over
    plan = robo.get("/investment/planning/detail", planningId=pid)["data"]
    chosen = next(a for a in plan["allocations"] if a["allocationId"] == "ABOVE_GRADE")
    assert not {i["fundCode"] for i in chosen["items"]} & over
    assert sum(Decimal(i["weight"]) for i in chosen["items"]) == 1
    assert chosen["exceedsGrade"] is False
    # Nothing above the grade is left to decide.
    again = robo.post(
        "/investment/planning/riskPermission/confirm", {"planningId": pid}, status=400
    )
    assert again["code"] == 69312


def test_deposit_below_minimum_and_bad_name(robo: RoboCalls, robo_world: RoboWorld) -> None:
    _sid, pid, version = _plan(robo)
    files = robo.files(robo_world.po.code)
    tick()
    sa_id = robo.post(
        "/roboServiceAccount/confirmRoboInvestmentPlanning",
        {"planningId": pid, "allocationId": "MIN_VOLATILITY", "surveyVersion": version,
         "fileIdList": files},
    )["data"]["serviceAccountId"]  # fmt: skip
    res = robo.post(
        "/roboServiceAccount/signDeposit",
        {
            "serviceAccountId": sa_id,
            "amount": "500.00",
            "verifyCode": robo.sms.code(robo.trader.account.phone),
            "tradePassword": "135790",
            "tradeUUID": robo.uuid(),
        },
        status=400,
    )
    assert res["code"] == 69310
    taken = "智能投顾·我的规划"
    check = robo.get("/roboServiceAccount/checkRoboServiceName", roboServiceName=taken)
    assert check["data"]["available"] is False
    long_name = "一二三四五六七八九十一二三四五六七"
    check = robo.get("/roboServiceAccount/checkRoboServiceName", roboServiceName=long_name)
    assert check["data"] == {"available": False, "msg": "账户名称需为1至16个字符"}
    too_long = robo.post(
        "/roboServiceAccount/updateRoboServiceName",
        {"serviceAccountId": sa_id, "roboServiceName": long_name},
        status=400,
    )
    assert too_long["code"] == 40001
    renamed = robo.post(
        "/roboServiceAccount/updateRoboServiceName",
        {"serviceAccountId": sa_id, "roboServiceName": "养老规划"},
    )["data"]
    assert renamed["roboServiceName"] == "养老规划"


def test_no_grade_no_plan(session: Session, robo: RoboCalls, robo_world: RoboWorld) -> None:
    robo.trader.account.risk_grade5 = None
    session.flush()
    sid = robo.survey()
    res = robo.post("/roboServiceAccount/survey/submit", {"surveyId": sid}, status=400)
    assert res["code"] == 69301
