"""docs/rules.md#profit: product performance, by hand and against empyrical-reloaded (to 1e-8)."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal, localcontext

import empyrical
import numpy as np
import pytest

from opentamp.kit.money import round_nav
from opentamp.market.simulator import FactorDay, FactorModel, series_return
from opentamp.products import performance as perf
from opentamp.products.performance import months_before

D = Decimal


def near(a: Decimal | None, b: Decimal) -> bool:
    return a is not None and abs(a - b) < D("1e-25")


def pts(start: date, values: list[str]) -> list[tuple[date, Decimal]]:
    return [(start + timedelta(days=i), D(v)) for i, v in enumerate(values)]


class TestByHand:
    # values 1.00 → 1.10 → 0.99 → 1.089: daily returns +10 %, −10 %, +10 %
    points = pts(date(2026, 1, 5), ["1.00", "1.10", "0.99", "1.089"])
    values = [v for _d, v in points]

    def test_returns_and_cumulative(self) -> None:
        assert perf.simple_returns(self.values) == [D("0.1"), D("-0.1"), D("0.1")]
        assert perf.cumulative_return(self.values) == D("0.089")

    def test_annual_return_is_cagr_over_252_day_years(self) -> None:
        # 3 daily returns are 3/252 of a year: 1.089^(252/3) − 1 = 1.089^84 − 1
        with localcontext(prec=40):
            expected = D("1.089") ** 84 - 1  # 1289.9…
        assert near(perf.annual_return(self.values), expected)

    def test_volatility(self) -> None:
        # mean 1/30; deviations 1/15, −2/15, 1/15; sample variance (1+4+1)/225/2 = 1/75
        expected = (D(1) / 75).sqrt() * D(252).sqrt()  # 1.83303…
        vol = perf.annual_volatility(perf.simple_returns(self.values))
        assert vol is not None and abs(vol - expected) < D("1e-25")
        assert str(vol)[:6] == "1.8330"

    def test_max_drawdown_with_dates(self) -> None:
        dd = perf.max_drawdown(self.points)
        assert dd.value == D("-0.1")  # 0.99 / 1.10 − 1
        assert dd.peak_date == date(2026, 1, 6) and dd.trough_date == date(2026, 1, 7)
        assert dd.recovery_date is None  # 1.089 < 1.10
        recovered = perf.max_drawdown(self.points + [(date(2026, 1, 9), D("1.10"))])
        assert recovered.recovery_date == date(2026, 1, 9)

    def test_sharpe_without_risk_free(self) -> None:
        # mean 1/30 over std √(1/75) = 0.288675…, × √252 = 4.5825…
        sharpe = perf.sharpe_ratio(perf.simple_returns(self.values), risk_free=D(0))
        expected = (D(1) / 30) / (D(1) / 75).sqrt() * D(252).sqrt()
        assert sharpe is not None and abs(sharpe - expected) < D("1e-25")

    def test_flat_series_has_no_sharpe(self) -> None:
        assert perf.sharpe_ratio([D("0.001")] * 5, risk_free=D(0)) is None
        assert perf.annual_volatility([D("0.01")]) is None

    def test_beta_and_alpha(self) -> None:
        # a fund that moves exactly twice its benchmark has beta 2 and, with no risk-free
        # rate and no residual, alpha 0
        bench = [D("0.01"), D("-0.02"), D("0.005"), D("0.0")]
        fund = [2 * b for b in bench]
        assert perf.beta(fund, bench) == D(2)
        assert perf.alpha(fund, bench, risk_free=D(0)) == D(0)
        # plus 0.001 a day: alpha (1.001)^252 − 1
        shifted = [r + D("0.001") for r in fund]
        alpha = perf.alpha(shifted, bench, risk_free=D(0))
        assert alpha is not None and abs(alpha - (D("1.001") ** 252 - 1)) < D("1e-25")


class TestPeriods:
    def test_months_before(self) -> None:
        assert months_before(date(2026, 3, 31), 1) == date(2026, 2, 28)
        assert months_before(date(2024, 3, 31), 1) == date(2024, 2, 29)
        assert months_before(date(2026, 1, 15), 1) == date(2025, 12, 15)
        assert months_before(date(2026, 11, 20), 36) == date(2023, 11, 20)

    def test_period_returns_from_the_last_value_on_or_before_the_start(self) -> None:
        points = [
            (date(2025, 10, 17), D("1.00")),  # before 近1年's start (2025-11-20)
            (date(2025, 11, 19), D("1.20")),  # last on or before 2025-11-20: 近1年 base
            (date(2025, 12, 31), D("1.25")),  # last of 2025: 今年以来 base
            (date(2026, 10, 20), D("1.40")),  # 近1月 base (2026-10-20)
            (date(2026, 11, 20), D("1.50")),
        ]
        got = {p.period: p for p in (perf.period_return(points, k) for k, _n, _m in perf.PERIODS)}
        assert near(got["1m"].value, D("1.50") / D("1.40") - 1)
        assert got["1m"].start_date == date(2026, 10, 20)
        assert got["1y"].value == D("0.25")  # 1.50 / 1.20 − 1
        assert got["ytd"].value == D("0.2")  # 1.50 / 1.25 − 1
        assert got["all"].value == D("0.5")
        assert got["3y"].value is None  # the series starts after 2023-11-20
        assert got["3y"].name == "近3年"

    def test_ytd_of_a_product_launched_this_year_runs_from_its_first_day(self) -> None:
        points = [(date(2026, 3, 2), D("1.0000")), (date(2026, 11, 20), D("1.0500"))]
        ytd = perf.period_return(points, "ytd")
        assert ytd.value == D("0.05") and ytd.start_date == date(2026, 3, 2)

    def test_rolling_one_year_holdings(self) -> None:
        points = [
            (date(2024, 1, 2), D("1.0")),
            (date(2024, 7, 1), D("0.9")),
            (date(2025, 1, 2), D("1.1")),  # held from 2024-01-02: +10 %
            (date(2025, 7, 1), D("0.8")),  # from 2024-07-01: −11.1…%
            (date(2026, 1, 2), D("1.2")),  # from 2025-01-02: +9.09…%
        ]
        rolled = perf.rolling_returns(points, 12)
        assert [d for d, _r in rolled] == [date(2025, 1, 2), date(2025, 7, 1), date(2026, 1, 2)]
        summary = perf.rolling_summary(points, 12)
        assert summary.count == 3
        assert near(summary.positive_probability, D(2) / 3)
        assert near(summary.minimum, D("0.8") / D("0.9") - 1)
        assert summary.maximum == D("0.1")

    def test_calendar_year_returns(self) -> None:
        points = [
            (date(2024, 6, 3), D("1.0")),
            (date(2024, 12, 31), D("1.1")),
            (date(2025, 12, 31), D("0.99")),
            (date(2026, 3, 2), D("1.089")),
        ]
        assert perf.calendar_year_returns(points) == [
            (2024, D("0.1")),
            (2025, D("-0.1")),
            (2026, D("0.1")),
        ]


def simulated_series(days: int, model: dict[str, object]) -> list[tuple[date, Decimal]]:
    """Three years of a simulated equity fund, NAVs rounded to 4 decimals as published."""
    from opentamp.kit.calendar import TradingCalendar

    start = date(2021, 1, 4)
    cal = TradingCalendar([], None, None)  # weekdays
    day, nav, out = start, D("1.0000"), [(start, D("1.0000"))]
    fm = FactorModel.of(model)
    while len(out) < days:
        day = cal.next_trading_day(day)
        nav = round_nav(nav * (1 + series_return("TEST", fm, FactorDay(day))))
        out.append((day, nav))
    return out


@pytest.mark.parametrize(
    "model",
    [
        {"alpha": "0.02", "exposures": {"CN_EQ": "0.95"}, "idio": "0.10"},
        {"alpha": "0.004", "exposures": {"CN_BD": "1"}, "idio": "0.008"},
    ],
)
def test_agrees_with_empyrical(model: dict[str, object]) -> None:
    """The same figures as empyrical-reloaded on the same three years of daily NAVs, to 1e-8."""
    points = simulated_series(756, model)
    bench_points = simulated_series(756, {"exposures": {"CN_EQ": "1"}})
    values = [v for _d, v in points]
    returns = perf.simple_returns(values)
    bench_returns = perf.simple_returns([v for _d, v in bench_points])
    r = np.array([float(x) for x in returns])
    b = np.array([float(x) for x in bench_returns])
    rf = float(perf.RISK_FREE_DAILY)

    def close(mine: Decimal | None, theirs: float) -> None:
        assert mine is not None
        assert abs(float(mine) - theirs) < 1e-8, (mine, theirs)

    close(perf.cumulative_return(values), empyrical.cum_returns_final(r))
    close(perf.annual_return(values), empyrical.annual_return(r))
    close(perf.annual_volatility(returns), empyrical.annual_volatility(r))
    close(perf.max_drawdown(points).value, empyrical.max_drawdown(r))
    close(perf.sharpe_ratio(returns), empyrical.sharpe_ratio(r, risk_free=rf))
    close(perf.sortino_ratio(returns), empyrical.sortino_ratio(r, required_return=rf))
    close(perf.calmar_ratio(points), empyrical.calmar_ratio(r))
    close(perf.beta(returns, bench_returns), empyrical.beta(r, b, risk_free=rf))
    close(perf.alpha(returns, bench_returns), empyrical.alpha(r, b, risk_free=rf))
    # rolling: one-year volatility over 252 returns, as empyrical rolls it
    window = returns[-252:]
    close(
        perf.annual_volatility(window),
        empyrical.roll_annual_volatility(r, window=252)[-1],
    )
