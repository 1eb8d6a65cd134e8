"""docs/rules.md#money-shares-and-time: exact decimals, half-up rounding, splits that never lose a
cent."""

from __future__ import annotations

from decimal import Decimal as D
from decimal import InvalidOperation
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import Column, Integer, MetaData, Table, insert, select
from sqlalchemy.orm import Session

from opentamp.kit.money import (
    Money,
    Nav,
    Rate,
    amount_text,
    muldiv,
    percent_text,
    round_amount,
    round_nav,
    round_shares,
    shares_text,
    split_by_weights,
    to_decimal,
    truncate,
)


class TestRounding:
    def test_half_up_to_the_cent(self) -> None:
        assert round_amount(D("0.005")) == D("0.01")
        assert round_amount(D("0.004999")) == D("0.00")
        assert round_amount(D("2.675")) == D("2.68")  # a float would give 2.67
        assert round_amount(D("-1.005")) == D("-1.01")  # half away from zero
        assert round_amount("147.7833") == D("147.78")

    def test_shares_and_nav(self) -> None:
        assert round_shares(D("9852.2167")) == D("9852.22")
        assert round_nav(D("1.23455")) == D("1.2346")

    def test_truncate_cuts(self) -> None:
        assert truncate(D("1.239"), 2) == D("1.23")
        assert truncate(D("-1.239"), 2) == D("-1.23")

    def test_floats_are_refused(self) -> None:
        with pytest.raises(TypeError):
            to_decimal(0.1)
        with pytest.raises(ValueError):
            to_decimal("abc")
        with pytest.raises(ValueError):
            to_decimal("NaN")


class TestFigureText:
    """How a message writes a figure, as the screens write it (web/src/lib/format.ts
    ``formatMoney``): cut to two decimals, thousands separated."""

    def test_amounts(self) -> None:
        assert amount_text(D("50000.00")) == "50,000.00"
        assert amount_text(D("50000")) == "50,000.00"
        assert amount_text(D("1E+1")) == "10.00"
        assert amount_text("10") == "10.00"
        assert amount_text(D("1234567.899")) == "1,234,567.89"  # cut, not rounded
        assert amount_text(D("0.00")) == "0.00"
        assert amount_text(D("-0.001")) == "0.00"  # never "-0.00"
        assert amount_text(D("-1234.5")) == "-1,234.50"

    def test_shares(self) -> None:
        assert shares_text(D("1000.00")) == "1,000.00"
        assert shares_text(D("300")) == "300.00"
        assert shares_text(D("9852.2167")) == "9,852.21"

    def test_percent(self) -> None:
        """As web/src/lib/format.ts formatPercent writes it: × 100, cut to two decimals."""
        assert percent_text(D("0.456789")) == "45.67%"  # cut, not rounded (45.68%)
        assert percent_text(D("0.6")) == "60.00%"
        assert percent_text(D("0.014333")) == "1.43%"
        assert percent_text(D("-0.123456")) == "-12.34%"
        assert percent_text(D("-0.00001")) == "0.00%"  # never "-0.00%"
        assert percent_text(D("0")) == "0.00%"


def _muldiv_by_fractions(factors: list[D], divisors: list[D], scale: int, shift: int) -> int:
    """``muldiv``'s rule worked out with exact fractions: the product, half-up (away from zero
    on a tie) to a whole number of units of ``10^-scale``."""
    value = Fraction(1)
    for f in factors:
        value *= Fraction(f)
    for d in divisors:
        value /= Fraction(d)
    scaled = value / 10**shift * 10**scale
    units = abs(scaled.numerator) * 2 // scaled.denominator
    units = (units + 1) // 2  # half-up of |scaled|
    return -units if scaled < 0 else units


_figures = st.decimals(
    min_value=D("-1e14"), max_value=D("1e14"), places=8, allow_nan=False, allow_infinity=False
)


class TestMuldiv:
    def test_worked_examples(self) -> None:
        assert muldiv([D("10000.00")], [D("1.0015")], scale=2) == D("9985.02")  # 9 985.0224…
        assert muldiv([D("0.015"), D("0.1")], scale=8) == D("0.00150000")
        assert muldiv([D("0.125")], scale=2) == D("0.13")  # a tie, away from zero
        assert muldiv([D("-0.125")], scale=2) == D("-0.13")
        assert muldiv([D("1")], [D("3")], scale=4, shift=2) == D("0.0033")
        # 10¹² × 10¹² has 25 digits before the point: exact, beyond float and no rounding
        assert muldiv([D("1000000000000.01"), D("1000000000000.01")], scale=2) == D(
            "1000000000000020000000000.00"
        )
        with pytest.raises(ZeroDivisionError):
            muldiv([D("1")], [D("0.00")], scale=2)

    @given(
        st.lists(_figures, min_size=1, max_size=3),
        st.lists(_figures.filter(bool), max_size=2),
        st.integers(min_value=0, max_value=8),
        st.integers(min_value=0, max_value=3),
    )
    def test_the_exact_product_rounded_half_up(
        self, factors: list[D], divisors: list[D], scale: int, shift: int
    ) -> None:
        units = _muldiv_by_fractions(factors, divisors, scale, shift)
        if len(str(abs(units))) > 28:  # beyond Decimal's default context: refused
            with pytest.raises(InvalidOperation):
                muldiv(factors, divisors, scale=scale, shift=shift)
            return
        got = muldiv(factors, divisors, scale=scale, shift=shift)
        assert got.as_tuple().exponent == -scale
        assert got == D(units).scaleb(-scale)


class TestSplitByWeights:
    def test_remainder_cent_goes_to_largest_weight(self) -> None:
        # 100.00 over 1/3 each: 33.33 + 33.33 + 33.33 = 99.99; the cent goes to the first largest.
        assert split_by_weights(D("100.00"), [D("1"), D("1"), D("1")]) == [
            D("33.34"),
            D("33.33"),
            D("33.33"),
        ]

    def test_five_funds(self) -> None:
        # 10 000.01 by 30/25/20/15/10 %: truncated parts 3000.00, 2500.00, 2000.00, 1500.00,
        # 1000.00 leave 0.01 for the 30 % fund.
        weights = [D("0.30"), D("0.25"), D("0.20"), D("0.15"), D("0.10")]
        assert split_by_weights(D("10000.01"), weights) == [
            D("3000.01"),
            D("2500.00"),
            D("2000.00"),
            D("1500.00"),
            D("1000.00"),
        ]

    def test_refuses_bad_input(self) -> None:
        with pytest.raises(ValueError):
            split_by_weights(D("1.001"), [D("1")])
        with pytest.raises(ValueError):
            split_by_weights(D("1.00"), [D("0"), D("0")])
        with pytest.raises(ValueError):
            split_by_weights(D("-1.00"), [D("1")])

    @given(
        total=st.integers(min_value=0, max_value=10**12).map(lambda c: D(c) / 100),
        weights=st.lists(
            st.integers(min_value=0, max_value=10_000).map(lambda w: D(w) / 10_000),
            min_size=1,
            max_size=12,
        ).filter(lambda ws: sum(ws) > 0),
    )
    def test_parts_sum_to_the_whole_and_are_never_negative(
        self, total: D, weights: list[D]
    ) -> None:
        parts = split_by_weights(total, weights)
        assert sum(parts) == total
        assert all(p >= 0 for p in parts)
        assert all(p == round_amount(p) for p in parts)
        # no part strays more than a cent per part from its exact share
        weight_sum = sum(weights)
        for part, weight in zip(parts, weights, strict=True):
            assert abs(part - total * weight / weight_sum) < D("0.01") * len(weights)


_meta = MetaData()
_exact = Table(
    "t_exact_decimal",
    _meta,
    Column("id", Integer, primary_key=True),
    Column("amount", Money()),
    Column("nav", Nav()),
    Column("rate", Rate()),
)


class TestExactDecimalColumn:
    @pytest.fixture
    def table(self, session: Session) -> Table:
        _meta.create_all(session.connection())
        return _exact

    def test_round_trip_is_exact(self, session: Session, table: Table) -> None:
        values = [
            (D("0.01"), D("1.0001"), D("0.00150000")),
            (D("123456789012.34"), D("9999.9999"), D("0.015")),
            (D("-0.99"), D("0.0001"), D("0.00000001")),
        ]
        for i, (amount, nav, rate) in enumerate(values):
            session.execute(insert(table).values(id=i, amount=amount, nav=nav, rate=rate))
        rows = session.execute(
            select(table.c.amount, table.c.nav, table.c.rate).order_by(table.c.id)
        )
        for (amount, nav, rate), expected in zip(rows, values, strict=True):
            assert (amount, nav, rate) == expected
            assert isinstance(amount, D) and str(amount) == str(expected[0].quantize(D("0.01")))

    def test_sum_and_compare_in_sql_are_exact(self, session: Session, table: Table) -> None:
        for i in range(10):
            session.execute(insert(table).values(id=100 + i, amount=D("0.10")))
        total = session.scalar(select(table.c.amount).where(table.c.id == 100))
        assert total == D("0.10")
        from sqlalchemy import func

        assert session.scalar(select(func.sum(table.c.amount)).where(table.c.id >= 100)) == D(
            "1.00"
        )
        assert (
            session.scalar(
                select(func.count()).where(table.c.amount > D("0.09"), table.c.id >= 100)
            )
            == 10
        )

    def test_more_decimals_than_the_column_are_refused(
        self, session: Session, table: Table
    ) -> None:
        from sqlalchemy.exc import StatementError

        with pytest.raises(StatementError):
            session.execute(insert(table).values(id=999, amount=D("1.005")))
