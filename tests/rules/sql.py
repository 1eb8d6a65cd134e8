"""Evaluate a rule's SQL twin on plain values, against the test database.

The inputs become the columns of a one-row subquery, typed as the columns settlement reads
(``ExactDecimal`` at the figure's scale), so each dialect sees them as it sees stored figures:
INTEGER minor units on SQLite, NUMERIC on PostgreSQL. The twin's result is read back at its
scale through the same type.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from hypothesis import HealthCheck, settings
from sqlalchemy import cast, literal, select, type_coerce
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from opentamp.kit.money import AMOUNT_SCALE, NAV_SCALE, RATE_SCALE, ExactDecimal, SqlMoney

AMOUNT, SHARES, NAV, RATE = AMOUNT_SCALE, 2, NAV_SCALE, RATE_SCALE

#: Hypothesis settings of the parity tests: enough examples to find a rounding that differs,
#: few enough for a suite that runs on every change.
PARITY = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)

Build = Callable[[SqlMoney, Any], ColumnElement[Any]]


def evaluate(
    session: Session, build: Build, *, scale: int = AMOUNT, **inputs: tuple[Decimal | None, int]
) -> Decimal | None:
    """``build(m, columns)`` over one row holding ``inputs`` (name → (value, scale))."""
    row = select(
        *(
            cast(literal(value, ExactDecimal(s)), ExactDecimal(s)).label(name)
            for name, (value, s) in inputs.items()
        )
    ).subquery("figures")
    expr = build(SqlMoney.of(session), row.c)
    result: Decimal | None = session.scalar(select(type_coerce(expr, ExactDecimal(scale))))
    return result
