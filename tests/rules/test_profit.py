"""The profit rule (opentamp/rules/profit.py): the docstring's worked example, the sums over
holdings, and each figure's Python form against the SQL twin settlement values holdings with,
on the same numbers (hand-picked and Hypothesis-generated)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from hypothesis import assume, example, given
from hypothesis import strategies as st
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.kit.money import fig
from tests.rules.sql import AMOUNT, NAV, PARITY, SHARES, evaluate

D = Decimal


amounts = st.decimals(min_value=D("0.00"), max_value=D("10000000.00"), places=2)
share_counts = st.decimals(min_value=D("0.00"), max_value=D("10000000.00"), places=2)
navs = st.decimals(min_value=D("0.0001"), max_value=D("20.0000"), places=4)


@dataclass(frozen=True)
class Row:
    market_value: Decimal
    previous_profit: Decimal
    profit_date: date | None
    shares: Decimal = D("1.00")
    cost: Decimal = D("0.00")
    holding_profit: Decimal = D("0.00")
    accumulated_profit: Decimal = D("0.00")


# -- worked example ------------------------------------------------------------------------------


def test_the_worked_example() -> None:
    shares = D("9852.22")  # 10 000.00 paid at 1.5 %, net 9 852.22 at NAV 1.0000
    day_one = rules.market_value(shares, D("1.0500"))
    assert day_one == D("10344.83")
    assert rules.holding_profit(day_one, D("10000.00")) == D("344.83")
    assert rules.profit_rate(D("344.83"), D("10000.00")) == D("0.0345")
    first = rules.accumulated_profit(day_one, D("0"), D("0"), D("10000.00"))
    assert first == D("344.83")
    day_two = rules.market_value(shares, D("1.0400"))
    second = rules.accumulated_profit(day_two, D("0"), D("0"), D("10000.00"))
    assert (day_two, second) == (D("10246.31"), D("246.31"))
    assert rules.previous_profit(second, first) == D("-98.52")
    assert rules.redeemed_cost(D("10000.00"), D("4852.22"), shares) == D("4925.00")
    assert rules.redeemed_cost(D("10000.00"), shares, shares) == D("10000.00")
    # without a cost the rate is unknown (the screens show --), not 0 %
    assert rules.profit_rate(D("5.00"), D("0")) is None
    assert rules.profit_rate(D("0.00"), D("0.00")) is None


def test_the_sums_over_holdings() -> None:
    rows = [
        Row(D("10344.83"), D("-98.52"), date(2026, 11, 24)),
        Row(D("5000.00"), D("12.00"), date(2026, 11, 24)),
        Row(D("0.00"), D("3.00"), date(2026, 10, 9), shares=D("0.00")),
    ]
    sums = rules.sum_holdings(rows)
    assert (sums.holding_asset, sums.previous_profit) == (D("15344.83"), D("-86.52"))
    assert (sums.update_date, sums.profit_progress) == (date(2026, 11, 24), "DONE")
    later = rules.sum_holdings(rows, market_day=date(2026, 11, 25))
    assert (later.previous_profit, later.profit_progress) == (D("0.00"), "UPDATING")
    assert later.update_date == date(2026, 11, 25)  # the day the 0.00 is of
    cleared = rules.sum_holdings(rows[2:], market_day=date(2026, 11, 24))
    assert (cleared.update_date, cleared.previous_profit) == (date(2026, 11, 24), D("0.00"))
    alone = rules.sum_holdings(rows[2:])  # no market date: its own last day, with its figure
    assert (alone.update_date, alone.previous_profit) == (date(2026, 10, 9), D("3.00"))
    never = rules.sum_holdings([], market_day=date(2026, 11, 24))
    assert (never.update_date, never.previous_profit) == (None, D("0.00"))
    total = rules.total_sums([sums, rules.sum_holdings(rows[1:2])])
    assert (total.holding_asset, total.previous_profit) == (D("20344.83"), D("-74.52"))


# -- parity with the SQL twins -------------------------------------------------------------------


@PARITY
@given(shares=share_counts, nav=navs, cost=amounts)
@example(shares=D("9852.22"), nav=D("1.0500"), cost=D("10000.00"))
def test_market_value_and_holding_profit_in_sql(
    session: Session, shares: Decimal, nav: Decimal, cost: Decimal
) -> None:
    value = evaluate(
        session,
        lambda m, c: rules.market_value_sql(m, fig(c.shares, SHARES), fig(c.nav, NAV)),
        shares=(shares, SHARES),
        nav=(nav, NAV),
    )
    assert value == rules.market_value(shares, nav)
    profit = evaluate(
        session,
        lambda m, c: rules.holding_profit_sql(
            rules.market_value_sql(m, fig(c.shares, SHARES), fig(c.nav, NAV)), c.cost
        ),
        shares=(shares, SHARES),
        nav=(nav, NAV),
        cost=(cost, AMOUNT),
    )
    assert profit == rules.holding_profit(rules.market_value(shares, nav), cost)


@PARITY
@given(
    shares=share_counts,
    nav=navs,
    redeemed_net=amounts,
    dividends=amounts,
    paid_in=amounts,
    last=amounts,
)
@example(
    shares=D("9852.22"),
    nav=D("1.0400"),
    redeemed_net=D("0"),
    dividends=D("0"),
    paid_in=D("10000.00"),
    last=D("344.83"),
)
def test_accumulated_and_previous_profit_in_sql(
    session: Session,
    shares: Decimal,
    nav: Decimal,
    redeemed_net: Decimal,
    dividends: Decimal,
    paid_in: Decimal,
    last: Decimal,
) -> None:
    def accumulated(m, c):  # type: ignore[no-untyped-def]
        value = rules.market_value_sql(m, fig(c.shares, SHARES), fig(c.nav, NAV))
        return rules.accumulated_profit_sql(value, c.redeemed_net, c.dividends, c.paid_in)

    inputs = {
        "shares": (shares, SHARES),
        "nav": (nav, NAV),
        "redeemed_net": (redeemed_net, AMOUNT),
        "dividends": (dividends, AMOUNT),
        "paid_in": (paid_in, AMOUNT),
        "last": (last, AMOUNT),
    }
    expected = rules.accumulated_profit(
        rules.market_value(shares, nav), redeemed_net, dividends, paid_in
    )
    assert evaluate(session, accumulated, **inputs) == expected
    previous = evaluate(
        session,
        lambda m, c: rules.previous_profit_sql(accumulated(m, c), c.last),
        **inputs,
    )
    assert previous == rules.previous_profit(expected, last)


@PARITY
@given(
    cost=st.decimals(min_value=D("0.00"), max_value=D("1000000.00"), places=2),
    shares=st.decimals(min_value=D("0.01"), max_value=D("1000000.00"), places=2),
    permille=st.integers(min_value=0, max_value=1000),
)
@example(cost=D("10000.00"), shares=D("9852.22"), permille=492)
def test_redeemed_cost_in_sql(
    session: Session, cost: Decimal, shares: Decimal, permille: int
) -> None:
    redeemed = (shares * permille / 1000).quantize(D("0.01"))
    assume(redeemed <= shares)
    taken = evaluate(
        session,
        lambda m, c: rules.redeemed_cost_sql(
            m, fig(c.cost, AMOUNT), fig(c.redeemed, SHARES), fig(c.shares, SHARES)
        ),
        cost=(cost, AMOUNT),
        redeemed=(redeemed, SHARES),
        shares=(shares, SHARES),
    )
    assert taken == rules.redeemed_cost(cost, redeemed, shares)


def test_wallet_income_and_dividend_cash() -> None:
    assert rules.wallet_income(D("10000.00"), D("0.6512")) == D("0.65")
    assert rules.dividend_cash(D("9852.22"), D("0.0250")) == D("246.31")


@PARITY
@given(
    shares=share_counts,
    per_10k=st.decimals(min_value=D("0.0000"), max_value=D("9.9999"), places=4),
    per_share=st.decimals(min_value=D("0.0001"), max_value=D("5.0000"), places=4),
)
@example(shares=D("10000.00"), per_10k=D("0.6512"), per_share=D("0.0250"))
@example(shares=D("50.00"), per_10k=D("1.0000"), per_share=D("0.0001"))  # 0.005: half up
def test_wallet_income_and_dividend_cash_in_sql(
    session: Session, shares: Decimal, per_10k: Decimal, per_share: Decimal
) -> None:
    income = evaluate(
        session,
        lambda m, c: rules.wallet_income_sql(m, fig(c.shares, SHARES), fig(c.per_10k, NAV)),
        scale=SHARES,
        shares=(shares, SHARES),
        per_10k=(per_10k, NAV),
    )
    assert income == rules.wallet_income(shares, per_10k)
    cash = evaluate(
        session,
        lambda m, c: rules.dividend_cash_sql(m, fig(c.shares, SHARES), fig(c.per_share, NAV)),
        shares=(shares, SHARES),
        per_share=(per_share, NAV),
    )
    assert cash == rules.dividend_cash(shares, per_share)
