"""The return analytics (docs/rules.md#returns) against independent computations on hand-made
cash-flow scenarios: the TWR chained by hand, the XIRR found by bisection on the NPV."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from opentamp.rules.returns import (
    DailyRow,
    cash_flows,
    money_weighted_return,
    period_days,
    simple_return,
    time_weighted_return,
)

D = Decimal


def npv(rate: float, flows: list[tuple[date, float]]) -> float:
    d0 = flows[0][0]
    return sum(a / (1 + rate) ** ((d - d0).days / 365) for d, a in flows)


def xirr_by_bisection(flows: list[tuple[date, float]]) -> float:
    lo, hi = -0.99, 100.0
    f_lo = npv(lo, flows)
    for _ in range(300):
        mid = (lo + hi) / 2
        f_mid = npv(mid, flows)
        if (f_mid > 0) == (f_lo > 0):
            lo, f_lo = mid, f_mid
        else:
            hi = mid
    return (lo + hi) / 2


def row(h: int, d: date, profit: str, value: str) -> DailyRow:
    return DailyRow(holding_id=h, day=d, profit=D(profit), market_value=D(value))


def test_money_in_twice_a_gain_then_a_loss() -> None:
    d1, d2 = date(2026, 3, 2), date(2026, 9, 1)
    rows = [row(1, d1, "1000.00", "11000.00"), row(1, d2, "-2200.00", "19800.00")]
    period = period_days(rows, start=d1, end=d2)
    # flows: 10 000 in on d1 (11 000 − 0 − 1 000), 11 000 in on d2 (19 800 − 11 000 + 2 200)
    assert [d.flow for d in period.days] == [D("10000.00"), D("11000.00")]
    assert period.profit == D("-1200.00") and period.net_paid_in == D("21000.00")
    assert float(simple_return(period.profit, period.net_paid_in)) == pytest.approx(
        -1200 / 21000, abs=1e-8
    )
    # the day returns 1 000 / 10 000 and −2 200 / (11 000 + 11 000)
    twr = time_weighted_return(period.start_value, period.days)
    assert float(twr) == pytest.approx(1.1 * 0.9 - 1, abs=1e-8)
    flows = cash_flows(period, start=d1, end=d2)
    assert flows == [(d1, D("-10000.00")), (d2, D("8800.00"))]
    mine = xirr_by_bisection([(d, float(a)) for d, a in flows])
    assert float(money_weighted_return(flows)) == pytest.approx(mine, abs=1e-6)


def test_two_holdings_carried_forward_redemption_and_a_period_inside_the_history() -> None:
    days = [
        date(2026, 1, 5),
        date(2026, 2, 2),
        date(2026, 3, 2),
        date(2026, 4, 1),
        date(2026, 6, 1),
    ]
    rows = [
        # fund 1: 5 000 in on day 0, grows, half redeemed on day 3 (2 800 out), clears on day 4
        row(1, days[0], "-10.00", "4990.00"),
        row(1, days[1], "210.00", "5200.00"),
        row(1, days[3], "400.00", "2800.00"),  # 5 600 before the 2 800 taken out
        row(1, days[4], "100.00", "0.00"),  # 2 900 taken out
        # fund 2 (the wallet): rows on other days only, value carried forward in between
        row(2, days[1], "0.00", "1000.00"),  # 1 000 in
        row(2, days[2], "5.00", "1005.00"),
        row(2, days[4], "20.00", "3025.00"),  # 2 000 in
    ]
    start, end = days[1], days[4]
    period = period_days(rows, start=start, end=end)
    assert period.start_value == D("4990.00")
    by_hand = [  # (value at close, net flow, profit)
        (D("6200.00"), D("1000.00"), D("210.00")),
        (D("6205.00"), D("0.00"), D("5.00")),
        (D("3805.00"), D("-2800.00"), D("400.00")),
        (D("3025.00"), D("-900.00"), D("120.00")),
    ]
    assert [(d.value, d.flow, d.profit) for d in period.days] == by_hand
    # TWR by hand: 210/(4990+1000), 5/6200, 400/6205, 120/3805
    expected = (1 + 210 / 5990) * (1 + 5 / 6200) * (1 + 400 / 6205) * (1 + 120 / 3805) - 1
    assert float(time_weighted_return(period.start_value, period.days)) == pytest.approx(
        expected, abs=1e-8
    )
    assert period.net_paid_in == D("4990.00") + D("1000.00") - D("2800.00") - D("900.00")
    assert simple_return(period.profit, period.net_paid_in) == (D(735) / D(2290)).quantize(
        D("1e-8")
    )
    flows = cash_flows(period, start=start, end=end)
    assert flows == [
        (date(2026, 2, 1), D("-4990.00")),
        (days[1], D("-1000.00")),
        (days[3], D("2800.00")),
        (days[4], D("900.00") + D("3025.00")),
    ]
    mine = xirr_by_bisection([(d, float(a)) for d, a in flows])
    assert float(money_weighted_return(flows)) == pytest.approx(mine, abs=1e-6)


def test_nothing_invested_gives_no_returns() -> None:
    period = period_days([], start=date(2026, 1, 1), end=date(2026, 1, 31))
    assert simple_return(period.profit, period.net_paid_in) is None
    assert time_weighted_return(period.start_value, period.days) is None
    assert (
        money_weighted_return(cash_flows(period, start=date(2026, 1, 1), end=date(2026, 1, 31)))
        is None
    )


def test_rows_after_the_end_are_left_out() -> None:
    d1, d2 = date(2026, 3, 2), date(2026, 3, 3)
    rows = [row(1, d1, "100.00", "1100.00"), row(1, d2, "500.00", "1600.00")]
    period = period_days(rows, start=d1, end=d1)
    assert period.end_value == D("1100.00") and period.profit == D("100.00")
    assert float(time_weighted_return(period.start_value, period.days)) == pytest.approx(0.1)
