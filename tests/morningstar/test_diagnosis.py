"""The Morningstar questionnaire, diagnosis and proposal of docs/morningstar.md: every figure
of the diagnosis against a hand computation (numpy for the correlation and the drawdown)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.kit.clock import now
from opentamp.models.catalogue import FundManager, FundManagerTenure
from opentamp.models.holdings import Holding
from opentamp.models.orders import TradeOrder
from opentamp.models.products import Fund
from opentamp.products.performance import months_before
from tests.factories import add_navs, make_fund, make_index
from tests.trading.conftest import Trader, make_trader

START, END = date(2025, 9, 1), date(2026, 11, 20)
ANSWERS = [[2], [3], [3], [3], [3], [1, 2]]  # 2+4+4+4+4 = 18 → profile 4 (50%-80%)


def business_days(a: date, b: date) -> list[date]:
    out, d = [], a
    while d <= b:
        if d.weekday() < 5:
            out.append(d)
        d += timedelta(days=1)
    return out


DAYS = business_days(START, END)


def nav_a(i: int) -> str:
    return f"{1 + 0.001 * i + 0.03 * math.sin(i / 5):.4f}"


def nav_b(i: int) -> str:
    return f"{1 + 0.0004 * i + 0.012 * math.sin(i / 5) + 0.002 * math.cos(i / 3):.4f}"


def index_a(i: int) -> str:
    return f"{3000 + 1.5 * i + 40 * math.cos(i / 7):.4f}"


@dataclass
class World:
    trader: Trader
    a: Fund
    b: Fund
    c: Fund


def hold(session: Session, t: Trader, fund: Fund, value: str) -> None:
    session.add(
        Holding(
            broker_user_id=t.user.id,
            account_id=t.account.id,
            financial_account_id=t.fa.id,
            fund_code=fund.code,
            shares=Decimal(value),
            market_value=Decimal(value),
            cost=Decimal(value),
        )
    )


def manage(session: Session, fund: Fund, name: str, start: date, end: date | None = None) -> None:
    m = session.query(FundManager).filter_by(name=name).one_or_none()
    if m is None:
        m = FundManager(company_id=fund.company_id, name=name, career_start=date(2010, 1, 1))
        session.add(m)
        session.flush()
    session.add(
        FundManagerTenure(manager_id=m.id, fund_code=fund.code, start_date=start, end_date=end)
    )


def order(session: Session, t: Trader, fund_code: str, fee: str, status: str) -> None:
    n = session.query(TradeOrder).count()
    session.add(
        TradeOrder(
            broker_order_no=f"T{t.user.id}{n:06d}",
            broker_user_id=t.user.id,
            account_id=t.account.id,
            financial_account_id=t.fa.id,
            order_code="022",
            fund_code=fund_code,
            confirm_status=status,
            trade_amount=Decimal("1000.00"),
            fee=Decimal(fee),
            apply_time=now(),
            trade_date=date(2026, 1, 5),
            confirm_date=date(2026, 1, 6),
        )
    )


@pytest.fixture
def world(session: Session) -> World:
    t = make_trader(session, risk_grade5=3)
    index = make_index(session, name="沪深300", closes={d: index_a(i) for i, d in enumerate(DAYS)})
    a = make_fund(
        session,
        fund_type=1,
        risk_level=4,
        short_name="甲股票",
        benchmark_code=index.code,
        manage_fee_rate=Decimal("0.015"),
        custody_fee_rate=Decimal("0.0025"),
    )
    b = make_fund(
        session,
        fund_type=2,
        risk_level=2,
        short_name="乙债券",
        manage_fee_rate=Decimal("0.003"),
        custody_fee_rate=Decimal("0.001"),
        sales_service_fee_rate=Decimal("0.004"),
    )
    c = make_fund(session, fund_type=4, risk_level=1, short_name="丙货币", purchase_rate=None)
    add_navs(session, a, {d: nav_a(i) for i, d in enumerate(DAYS)})
    add_navs(session, b, {d: nav_b(i) for i, d in enumerate(DAYS)})
    manage(session, a, "王五", date(2018, 1, 1))
    manage(session, a, "赵六", date(2021, 1, 1))  # co-manager: 王五 has served longer
    manage(session, a, "钱七", date(2015, 1, 1), date(2017, 12, 31))  # left
    manage(session, b, "王五", date(2019, 1, 1))
    manage(session, c, "孙八", date(2020, 1, 1))
    hold(session, t, a, "6000.00")
    hold(session, t, b, "3000.00")
    hold(session, t, c, "1000.00")
    order(session, t, a.code, "15.00", "2")
    order(session, t, b.code, "5.00", "3")
    order(session, t, "", "20.00", "2")  # a portfolio parent: repeats its children's fees
    order(session, t, a.code, "9.00", "0")  # not confirmed
    session.flush()
    return World(t, a, b, c)


def post(
    client: TestClient, api: str, t: Trader, path: str, body: Any = None, status: int = 200
) -> Any:
    r = client.post(f"{api}{path}", json=body if body is not None else {}, headers=t.headers)
    assert r.status_code == status, r.text
    return r.json() if status != 200 else r.json()["data"]


def get(
    client: TestClient, api: str, t: Trader, path: str, status: int = 200, **params: Any
) -> Any:
    r = client.get(f"{api}{path}", params=params, headers=t.headers)
    assert r.status_code == status, r.text
    return r.json() if status != 200 else r.json()["data"]


def answers() -> dict[str, Any]:
    return {"answers": [{"no": i + 1, "chosen": c} for i, c in enumerate(ANSWERS)]}


def test_questionnaire(client: TestClient, api: str, world: World) -> None:
    t = world.trader
    detail = get(client, api, t, "/morningStar/getSurveyDetail")
    assert detail["title"] == "晨星投资问卷" and len(detail["questions"]) == 6
    assert detail["result"] is None
    assert detail["questions"][5]["multi"] is True
    result = post(client, api, t, "/morningStar/submitSurvey", answers())
    assert result["score"] == 18 and result["profile"] == 4 and result["profileName"] == "成长型"
    assert Decimal(result["equityLow"]) == Decimal("0.5") and Decimal(
        result["equityHigh"]
    ) == Decimal("0.8")
    assert result["horizonYears"] == 5
    again = get(client, api, t, "/morningStar/getSurveyDetail")
    assert again["result"]["surveyId"] == result["surveyId"]
    assert [q["chosen"] for q in again["questions"]] == ANSWERS


def test_incomplete_questionnaire(client: TestClient, api: str, world: World) -> None:
    t = world.trader
    body = answers()
    body["answers"] = body["answers"][:4]
    r = post(client, api, t, "/morningStar/submitSurvey", body, status=400)
    assert r["code"] == 69401 and r["msg"] == "请回答第5题"
    body = answers()
    body["answers"][0]["chosen"] = [1, 2]
    r = post(client, api, t, "/morningStar/submitSurvey", body, status=400)
    assert r["code"] == 69401 and r["msg"] == "第1题为单选题"
    body = answers()
    body["answers"][1]["chosen"] = [9]
    r = post(client, api, t, "/morningStar/submitSurvey", body, status=400)
    assert r["code"] == 69401 and r["msg"] == "第2题的选项有误"
    assert get(client, api, t, "/morningStar/getSurveyDetail")["result"] is None


def D(x: Any) -> Decimal:
    return Decimal(str(x))


def test_diagnosis_figures(client: TestClient, api: str, world: World) -> None:
    t = world.trader
    d = post(client, api, t, "/morningStar/submitDiagnosis")
    assert d["empty"] is False and d["holdingCount"] == 3
    assert D(d["totalValue"]) == Decimal("10000.00")
    s = d["sections"]

    conc = s["concentration"]
    assert [(h["name"], D(h["share"])) for h in conc["topHoldings"]] == [
        ("甲股票", Decimal("0.6")),
        ("乙债券", Decimal("0.3")),
        ("丙货币", Decimal("0.1")),
    ]
    assert D(conc["maxFundShare"]) == Decimal("0.6")
    # 王五 (longest-serving current manager of 甲, manager of 乙): 9000 of 10000
    assert [(m["name"], D(m["share"])) for m in conc["managers"]] == [
        ("王五", Decimal("0.9")),
        ("孙八", Decimal("0.1")),
    ]
    assert D(conc["maxManagerShare"]) == Decimal("0.9") and conc["level"] == "warn"
    assert "王五" in conc["finding"] and "90.00%" in conc["finding"]

    exp = s["exposure"]
    assert {c["name"]: D(c["share"]) for c in exp["assetClasses"]} == {
        "股票类": Decimal("0.6"),
        "债券类": Decimal("0.3"),
        "货币类": Decimal("0.1"),
    }
    assert {c["name"]: D(c["share"]) for c in exp["styles"]} == {
        "股票型": Decimal("0.6"),
        "债券型": Decimal("0.3"),
        "货币型": Decimal("0.1"),
    }
    # no questionnaire: the range of the grade C3, 30%-60%; 60% is inside
    assert D(exp["equityShare"]) == Decimal("0.6") and exp["level"] == "ok"
    assert D(exp["targetLow"]) == Decimal("0.3") and D(exp["targetHigh"]) == Decimal("0.6")

    fees = s["fees"]
    assert D(fees["feesPaid"]) == Decimal("20.00")  # 15 + 5; the parent and the waiting order not
    # (6000 × 1.75 % + 3000 × 0.8 %) / 9000; 丙 discloses no rate
    assert D(fees["weightedOngoingRate"]) == Decimal("0.014333")
    assert D(fees["yearlyCost"]) == Decimal("129.00") and fees["level"] == "ok"

    risk = s["risk"]
    assert risk["grade"] == 3 and D(risk["weightedRiskLevel"]) == Decimal("3.1")
    assert risk["highestRiskLevel"] == 4
    assert [r["name"] for r in risk["aboveGrade"]] == ["甲股票"]
    assert D(risk["aboveGradeShare"]) == Decimal("0.6") and risk["level"] == "warn"

    # overlap and performance over the last year of the NAVs
    end = DAYS[-1]
    start = months_before(end, 12)
    window = [i for i, day in enumerate(DAYS) if start <= day <= end]
    pa = np.array([float(nav_a(i)) for i in window])
    pb = np.array([float(nav_b(i)) for i in window])
    rho = np.corrcoef(pa[1:] / pa[:-1] - 1, pb[1:] / pb[:-1] - 1)[0, 1]
    (pair,) = s["overlap"]["pairs"]
    assert {pair["nameA"], pair["nameB"]} == {"甲股票", "乙债券"}
    assert pair["days"] == len(window) - 1
    assert abs(float(pair["correlation"]) - rho) < 1e-4
    assert rho > 0.9 and pair["overlapping"] is True  # the two NAVs share their swing
    assert s["overlap"]["level"] == ("warn" if rho >= 0.9 else "ok")

    perf = s["performance"]
    # 丙 has no NAV by the start: 甲 and 乙 in today's proportions, 2/3 and 1/3
    value = 2 / 3 * pa / pa[0] + 1 / 3 * pb / pb[0]
    assert abs(float(perf["portfolioReturn"]) - (value[-1] - 1)) < 1e-4
    ia = np.array([float(index_a(i)) for i in window])
    assert abs(float(perf["benchmarkReturn"]) - (ia[-1] / ia[0] - 1)) < 1e-4
    assert abs(float(perf["excessReturn"]) - ((value[-1] - 1) - (ia[-1] / ia[0] - 1))) < 2e-4
    drawdown = (value / np.maximum.accumulate(value) - 1).min()
    assert abs(float(perf["maxDrawdown"]) - drawdown) < 1e-4
    returns = value[1:] / value[:-1] - 1
    assert abs(float(perf["volatility"]) - returns.std(ddof=1) * math.sqrt(252)) < 1e-4
    assert perf["benchmarks"] == ["沪深300"] and len(perf["curve"]) == len(window)
    beats = bool(value[-1] - ia[-1] / ia[0] >= 0)
    assert perf["level"] == ("ok" if beats else "warn")

    warns = sum(1 for sec in s.values() if sec["level"] == "warn")
    assert d["warnCount"] == warns and d["score"] == 100 - 15 * warns

    latest = get(client, api, t, "/morningStar/getLatestDiagnosis")
    assert latest == d
    stats = get(client, api, t, "/morningStar/getDiagnosisStatistics")
    assert stats["diagnosisCount"] == 1 and stats["latestScore"] == d["score"]
    assert stats["history"][0]["diagnosisId"] == d["diagnosisId"]


def test_questionnaire_sets_the_target(client: TestClient, api: str, world: World) -> None:
    t = world.trader
    post(client, api, t, "/morningStar/submitSurvey", answers())
    d = post(client, api, t, "/morningStar/submitDiagnosis")
    exp = d["sections"]["exposure"]
    assert d["surveyDone"] is True
    assert D(exp["targetLow"]) == Decimal("0.5") and exp["level"] == "ok"
    assert "问卷结果" in exp["finding"]


def test_no_holdings_is_an_empty_answer(client: TestClient, api: str, session: Session) -> None:
    t = make_trader(session)
    for path in ("/morningStar/getLatestDiagnosis",):
        empty = get(client, api, t, path)
        assert empty["empty"] is True and empty["sections"] is None
    d = post(client, api, t, "/morningStar/submitDiagnosis")
    assert d["empty"] is True and d["message"].startswith("您当前没有持仓")
    stats = get(client, api, t, "/morningStar/getDiagnosisStatistics")
    assert stats["diagnosisCount"] == 0 and stats["history"] == []
    # no proposal yet: the latest is none (the screen's empty state); a named one is not found
    assert get(client, api, t, "/morningStar/queryInvestmentProposalDetail") is None
    r = get(client, api, t, "/morningStar/queryInvestmentProposalDetail", proposalId=1, status=404)
    assert r["code"] == 69402


def test_proposal(client: TestClient, api: str, session: Session, world: World) -> None:
    t = world.trader
    post(client, api, t, "/morningStar/submitSurvey", answers())
    d = post(client, api, t, "/morningStar/submitDiagnosis")
    pid = d["proposalId"]
    detail = get(client, api, t, "/morningStar/queryInvestmentProposalDetail", proposalId=pid)
    lines = {ln["assetClass"]: ln for ln in detail["lines"]}
    # profile 4: equity at the middle of 50%-80%, 65%; the rest 80 % bonds, 20 % cash
    assert D(lines["权益类"]["targetShare"]) == Decimal("0.65")
    assert D(lines["债券类"]["targetShare"]) == Decimal("0.28")
    assert D(lines["货币类"]["targetShare"]) == Decimal("0.07")
    assert D(lines["权益类"]["targetValue"]) == Decimal("6500.00")
    assert D(lines["权益类"]["changeValue"]) == Decimal("500.00")
    assert D(lines["债券类"]["changeValue"]) == Decimal("-200.00")
    assert lines["权益类"]["fundName"] == "甲股票"
    base = detail["base"]
    assert base["status"] == "PENDING" and base["statusName"] == "待确认"
    assert base["profileName"] == "成长型" and base["diagnosisScore"] == d["score"]
    risk = get(client, api, t, "/morningStar/queryInvestmentRiskInfo", proposalId=pid)
    assert risk["riskLevel"] == 4 and risk["grade"] == 3 and risk["needConfirm"] is True
    assert [ln["fundName"] for ln in risk["aboveGrade"]] == ["甲股票"]
    # above the grade: only with the risk accepted, once
    r = post(
        client, api, t, "/morningStar/confirmInvestmentProposal", {"proposalId": pid}, status=400
    )
    assert r["code"] == 69404
    ok = post(
        client,
        api,
        t,
        "/morningStar/confirmInvestmentProposal",
        {"proposalId": pid, "acceptRisk": True},
    )
    assert ok["base"]["status"] == "CONFIRMED" and ok["base"]["confirmedAt"]
    r = post(
        client,
        api,
        t,
        "/morningStar/confirmInvestmentProposal",
        {"proposalId": pid, "acceptRisk": True},
        status=400,
    )
    assert r["code"] == 69403
    # another user's proposal: 404, for every call
    other = make_trader(session)
    for path in (
        "/morningStar/queryInvestmentProposalDetail",
        "/morningStar/queryInvestmentProposalBaseInfo",
        "/morningStar/queryInvestmentRiskInfo",
    ):
        assert get(client, api, other, path, status=404, proposalId=pid)["code"] == 69402
    r = post(
        client,
        api,
        other,
        "/morningStar/confirmInvestmentProposal",
        {"proposalId": pid, "acceptRisk": True},
        status=404,
    )
    assert r["code"] == 69402
