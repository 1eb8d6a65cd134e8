"""Exact money arithmetic inside SQL statements, written once for SQLite and PostgreSQL.

Settlement is set-based SQL (DESIGN §1), so the rounding rule of DESIGN §3 (half-up to the
figure's scale, ``kit.money.round_half_up``) has to be applied by the database. The two
dialects store :class:`~opentamp.kit.money.ExactDecimal` columns differently: SQLite as an
INTEGER count of minor units (cents, 0.0001 of a NAV, 1e-8 of a rate), PostgreSQL as NUMERIC.

Every figure is therefore computed in *units*: an exact integer (an INTEGER on SQLite, an
integral NUMERIC on PostgreSQL) of ``10^-scale``. A product or quotient of figures is one
integer fraction ``num / den``, rounded half-up (away from zero on a tie, as Python's
``ROUND_HALF_UP``) by integer division::

    round(num / den) = (2·num + den) div (2·den)        for num ≥ 0, den > 0

so both databases give exactly the figure ``kit.money`` gives in Python. On SQLite the
integers are 64-bit: a statement stays exact while ``2·num`` stays under 9.2e18 (for the cost
share of a redemption ``cost × redeemed / shares``, amounts up to about ¥20 million per
holding); PostgreSQL's NUMERIC has no such limit.

Sums and differences of figures of the same scale need nothing: the stored values add.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    BigInteger,
    Numeric,
    case,
    func,
    literal_column,
    type_coerce,
)
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from opentamp.kit.money import ExactDecimal


@dataclass(frozen=True)
class Fig:
    """A SQL expression holding a figure stored at ``scale`` (as its column stores it)."""

    expr: ColumnElement[Any]
    scale: int


def fig(column: Any, scale: int | None = None) -> Fig:
    """A column (or expression) as a figure; the scale is read from an ExactDecimal column."""
    if scale is None:
        column_type = getattr(column, "type", None)
        if not isinstance(column_type, ExactDecimal):
            raise TypeError(f"give the scale of {column!r}")
        scale = column_type.scale
    return Fig(column, scale)


class SqlMoney:
    """Column expressions for one dialect (``SqlMoney.of(session)``)."""

    def __init__(self, dialect: str) -> None:
        self.sqlite = dialect == "sqlite"

    @classmethod
    def of(cls, session: Session) -> SqlMoney:
        return cls(session.get_bind().dialect.name)

    # -- units ---------------------------------------------------------------------------

    def _units(self, f: Fig) -> ColumnElement[Any]:
        if self.sqlite:
            return type_coerce(f.expr, BigInteger())
        return type_coerce(f.expr, Numeric()) * _int(10**f.scale)

    def _value(self, units: ColumnElement[Any], scale: int) -> ColumnElement[Any]:
        if self.sqlite:
            return units
        return units * literal_column(str(Decimal(1).scaleb(-scale)))

    def _idiv(self, num: ColumnElement[Any], den: ColumnElement[Any]) -> ColumnElement[Any]:
        # SQLite's integer division truncates toward zero; PostgreSQL's div() does the same.
        return num // den if self.sqlite else func.div(num, den)

    def _round_div(self, num: ColumnElement[Any], den: ColumnElement[Any]) -> ColumnElement[Any]:
        two = _int(2)
        return case(
            (num >= _int(0), self._idiv(two * num + den, two * den)),
            else_=-self._idiv(-two * num + den, two * den),
        )

    # -- figures -------------------------------------------------------------------------

    def muldiv(
        self, factors: list[Fig], divisors: list[Fig], *, scale: int, shift: int = 0
    ) -> ColumnElement[Any]:
        """``round_half_up(Π factors / Π divisors / 10^shift, scale)``, stored at ``scale``.
        Divisors must be positive."""
        num: ColumnElement[Any] = self._units(factors[0])
        for f in factors[1:]:
            num = num * self._units(f)
        den: ColumnElement[Any] | None = None
        for d in divisors:
            den = self._units(d) if den is None else den * self._units(d)
        k = scale - sum(f.scale for f in factors) + sum(d.scale for d in divisors) - shift
        if k > 0:
            num = num * _int(10**k)
        elif k < 0:
            den = _int(10**-k) if den is None else den * _int(10**-k)
        if den is None:
            return self._value(num, scale)
        return self._value(self._round_div(num, den), scale)

    def mul(self, a: Fig, b: Fig, *, scale: int = 2, shift: int = 0) -> ColumnElement[Any]:
        """``round_half_up(a × b / 10^shift, scale)``: gross = shares × NAV, fee = gross × rate,
        income = shares × 万份收益 / 10⁴ (shift 4)."""
        return self.muldiv([a, b], [], scale=scale, shift=shift)

    def div(self, a: Fig, b: Fig, *, scale: int = 2) -> ColumnElement[Any]:
        """``round_half_up(a / b, scale)`` for b > 0: shares = net amount / NAV."""
        return self.muldiv([a], [b], scale=scale)


def _int(n: int) -> ColumnElement[Any]:
    return literal_column(str(int(n)), BigInteger())
