"""The target-strategy rules with their worked examples (docs/targets.md)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from opentamp.rules.targets import (
    adjusted_target_return,
    purchase_trade_date,
    reached,
    return_rate,
    target_problem,
)

D = Decimal


def test_adjusted_target() -> None:
    assert adjusted_target_return(D("0.10"), D("0.04")) == D("0.05769231")
    assert adjusted_target_return(D("0.05"), D("0.02")) == D("0.02941176")
    # Reaching it from the new base completes the original target: 1.02 × 1.0294… ≈ 1.05.
    assert abs(D("1.02") * (1 + adjusted_target_return(D("0.05"), D("0.02"))) - D("1.05")) < D(
        "0.0000001"
    )


def test_target_range() -> None:
    assert target_problem(D("0.02")) is None and target_problem(D("0.30")) is None
    assert target_problem(D("0.0825")) is None
    assert target_problem(D("0.01")) == "目标收益率需在2%至30%之间"
    assert target_problem(D("0.31")) == "目标收益率需在2%至30%之间"
    assert target_problem(D("0.08005")) == "目标收益率最多保留两位小数（百分比）"


def test_when_a_period_sells_and_a_reservations_trade_date() -> None:
    mon, wed = date(2026, 11, 23), date(2026, 11, 25)
    assert purchase_trade_date("RESERVE", "RESERVE", mon, wed) == wed
    assert purchase_trade_date("RESERVE", "IMMEDIATE", mon, wed) == mon
    assert purchase_trade_date("BUILD_RESERVE", "RESERVE", date(2026, 11, 26), wed) == date(
        2026, 11, 26
    )
    assert purchase_trade_date("RUN", "RESERVE", mon, wed) is None
    assert purchase_trade_date(None, "IMMEDIATE", mon, None) is None


def test_reached() -> None:
    assert not reached(D("1000.00"), D("1040.00"), D("0.05"))
    assert reached(D("1000.00"), D("1050.00"), D("0.05"))
    assert reached(D("1000.00"), D("1060.00"), D("0.05"))
    assert not reached(D("0.00"), D("10.00"), D("0.05"))
    assert return_rate(D("1000.00"), D("1060.00")) == D("0.06")
