"""The adviser fee (docs/advisory.md#fees): the yearly rate, the daily accrual, its cap within a
charge period, the periods, and the first-year estimate; with the SQL twin of the accrual that
the daily step applies to every account at once.

Worked example (FIXED 0.5 % a year, no discount): 20 000.00 held over a Monday (3 calendar
days since Friday) accrues ``round(20000 × 0.005 × 3 / 365, 2)`` = 0.82; over a Tuesday 0.27.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import case, literal_column
from sqlalchemy.sql.elements import ColumnElement

from opentamp.kit.money import RATE_SCALE, Fig, SqlMoney, muldiv, round_amount, round_half_up

DAYS_IN_YEAR = 365
ZERO = Decimal("0")
#: Periods a year of each charge period.
PERIODS_PER_YEAR = {"D": 365, "M": 12, "Q": 4, "Y": 1}


def effective_rate(
    *,
    mode: str,
    fee_ratio: Decimal,
    discount: Decimal,
    tiers: Sequence[tuple[Decimal, Decimal]] = (),
    assets: Decimal = ZERO,
) -> Decimal:
    """The yearly rate applied to ``assets``: FIXED ``fee_ratio × discount`` (0.006 × 0.8 =
    0.0048); STEP the rate of the highest tier whose floor is ≤ assets (tiers 0 → 0.006,
    100 000 → 0.004: 150 000.00 pays 0.004), times the discount; MEMBER nothing."""
    if mode == "MEMBER":
        return ZERO
    rate = fee_ratio
    if mode == "STEP":
        for floor, tier_rate in sorted(tiers):
            if assets >= floor:
                rate = tier_rate
    return round_half_up(rate * discount, RATE_SCALE)


def daily_accrual(assets: Decimal, rate: Decimal, days: int) -> Decimal:
    """``round_half_up(assets × rate × days / 365, 2)``: 20 000.00 at 0.005 over 1 day = 0.27."""
    return muldiv([assets, rate, Decimal(days)], [Decimal(DAYS_IN_YEAR)], scale=2)


def capped(amount: Decimal, accrued_in_period: Decimal, upper: Decimal | None) -> Decimal:
    """An accrual never takes the period's accruals above ``upper`` (null: no cap): 0.82 with
    199.50 already accrued under a cap of 200.00 accrues 0.50."""
    if upper is None:
        return amount
    return max(ZERO, min(amount, upper - accrued_in_period))


def period_start(day: date, period: str) -> date:
    """The first day of the charge period holding ``day``: M 2026-11-17 → 2026-11-01, Q →
    2026-10-01, Y → 2026-01-01, D → the day itself."""
    if period == "D":
        return day
    if period == "M":
        return day.replace(day=1)
    if period == "Q":
        return date(day.year, 3 * ((day.month - 1) // 3) + 1, 1)
    return date(day.year, 1, 1)


def period_end(day: date, period: str) -> date:
    """The last day of the charge period holding ``day`` (M 2026-11-17 → 2026-11-30)."""
    if period == "D":
        return day
    start = period_start(day, period)
    months = {"M": 1, "Q": 3, "Y": 12}[period]
    month = start.month - 1 + months
    nxt = date(start.year + month // 12, month % 12 + 1, 1)
    return nxt - timedelta(days=1)


def first_year_charge(
    amount: Decimal, rate: Decimal, upper: Decimal | None, period: str
) -> Decimal:
    """The fee of a year on ``amount`` at ``rate``, capped by the periods' caps: 20 000.00 at
    0.005 = 100.00; with a monthly cap of 5.00 at most 60.00."""
    fee = round_amount(amount * rate)
    if upper is None:
        return fee
    return min(fee, upper * PERIODS_PER_YEAR[period])


# -- the SQL twin --------------------------------------------------------------------------------


def accrual_sql(
    m: SqlMoney, assets: Fig, rate: Fig, days: int, *, accrued: Any, upper: Decimal | None
) -> ColumnElement[Any]:
    """:func:`daily_accrual` then :func:`capped`, over columns: ``assets`` and ``rate`` figures,
    ``accrued`` the period's accruals so far (a column at the scale of money)."""
    # Whole numbers as the dialect multiplies them exactly: integers on SQLite, NUMERIC on
    # PostgreSQL (whose int4 literals would overflow in the scaled product).
    suffix = "" if m.sqlite else ".0"
    raw = m.muldiv(
        [assets, rate, Fig(literal_column(f"{days}{suffix}"), 0)],
        [Fig(literal_column(f"{DAYS_IN_YEAR}{suffix}"), 0)],
        scale=2,
    )
    if upper is None:
        return raw
    cap_units = str(int(upper * 100)) if m.sqlite else format(upper, "f")
    room = literal_column(cap_units) - accrued
    zero: ColumnElement[Any] = literal_column("0")
    return case((room <= zero, zero), (raw > room, room), else_=raw)
