"""Money, shares and NAVs: exact decimals, one rounding rule, one database type (DESIGN §3).

Amounts and shares have 2 decimals, NAVs 4, rates are decimals (0.015 = 1.5 %). Rounding is
half-up (四舍五入) to the figure's scale, the convention of most fund prospectuses; each
intermediate figure a customer sees is rounded before the next one is computed from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from sqlalchemy import BigInteger, Dialect, Numeric
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


def truncate(value: Decimal | int | str, scale: int) -> Decimal:
    """Cut (not round) to ``scale`` decimals, as displays of spec 000 §5 do."""
    return to_decimal(value).quantize(quantum(scale), rounding=ROUND_DOWN)


def split_by_weights(total: Decimal, weights: Sequence[Decimal]) -> list[Decimal]:
    """Split an amount by weights into cents that sum exactly to ``total`` (DESIGN §4).

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
