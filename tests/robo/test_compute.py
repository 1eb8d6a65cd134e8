"""The optimiser's constraints and the backtest's figures, checked against hand-worked numbers
and an independent computation (numpy, pandas and empyrical) — docs/robo.md."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import empyrical
import numpy as np
import pandas as pd
import pytest

from opentamp.robo import backtest as bt
from opentamp.robo import optimiser as opt
from tests.robo.conftest import RoboCalls, RoboWorld, nav_history

D = Decimal


def _frame(n: int = 800) -> tuple[pd.DataFrame, dict[str, int]]:
    days = [date(2023, 1, 2) + timedelta(days=i) for i in range(n)]
    specs = {
        "B1": (0.03, 0.02, 2, 1),
        "B2": (0.02, 0.01, 2, 2),
        "M3": (0.06, 0.10, 3, 3),
        "S4": (0.10, 0.22, 4, 4),
        "G4": (0.07, 0.15, 4, 5),
        "T5": (0.12, 0.30, 5, 6),
    }
    series = {
        code: list(zip(days, nav_history(days, seed, drift, vol), strict=True))
        for code, (drift, vol, _lvl, seed) in specs.items()
    }
    return opt.price_frame(series), {c: s[2] for c, s in specs.items()}


def test_exact_weights_hand_worked() -> None:
    # 0.005 is below the 1 % cut-off; the rest rescaled by 1/0.995: 0.50251256, 0.30150754,
    # 0.19597990, rounded down (0.9999) and the ten-thousandth left to the largest remainder.
    got = opt.exact_weights({"a": 0.5, "b": 0.3, "c": 0.195, "d": 0.005})
    assert got == {"a": D("0.5025"), "b": D("0.3015"), "c": D("0.1960")}
    # Capped at 0.4: 0.6 → 0.4, the 0.2 spread pro rata over 0.3 and 0.1 gives b 0.45, over
    # the cap again: b → 0.4 and its 0.05 goes to c (0.15 + 0.05).
    capped = opt.exact_weights({"a": 0.6, "b": 0.3, "c": 0.1}, cap=0.4)
    assert capped == {"a": D("0.4000"), "b": D("0.4000"), "c": D("0.2000")}
    assert sum(got.values()) == 1
    assert opt.exact_weights({"x": 1 / 3, "y": 1 / 3, "z": 1 / 3}) == {
        "x": D("0.3334"),
        "y": D("0.3333"),
        "z": D("0.3333"),
    }


def test_budget_of_grade_and_loss_tolerance() -> None:
    assert opt.budget(3) == 0.10
    assert opt.budget(3, D("0.10")) == 0.05  # half the accepted loss
    assert opt.budget(5, D("0.30")) == 0.15


@pytest.mark.parametrize("grade", [2, 3, 4, 5])
def test_alternatives_respect_the_grade_and_bounds(grade: int) -> None:
    frame, levels = _frame()
    alts = opt.alternatives(frame, levels, grade, D("0.30"))
    assert 2 <= len(alts) <= 4
    returns = frame.pct_change().dropna()
    cov = returns.cov().to_numpy() * 252
    vols = {}
    for a in alts:
        assert sum(a.weights.values()) == 1
        assert all(w >= D("0.01") for w in a.weights.values())
        top = max(levels[c] for c in a.weights)
        if a.method == opt.ABOVE_GRADE:
            assert top == grade + 1
        else:
            assert top <= grade
        if a.method in (opt.MIN_VOLATILITY, opt.TARGET_RISK, opt.ABOVE_GRADE):
            n = sum(1 for c in levels if levels[c] <= top)
            bound = max(D(str(opt.MAX_WEIGHT)), D(1) / n)
            assert max(a.weights.values()) <= bound + D("0.0001")
        w = np.array([float(a.weights.get(c, 0)) for c in frame.columns])
        vol = float(np.sqrt(w @ cov @ w))
        assert float(a.volatility) == pytest.approx(vol, abs=1e-5)
        vols[a.method] = vol
    # The minimum-variance portfolio has less risk than the mean-variance one at the budget.
    if opt.TARGET_RISK in vols:
        assert vols[opt.MIN_VOLATILITY] <= vols[opt.TARGET_RISK] + 1e-4
    if opt.TARGET_RISK in vols:
        assert vols[opt.TARGET_RISK] <= opt.budget(grade, D("0.30")) + 1e-3
    assert (opt.ABOVE_GRADE in vols) == (grade < 5)


def test_c1_with_no_r1_fund_has_no_alternative() -> None:
    frame, levels = _frame()
    assert opt.alternatives(frame, levels, 1) == []


def test_percentiles_and_distribution_hand_worked() -> None:
    values = sorted(D(x) for x in ("-0.05", "-0.01", "0.00", "0.02", "0.03", "0.04", "0.10"))
    # Nearest rank: ceil(p/100 × 7).
    assert bt.percentile(values, 5) == D("-0.05")
    assert bt.percentile(values, 50) == D("0.02")
    assert bt.percentile(values, 95) == D("0.10")
    buckets = bt.distribution(values)
    assert len(buckets) == 10 and sum(n for _lo, _hi, n in buckets) == 7
    assert buckets[0] == (D("-0.05"), D("-0.035"), 1)
    assert buckets[-1][2] == 1  # 0.10 counted in the last bucket


def test_backtest_series_and_figures_against_an_independent_computation() -> None:
    days = [date(2023, 1, 2) + timedelta(days=i) for i in range(600)]
    navs = {
        "A": list(zip(days, nav_history(days, 7, 0.05, 0.12), strict=True)),
        "B": list(zip(days, nav_history(days, 8, 0.02, 0.03), strict=True)),
    }
    weights = {"A": D("0.6"), "B": D("0.4")}
    series = bt.series(navs, weights)
    prices = pd.DataFrame({c: [float(v) for _d, v in pts] for c, pts in navs.items()})
    units = {c: float(weights[c]) / prices[c].iloc[0] for c in weights}
    expected = sum(prices[c] * u for c, u in units.items())
    assert [float(v) for _d, v in series] == pytest.approx(list(expected), abs=1e-12)

    summary = bt.summary(series, 6)
    assert summary is not None
    returns = expected.pct_change().dropna()
    assert float(summary.max_drawdown) == pytest.approx(empyrical.max_drawdown(returns), abs=1e-9)
    assert float(summary.annual_volatility) == pytest.approx(
        empyrical.annual_volatility(returns), abs=1e-9
    )
    assert float(summary.annual_return) == pytest.approx(empyrical.annual_return(returns), abs=1e-9)
    # Rolling 6-month returns: the value over the value on or before the same day 6 months back.
    s = pd.Series(list(expected), index=pd.to_datetime(days))
    rolled = []
    for d in s.index:
        start = d - pd.DateOffset(months=6)
        if start < s.index[0]:
            continue
        rolled.append(s[d] / s[:start].iloc[-1] - 1)
    assert summary.windows == len(rolled)
    assert float(summary.loss_probability) == pytest.approx(
        sum(1 for r in rolled if r < 0) / len(rolled), abs=1e-12
    )
    ordered = sorted(rolled)
    median = ordered[int(np.ceil(0.5 * len(ordered))) - 1]
    assert float(summary.median_return) == pytest.approx(median, abs=1e-12)


def test_backtest_route_matches_the_independent_computation(
    robo: RoboCalls, robo_world: RoboWorld
) -> None:
    sid = robo.survey()
    pid = robo.post("/roboServiceAccount/survey/submit", {"surveyId": sid})["data"]["planningId"]
    plan = robo.get("/investment/planning/detail", planningId=pid)["data"]
    chosen = next(a for a in plan["allocations"] if a["selected"])
    weights = {i["fundCode"]: float(i["weight"]) for i in chosen["items"]}
    detail = robo.get("/investment/planning/getRollingReturnBacktestingDetail", planningId=pid)[
        "data"
    ]
    prices = pd.DataFrame({c: [float(v) for v in robo_world.navs[c]] for c in weights})
    value = sum(prices[c] * (w / prices[c].iloc[0]) for c, w in weights.items())
    returns = value.pct_change().dropna()
    assert float(detail["maxDrawdown"]) == pytest.approx(empyrical.max_drawdown(returns), abs=1e-6)
    assert float(detail["annualVolatility"]) == pytest.approx(
        empyrical.annual_volatility(returns), abs=1e-6
    )
    assert float(detail["annualReturn"]) == pytest.approx(
        empyrical.annual_return(returns), abs=1e-6
    )
    assert len(detail["series"]) == len(robo_world.days)
    assert detail["horizonMonths"] == 6 and detail["windows"] == len(detail["rolling"])
    assert sum(b["count"] for b in detail["distribution"]) == detail["windows"]
    p = detail["percentiles"]
    assert float(p["p5"]) <= float(p["p50"]) <= float(p["p95"])
    assert [f["month"] for f in detail["fan"]] == list(range(1, 7))
    assert chosen["backtest"]["maxDrawdown"] == detail["maxDrawdown"]
    exp = robo.get("/investment/planning/holdingExperience", planningId=pid, holdMonths=6)["data"]
    assert exp["windows"] == detail["windows"]
    assert exp["lossProbability"] == detail["lossProbability"]
    assert D(exp["lossProbability"]) + D(exp["profitProbability"]) <= 1
