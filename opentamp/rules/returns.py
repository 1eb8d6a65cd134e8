"""Return analytics over a period the investor picks (docs/rules.md#returns): the simple
return, the time-weighted return (TWR) and the money-weighted return (XIRR), side by side.

Everything is drawn from the stored daily profit rows (``holding_daily_profit``: per holding
and day, the day's ``profit`` and the ``market_value`` at its close), never recomputed from
orders. A holding's value is carried forward to the days it has no row, and its **net cash
flow** of a row's day is what the profit rule leaves over:

    flow_d = market_value_d − market_value_prev − profit_d

(money paid in counts positive, money taken out — a redemption, a cash dividend — negative),
because ``profit_d = Δ accumulated profit = Δ market value + Δ redeemed + Δ dividends − Δ paid
in``. Summed over the holdings in scope, each day has a value ``V_d`` and a flow ``F_d``; the
period (start S, end E) begins with ``V_0`` (the value at the last day before S, 0 without one).

- **simple return** = Σ profit_d ÷ net paid in, where net paid in = ``V_0 + Σ F_d`` (what was in
  at the start plus money in less money out); none when that is not positive.
- **time-weighted return** = Π (1 + r_d) − 1 with ``r_d = profit_d / (V_{d−1} + max(F_d, 0))``:
  money paid in on a day works from that day's start, money taken out leaves at its close, so
  the result does not depend on when or how much money came in (0 for a day with nothing in).
- **money-weighted return** = the XIRR (annualised, actual/365) of the investor's cash flows:
  ``−V_0`` on the day before S, ``−F_d`` on each day, ``+V_E`` on E; computed by ``pyxirr``;
  none when the flows do not change sign or have no solution.

Worked example (tests/rules/test_returns.py): 10 000 in on day 1 and a 10 % gain that day
(V = 11 000), 11 000 more in on day 2 and a 10 % loss (V = 19 800): profit = 1 000 − 2 200 =
−1 200, net paid in 21 000, simple = −5.714 286 %; TWR = 1.1 × 0.9 − 1 = −1 %.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

import pyxirr

ZERO = Decimal("0.00")
#: Returns are given as decimals to 8 places (0.01234567 = 1.234567 %).
RETURN_SCALE = Decimal("0.00000001")


@dataclass(frozen=True, slots=True)
class DailyRow:
    """One stored daily profit row of a holding."""

    holding_id: int
    day: date
    profit: Decimal
    market_value: Decimal


@dataclass(frozen=True, slots=True)
class Day:
    """One day of the period over all holdings in scope: the value at its close, the net
    money put in that day and the day's profit."""

    day: date
    value: Decimal
    flow: Decimal
    profit: Decimal


@dataclass(frozen=True, slots=True)
class Period:
    start_value: Decimal
    days: list[Day]

    @property
    def end_value(self) -> Decimal:
        return self.days[-1].value if self.days else self.start_value

    @property
    def profit(self) -> Decimal:
        return sum((d.profit for d in self.days), ZERO)

    @property
    def net_paid_in(self) -> Decimal:
        return self.start_value + sum((d.flow for d in self.days), ZERO)


def period_days(rows: Iterable[DailyRow], *, start: date, end: date) -> Period:
    """The days of [start, end] from every daily row up to ``end`` (rows before ``start`` only
    give the holdings' values at the start), oldest first."""
    last: dict[int, Decimal] = {}
    by_day: dict[date, tuple[Decimal, Decimal]] = {}
    for row in sorted(rows, key=lambda r: (r.day, r.holding_id)):
        if row.day > end:
            continue
        prev = last.get(row.holding_id, ZERO)
        last[row.holding_id] = row.market_value
        if row.day < start:
            continue
        flow, profit = by_day.get(row.day, (ZERO, ZERO))
        by_day[row.day] = (flow + row.market_value - prev - row.profit, profit + row.profit)
    # the values at each day's close, walking the carried-forward values again
    values: dict[int, Decimal] = {}
    start_value = ZERO
    days: list[Day] = []
    ordered = sorted((r for r in rows if r.day <= end), key=lambda r: (r.day, r.holding_id))
    i = 0
    while i < len(ordered) and ordered[i].day < start:
        values[ordered[i].holding_id] = ordered[i].market_value
        i += 1
    start_value = sum(values.values(), ZERO)
    while i < len(ordered):
        day = ordered[i].day
        while i < len(ordered) and ordered[i].day == day:
            values[ordered[i].holding_id] = ordered[i].market_value
            i += 1
        flow, profit = by_day[day]
        days.append(Day(day=day, value=sum(values.values(), ZERO), flow=flow, profit=profit))
    return Period(start_value=start_value, days=days)


def simple_return(profit: Decimal, net_paid_in: Decimal) -> Decimal | None:
    """Profit ÷ net paid in; none when nothing (net) was paid in."""
    if net_paid_in <= 0:
        return None
    return (profit / net_paid_in).quantize(RETURN_SCALE)


def time_weighted_return(start_value: Decimal, days: Sequence[Day]) -> Decimal | None:
    """Chain-linked daily returns; none for a period without any money at work."""
    growth = Decimal(1)
    prev = start_value
    worked = False
    for d in days:
        base = prev + max(d.flow, ZERO)
        if base > 0:
            growth *= 1 + d.profit / base
            worked = True
        prev = d.value
    return (growth - 1).quantize(RETURN_SCALE) if worked else None


def cash_flows(period: Period, *, start: date, end: date) -> list[tuple[date, Decimal]]:
    """The investor's cash flows (paid in negative, received positive), one per date."""
    flows: dict[date, Decimal] = {}
    if period.start_value:
        flows[start - timedelta(days=1)] = -period.start_value
    for d in period.days:
        if d.flow:
            flows[d.day] = flows.get(d.day, ZERO) - d.flow
    if period.end_value:
        flows[end] = flows.get(end, ZERO) + period.end_value
    return sorted(flows.items())


def money_weighted_return(flows: Sequence[tuple[date, Decimal]]) -> Decimal | None:
    """XIRR of the cash flows (annualised), or none without a solution."""
    if not any(a < 0 for _d, a in flows) or not any(a > 0 for _d, a in flows):
        return None
    try:
        rate = pyxirr.xirr([d for d, _a in flows], [float(a) for _d, a in flows])
    except (pyxirr.InvalidPaymentsError, ValueError, OverflowError):
        return None
    if rate is None or rate != rate or rate in (float("inf"), float("-inf")):
        return None
    return Decimal(repr(rate)).quantize(RETURN_SCALE)
