"""The market simulator: deterministic draws and the figures of one day, by hand."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from opentamp.kit.calendar import TradingCalendar
from opentamp.market import simulator as sim
from opentamp.market.simulator import FactorDay, FactorModel, NavState, next_nav

D = Decimal


def november_2026() -> TradingCalendar:
    """Weekdays of November 2026 (no holiday that month)."""
    days = [date(2026, 11, 1) + timedelta(days=i) for i in range(30)]
    return TradingCalendar([d for d in days if d.weekday() < 5], days[0], days[-1])


def test_draws_are_deterministic_and_in_range() -> None:
    assert sim.uniform("a") == sim.uniform("a")
    assert sim.uniform("a") != sim.uniform("b")
    assert all(D(0) <= sim.uniform(str(i)) < 1 for i in range(200))
    zs = [sim.standard_normal(f"z{i}") for i in range(2000)]
    assert all(D(-6) < z < 6 for z in zs)
    mean = sum(zs, D(0)) / len(zs)
    var = sum(((z - mean) ** 2 for z in zs), D(0)) / (len(zs) - 1)
    assert abs(mean) < D("0.1") and abs(var - 1) < D("0.15")  # Irwin–Hall: mean 0, variance 1


def test_a_flat_fund_keeps_its_nav_and_rounds_to_four_decimals() -> None:
    cal = november_2026()
    flat = FactorModel.of({"alpha": "0"})
    row, state = next_nav(
        "X",
        {},
        flat,
        date(2026, 11, 18),
        NavState(D("1.2345"), D("1.5000")),
        FactorDay(date(2026, 11, 18)),
        cal,
    )
    assert (row.nav, row.acc_nav, row.dividend) == (D("1.2345"), D("1.5000"), None)
    # alpha 25.2 % a year is 0.1 % a day: 1.2345 × 1.001 = 1.2357345 → 1.2357
    drift = FactorModel.of({"alpha": "0.252"})
    row, _ = next_nav("X", {}, drift, date(2026, 11, 18), state, FactorDay(date(2026, 11, 18)), cal)
    assert row.nav == D("1.2357")
    assert row.acc_nav == D("1.5012")  # the accumulated NAV moves by the same 0.0012


def test_dividend_day_pays_cash_and_keeps_the_accumulated_nav() -> None:
    cal = november_2026()
    params = {"dividend_month": 11, "dividend_ratio": "0.05"}
    # first trading day on or after 10 November 2026 is Tuesday the 10th
    assert sim.dividend_due(params, date(2026, 11, 10), cal)
    assert not sim.dividend_due(params, date(2026, 11, 11), cal)
    flat = FactorModel.of({})
    row, state = next_nav(
        "X",
        params,
        flat,
        date(2026, 11, 10),
        NavState(D("1.2000"), D("1.3000")),
        FactorDay(date(2026, 11, 10)),
        cal,
    )
    # cash 1.2000 × 5 % = 0.0600; NAV 1.2000 − 0.0600 = 1.1400; accumulated unchanged
    assert row.dividend == D("0.0600")
    assert row.nav == D("1.1400") and row.acc_nav == D("1.3000")
    assert state.nav == D("1.1400")


def test_no_dividend_below_1_05() -> None:
    cal = november_2026()
    params = {"dividend_month": 11}
    row, _ = next_nav(
        "X",
        params,
        FactorModel.of({}),
        date(2026, 11, 10),
        NavState(D("1.0400"), D("1.0400")),
        FactorDay(date(2026, 11, 10)),
        cal,
    )
    assert row.dividend is None and row.nav == D("1.0400")


def test_money_market_income_and_seven_day_yield() -> None:
    """A steady 3.65 % yield earns 1.0000 per 10 000 shares a day; Friday's figure covers
    Friday to Sunday (3.0000). The 7-day yield is the income over the days covered, a year
    of 365 days: back to 3.65 %."""
    cal = november_2026()
    params = {"model": "money", "base_yield": "0.0365", "spread": "0"}
    state = NavState(D("1.0000"), D("1.0000"))
    rows = []
    for day in cal.trading_days(date(2026, 11, 16), date(2026, 11, 23)):
        row, state = next_nav("M", params, FactorModel.of({}), day, state, FactorDay(day), cal)
        rows.append(row)
    incomes = {r.day: r.income_per_10k for r in rows}
    assert incomes[date(2026, 11, 19)] == D("1.0000")  # Thursday
    assert incomes[date(2026, 11, 20)] == D("3.0000")  # Friday, Saturday, Sunday
    assert all(r.nav == D("1.0000") for r in rows)
    monday = rows[-1]
    # window (11-16, 11-23]: Tue 1 + Wed 1 + Thu 1 + Fri 3 + Mon 1 = 7.0000 over 7 days
    assert monday.yield_7d == D("0.036500")
    assert sim.seven_day_yield([]) == D(0)


def test_signal_multiple_follows_the_drawdown() -> None:
    # 1 − 4 × (drawdown + 10 %), clamped to [0.5, 2.0]
    assert sim.signal_multiple(D("-0.10")) == D("1.0")
    assert sim.signal_multiple(D("-0.30")) == D("1.8")
    assert sim.signal_multiple(D("0")) == D("0.6")
    assert sim.signal_multiple(D("-0.60")) == D("2.0")
    assert sim.signal_multiple(D("0.05")) == D("0.5")
    draft = sim.signal_for(date(2026, 11, 20), [D("100"), D("120"), D("96")], "沪深300")
    # 96 / 120 − 1 = −20 %: 1 − 4 × (−0.10) = 1.4
    assert draft.multiple == D("1.4")
    assert "回撤20.00%" in draft.description and "1.4倍" in draft.description
