"""Value series (docs/rules.md#profit): adjusted NAVs, money-market income, portfolio back-tests
and the
signal follow curve, by hand."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from opentamp.products.series import (
    NavPoint,
    adjusted_nav_series,
    backtest_hold,
    backtest_rebalanced,
    money_market_series,
    signal_follow,
)

D = Decimal
d1, d2, d3, d4 = date(2026, 11, 16), date(2026, 11, 17), date(2026, 11, 18), date(2026, 11, 19)


def test_dividends_are_reinvested_in_the_adjusted_nav() -> None:
    navs = [
        NavPoint(d1, D("1.20"), D("1.20")),
        NavPoint(d2, D("1.10"), D("1.20")),
        NavPoint(d3, D("1.21"), D("1.31")),
    ]
    # 0.10 paid on d2: factor (1.10 + 0.10) / 1.10; the adjusted NAV is unchanged by the payout
    out = adjusted_nav_series(navs, {d2: D("0.10")})
    assert out[0] == (d1, D("1.20"))
    assert out[1][1] == D("1.20")
    assert abs(out[2][1] - D("1.21") * D("1.20") / D("1.10") - 0) < D("1e-30")  # 1.32


def test_money_market_income_compounds_daily() -> None:
    navs = [NavPoint(d1, D(1), D(1), D("1.0000")), NavPoint(d2, D(1), D(1), D("2.0000"))]
    out = money_market_series(navs)
    # (1 + 1/10000) × (1 + 2/10000)
    assert out[-1][1] == D("1.0001") * D("1.0002")


def prices() -> dict[str, list[tuple[date, Decimal]]]:
    return {
        "A": [(d1, D("1.00")), (d2, D("1.10")), (d3, D("1.21")), (d4, D("1.21"))],
        "B": [(d1, D("2.00")), (d2, D("2.00")), (d3, D("1.80")), (d4, D("1.98"))],
    }


def test_buy_and_hold_between_adjustments() -> None:
    # 50/50 on d1: 0.5 units of A (1.00), 0.25 units of B (2.00)
    # d2: 0.5 × 1.10 + 0.25 × 2.00 = 1.05; d3: 0.605 + 0.45 = 1.055
    # adjustment on d3 to 100 % B: 1.055 / 1.80 units; d4: × 1.98 = 1.1605
    out = backtest_hold(prices(), [(d1, {"A": D("0.5"), "B": D("0.5")}), (d3, {"B": D("1")})])
    values = dict(out)
    assert values[d1] == D(1) and values[d2] == D("1.05") and values[d3] == D("1.055")
    assert abs(values[d4] - D("1.1605")) < D("1e-30")


def test_rebalanced_daily() -> None:
    # d2: A +10 %, B 0 → × 1.05; d3: A +10 %, B −10 % → × 1.00; d4: A 0, B +10 % → × 1.05
    out = dict(backtest_rebalanced(prices(), [(d1, {"A": D("0.5"), "B": D("0.5")})]))
    assert out[d2] == D("1.05") and out[d3] == D("1.05") and out[d4] == D("1.1025")


def test_signal_follow_is_value_over_invested() -> None:
    portfolio = [(d1, D("1.00")), (d2, D("1.25")), (d3, D("1.00")), (d4, D("1.50"))]
    # d1 buys 1 (1 unit); d3 buys 2 (2 units): invested 3, 3 units
    out = dict(signal_follow(portfolio, [(d1, D("1")), (d3, D("2"))]))
    assert out[d1] == D(1)
    assert out[d2] == D("1.25")  # 1 unit × 1.25 / 1
    assert out[d3] == D(1)  # 3 units × 1.00 / 3
    assert out[d4] == D("1.5")
    assert signal_follow(portfolio, []) == []
