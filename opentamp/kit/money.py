"""Money, shares and NAVs: exact decimals, one rounding rule, one database type
(docs/rules.md#money-shares-and-time).

Amounts and shares have 2 decimals, NAVs 4, rates are decimals (0.015 = 1.5 %). Rounding is
half-up (四舍五入) to the figure's scale, the convention of most fund prospectuses; each
intermediate figure a customer sees is rounded before the next one is computed from it.
:class:`SqlMoney` applies the same rounding inside SQL statements, on SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from sqlalchemy import (
    BigInteger,
    Dialect,
    Numeric,
    and_,
    case,
    func,
    literal_column,
    type_coerce,
)
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement
from sqlalchemy.types import TypeDecorator, TypeEngine

AMOUNT_SCALE = 2
SHARE_SCALE = 2
NAV_SCALE = 4
RATE_SCALE = 8

ZERO = Decimal("0")
CENT = Decimal("0.01")


def to_decimal(value: Any) -> Decimal:
    """A Decimal from an int, str or Decimal. Floats are refused: they are never exact."""
    if isinstance(value, Decimal):
        return value
    if isinstance(value, bool) or isinstance(value, float):
        raise TypeError(f"refusing {type(value).__name__} {value!r} as money: use str or Decimal")
    if isinstance(value, int | str):
        try:
            result = Decimal(value)
        except InvalidOperation as exc:
            raise ValueError(f"not a number: {value!r}") from exc
        if not result.is_finite():
            raise ValueError(f"not a finite number: {value!r}")
        return result
    raise TypeError(f"cannot make a decimal of {type(value).__name__}")


def quantum(scale: int) -> Decimal:
    return Decimal(1).scaleb(-scale)


def round_half_up(value: Decimal | int | str, scale: int) -> Decimal:
    return to_decimal(value).quantize(quantum(scale), rounding=ROUND_HALF_UP)


def round_amount(value: Decimal | int | str) -> Decimal:
    """Yuan amounts and fees: half-up to the cent."""
    return round_half_up(value, AMOUNT_SCALE)


def round_shares(value: Decimal | int | str) -> Decimal:
    """Fund shares: half-up to 0.01 share."""
    return round_half_up(value, SHARE_SCALE)


def round_nav(value: Decimal | int | str) -> Decimal:
    """Net asset values per share: half-up to 0.0001."""
    return round_half_up(value, NAV_SCALE)


def _round_ratio(num: int, den: int, scale: int) -> Decimal:
    """``num / den`` (``den`` non-zero) half-up (away from zero on a tie) to a whole number of
    units of ``10^-scale``, exactly: ``num`` is the value already times ``10^scale``."""
    if den < 0:
        num, den = -num, -den
    q, r = divmod(abs(num), den)
    if 2 * r >= den:
        q += 1
    units = -q if num < 0 else q
    return Decimal(units).scaleb(-scale).quantize(quantum(scale))


def muldiv(
    factors: Sequence[Decimal | int | str],
    divisors: Sequence[Decimal | int | str] = (),
    *,
    scale: int,
    shift: int = 0,
) -> Decimal:
    """``round_half_up(Π factors / Π divisors / 10^shift, scale)`` computed exactly, whatever the
    size: Decimal's default context keeps 28 digits, and a product of two 10¹² figures has 30.
    The rules multiply and divide through this; :meth:`SqlMoney.muldiv` is its SQL twin.

    Each figure is its exact ratio of integers (``Decimal.as_integer_ratio``) and the product
    a ratio of Python's unbounded integers, rounded once: the same as with ``fractions.Fraction``
    at a quarter of the Python calls (a purchase's fee makes three of these,
    docs/scale.md#the-comparisons-look-up-and-the-fee-by-integers)."""
    num = den = 1
    for f in factors:
        n, d = to_decimal(f).as_integer_ratio()
        num *= n
        den *= d
    for divisor in divisors:
        n, d = to_decimal(divisor).as_integer_ratio()
        num *= d
        den *= n
    if den == 0:
        raise ZeroDivisionError("muldiv by zero")
    return _round_ratio(num * 10**scale, den * 10**shift, scale)


def sqlite_muldiv(k: int, n_factors: int, *units: int | None) -> int | None:
    """The SQLite function behind :meth:`SqlMoney.muldiv` (registered as
    :data:`SQLITE_MULDIV` on every SQLite connection): ``round(Π factors × 10^k / Π divisors)``
    over minor units, with Python's unbounded integers, so no intermediate product overflows
    SQLite's 64-bit INTEGER (the result of a stored figure always fits)."""
    if any(u is None for u in units):
        return None
    num = 1
    for u in units[:n_factors]:
        num *= int(u)  # type: ignore[arg-type]
    den = 1
    for u in units[n_factors:]:
        den *= int(u)  # type: ignore[arg-type]
    if k >= 0:
        num *= 10**k
    else:
        den *= 10**-k
    if den < 0:
        num, den = -num, -den
    q, r = divmod(abs(num), den)
    if 2 * r >= den:
        q += 1
    return -q if num < 0 else q


SQLITE_MULDIV = "opentamp_muldiv"


def truncate(value: Decimal | int | str, scale: int) -> Decimal:
    """Cut (not round) to ``scale`` decimals, as displays of docs/product.md#validation do."""
    return to_decimal(value).quantize(quantum(scale), rounding=ROUND_DOWN)


def amount_text(value: Decimal | int | str) -> str:
    """An amount of yuan as a message or a document writes it, the way the screens write money
    (web/src/lib/format.ts ``formatMoney``, docs/product.md#validation "Display"): cut to the
    cent, thousands separated, two decimals: 50000 → ``50,000.00``, 10 → ``10.00``."""
    return _figure_text(value, AMOUNT_SCALE)


def shares_text(value: Decimal | int | str) -> str:
    """Fund shares as a message writes them, as the screens do: ``1,234.50`` (cut to 0.01)."""
    return _figure_text(value, SHARE_SCALE)


#: Decimals of a percentage as the screens write it.
PERCENT_SCALE = 2


def percent_text(value: Decimal | int | str) -> str:
    """A rate or a share as a message writes it, the way the screens write a percentage
    (web/src/lib/format.ts ``formatPercent``, docs/product.md#validation "Display"): the value
    × 100, cut (not rounded) to two decimals: 0.456789 → ``45.67%``, 0.6 → ``60.00%``."""
    cut = truncate(to_decimal(value) * 100, PERCENT_SCALE)
    return f"{cut if cut else abs(cut)}%"  # never "-0.00%"


def _figure_text(value: Decimal | int | str, scale: int) -> str:
    cut = truncate(value, scale)
    return f"{cut if cut else abs(cut):,.{scale}f}"  # never "-0.00"


def split_by_weights(total: Decimal, weights: Sequence[Decimal]) -> list[Decimal]:
    """Split an amount by weights into cents that sum exactly to ``total``
    (docs/rules.md#fund-trading).

    Each part is rounded down to the cent; the cents left over go to the part with the largest
    weight (the first of equal largest weights), so a portfolio purchase never creates or
    loses a cent.
    """
    total = to_decimal(total)
    if total != round_amount(total):
        raise ValueError(f"total {total} has more than 2 decimals")
    if total < 0:
        raise ValueError("total must not be negative")
    if not weights:
        raise ValueError("at least one weight is needed")
    weights = [to_decimal(w) for w in weights]
    if any(w < 0 for w in weights):
        raise ValueError("weights must not be negative")
    weight_sum = sum(weights, ZERO)
    if weight_sum <= 0:
        raise ValueError("weights must not all be zero")
    parts = [truncate(total * w / weight_sum, AMOUNT_SCALE) for w in weights]
    largest = max(range(len(weights)), key=lambda i: (weights[i], -i))
    parts[largest] += total - sum(parts, ZERO)
    return parts


class ExactDecimal(TypeDecorator[Decimal]):
    """An exact decimal column with a fixed scale.

    PostgreSQL stores NUMERIC(precision, scale). SQLite has no exact decimal type, so it
    stores an integer count of the smallest unit (cents for money, 0.0001 for a NAV). A value
    with more decimals than the column's scale is refused rather than silently rounded: the
    rounding belongs to the rules above, not to the storage layer.
    """

    impl = Numeric
    cache_ok = True

    def __init__(self, scale: int, precision: int = 20) -> None:
        super().__init__()
        self.scale = scale
        self.precision = precision
        self._unit = quantum(scale)

    def __repr__(self) -> str:  # what Alembic writes into migrations
        return f"ExactDecimal({self.scale}, precision={self.precision})"

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        if dialect.name == "sqlite":
            return dialect.type_descriptor(BigInteger())
        return dialect.type_descriptor(Numeric(self.precision, self.scale, asdecimal=True))

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        if value is None:
            return None
        number = to_decimal(value)
        exact = number.quantize(self._unit)
        if exact != number:
            raise ValueError(f"{number} has more than {self.scale} decimals")
        if dialect.name == "sqlite":
            return int(exact.scaleb(self.scale))
        return exact

    def process_result_value(self, value: Any, dialect: Dialect) -> Decimal | None:
        if value is None:
            return None
        if dialect.name == "sqlite":
            return Decimal(int(value)).scaleb(-self.scale).quantize(self._unit)
        return Decimal(value).quantize(self._unit)

    def coerce_compared_value(self, op: Any, value: Any) -> TypeEngine[Any]:
        return self


def Money() -> ExactDecimal:
    return ExactDecimal(AMOUNT_SCALE)


def Shares() -> ExactDecimal:
    return ExactDecimal(SHARE_SCALE)


def Nav() -> ExactDecimal:
    return ExactDecimal(NAV_SCALE, precision=16)


def Rate() -> ExactDecimal:
    return ExactDecimal(RATE_SCALE, precision=18)


# -- the same rounding inside SQL ----------------------------------------------------------------
#
# Settlement is set-based SQL, so the rounding rule above (half-up to the figure's scale) has to
# be applied by the database too. The two dialects store ExactDecimal columns differently:
# SQLite as an INTEGER count of minor units (cents, 0.0001 of a NAV, 1e-8 of a rate),
# PostgreSQL as NUMERIC. Every figure is therefore computed in *units*: an exact integer (an
# INTEGER on SQLite, an integral NUMERIC on PostgreSQL) of 10^-scale. A product or quotient of
# figures is one integer fraction num / den, rounded half-up (away from zero on a tie, as
# ROUND_HALF_UP) by integer division:
#
#     round(num / den) = (2·num + den) div (2·den)        for num ≥ 0, den > 0
#
# so both databases give exactly the figure :func:`muldiv` gives in Python. PostgreSQL's NUMERIC
# has no size limit. SQLite's integers are 64-bit and an overflowing product silently becomes
# a float (the cost share of a redemption, cost × redeemed / shares, passes 9.2e18 minor units
# at about ¥20 million per holding), so on SQLite each row checks (in floating point, far
# inside the margin) that the numerator and the denominator stay under
# :data:`_SQLITE_NATIVE_BOUND`, so that 2·num + den stays under 2⁶³, and computes natively;
# a row that does not fit goes to the registered function :func:`sqlite_muldiv`, exact with
# Python's unbounded integers. Every figure is thus exact whatever its size, as long as the
# result fits its column (2⁶³ minor units: ¥9.2e16); tests/settlement/test_large_sums.py
# checks it to ¥10¹² per holding. Sums and differences of figures of the same scale need
# nothing: the stored values add.


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
        """``round_half_up(Π factors / Π divisors / 10^shift, scale)``, stored at ``scale``
        (the twin of :func:`muldiv`). Divisors must be positive."""
        factor_units = [self._units(f) for f in factors]
        divisor_units = [self._units(d) for d in divisors]
        num: ColumnElement[Any] = factor_units[0]
        for u in factor_units[1:]:
            num = num * u
        den: ColumnElement[Any] | None = None
        for u in divisor_units:
            den = u if den is None else den * u
        k = scale - sum(f.scale for f in factors) + sum(d.scale for d in divisors) - shift
        if k > 0:
            num = num * _int(10**k)
        elif k < 0:
            den = _int(10**-k) if den is None else den * _int(10**-k)
        native = num if den is None else self._round_div(num, den)
        if not self.sqlite:
            return self._value(native, scale)
        exact = getattr(func, SQLITE_MULDIV)(
            _int(k), _int(len(factor_units)), *factor_units, *divisor_units, type_=BigInteger()
        )
        fits = _fits(factor_units, max(k, 0))
        if divisor_units:
            fits = and_(fits, _fits(divisor_units, max(-k, 0)))
        return case((fits, native), else_=exact)

    def mul(self, a: Fig, b: Fig, *, scale: int = 2, shift: int = 0) -> ColumnElement[Any]:
        """``round_half_up(a × b / 10^shift, scale)``: gross = shares × NAV, fee = gross × rate,
        income = shares × 万份收益 / 10⁴ (shift 4)."""
        return self.muldiv([a, b], [], scale=scale, shift=shift)

    def one(self, scale: int) -> ColumnElement[Any]:
        """The figure 1 as a column of ``scale`` stores it (minor units on SQLite)."""
        return literal_column(str(10**scale) if self.sqlite else "1")

    def div(self, a: Fig, b: Fig, *, scale: int = 2) -> ColumnElement[Any]:
        """``round_half_up(a / b, scale)`` for b > 0: shares = net amount / NAV."""
        return self.muldiv([a], [b], scale=scale)


#: A product of minor units computed natively on SQLite stays under this (2⁶⁰), so that
#: 2·num + den never reaches 2⁶³; the test is made in floating point, whose error (1e-16
#: relative) is far inside the margin.
_SQLITE_NATIVE_BOUND = 2**60


def _fits(units: list[ColumnElement[Any]], power_of_ten: int) -> ColumnElement[Any]:
    """Whether |Π units × 10^power_of_ten| stays under the native bound (SQLite)."""
    product: ColumnElement[Any] = literal_column("1.0")
    for u in units:
        product = product * u
    return func.abs(product) < literal_column(repr(float(_SQLITE_NATIVE_BOUND // 10**power_of_ten)))


def _int(n: int) -> ColumnElement[Any]:
    return literal_column(str(int(n)), BigInteger())
