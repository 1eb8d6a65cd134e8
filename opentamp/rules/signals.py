"""The signal rules (docs/signals.md): the buy multiple's bands and the follow amount.

A lead manager's buy signal carries a multiple (``autoFollowBuyRate``) within the spec's bands
(docs/product.md#constants "Signal amount ratio"): decrease 50 %–100 %, standard 100 %,
increase 100 %–200 %. A follower's order is ``base amount × multiple``, half-up to the cent:
a base of 1 000.00 元 at 1.5× buys 1 500.00 元; 333.33 元 at 0.75× buys 249.9975 → 250.00 元.
A sell signal carries the part of the holding to sell, in (0, 1]: 0.5 sells half.
"""

from __future__ import annotations

from decimal import ROUND_CEILING, Decimal

from sqlalchemy.sql.elements import ColumnElement

from opentamp.kit.money import Fig, SqlMoney, muldiv

MIN_MULTIPLE = Decimal("0.5")
STANDARD_MULTIPLE = Decimal("1")
MAX_MULTIPLE = Decimal("2")


def multiple_band(multiple: Decimal) -> str:
    """The band a buy multiple falls in: ``decrease`` (0.5 ≤ m < 1), ``standard`` (m = 1),
    ``increase`` (1 < m ≤ 2). Outside [0.5, 2] a multiple is refused (ValueError)."""
    if not MIN_MULTIPLE <= multiple <= MAX_MULTIPLE:
        raise ValueError(f"multiple {multiple} outside [{MIN_MULTIPLE}, {MAX_MULTIPLE}]")
    if multiple < STANDARD_MULTIPLE:
        return "decrease"
    if multiple > STANDARD_MULTIPLE:
        return "increase"
    return "standard"


def sell_part_valid(part: Decimal) -> bool:
    """A sell signal's part of the holding: more than nothing, at most all of it."""
    return Decimal(0) < part <= Decimal(1)


def min_base(min_purchase: Decimal) -> Decimal:
    """最低跟车金额: the least base whose smallest multiple (0.5) still meets the product's
    minimum purchase, ``min_purchase / 0.5`` rounded up to the cent: 100.00 → 200.00."""
    return (min_purchase / MIN_MULTIPLE).quantize(Decimal("0.01"), rounding=ROUND_CEILING)


def follow_amount(base: Decimal, multiple: Decimal) -> Decimal:
    """``round_half_up(base × multiple, 2)``: 1000.00 × 1.5 = 1500.00."""
    return muldiv([base, multiple], scale=2)


def follow_amount_sql(m: SqlMoney, base: Fig, multiple: Fig) -> ColumnElement[Decimal]:
    """The SQL twin of :func:`follow_amount` (the daily follow step)."""
    return m.mul(base, multiple)
