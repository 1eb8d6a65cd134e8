"""The fee rules (opentamp/rules/fees.py): each docstring's worked example, and each rule's
Python form against its SQL twin on the same numbers (SQLite or PostgreSQL, whichever the suite
runs on), hand-picked and Hypothesis-generated."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import example, given
from hypothesis import strategies as st
from sqlalchemy import literal
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.kit.money import Fig, fig
from tests.rules.conftest import Tier
from tests.rules.sql import AMOUNT, NAV, PARITY, RATE, SHARES, evaluate

D = Decimal


#: Up to ¥10 million an order; SQLite's 64-bit units stay exact well beyond (kit/money.py).
amounts = st.decimals(min_value=D("0.01"), max_value=D("10000000.00"), places=2)
shares = st.decimals(min_value=D("0.01"), max_value=D("10000000.00"), places=2)
navs = st.decimals(min_value=D("0.0001"), max_value=D("20.0000"), places=4)
listed_rates = st.decimals(min_value=D("0"), max_value=D("0.0200"), places=4)
discounts = st.decimals(min_value=D("0"), max_value=D("1"), places=4)
redeem_rates = st.decimals(min_value=D("0"), max_value=D("0.0150"), places=4)


# -- worked examples -----------------------------------------------------------------------------


def test_the_discounted_rate_is_rounded_once_to_eight_places() -> None:
    assert rules.discounted_rate(D("0.015"), D("0.1")) == D("0.0015")
    assert rules.discounted_rate(D("0.012"), D("0.0123")) == D("0.00014760")
    assert rules.discounted_rate(D("0.0150"), D("0.33333333")) == D("0.00500000")


def test_purchase_fee_outside_the_amount() -> None:
    assert rules.fee_at_rate(D("10000.00"), D("0.0015")) == (D("14.98"), D("9985.02"))
    fee = rules.purchase_fee(D("10000.00"), [Tier(rate=D("0.015"))], discount=D("0.1"))
    assert (fee.rate, fee.fee, fee.original_fee, fee.net_amount) == (
        D("0.0015"), D("14.98"), D("147.78"), D("9985.02"),
    )  # fmt: skip
    tiers = [
        Tier(amount_to=D("5000000"), rate=D("0.012")),
        Tier(amount_from=D("5000000"), fixed_fee=D("1000")),
    ]
    top = rules.purchase_fee(D("6000000.00"), tiers, discount=D("0.1"))
    assert (top.rate, top.fee, top.net_amount) == (None, D("1000.00"), D("5999000.00"))


def test_redemption_fee_by_holding_period_per_lot() -> None:
    tiers = [
        Tier(days_to=7, rate=D("0.015")),
        Tier(days_from=7, days_to=365, rate=D("0.005")),
        Tier(days_from=365, rate=D("0")),
    ]
    assert rules.redeem_fee_rate(3, tiers) == D("0.015")
    assert rules.redeem_fee_rate(30, tiers) == D("0.005")
    assert rules.redeem_fee_rate(3, [Tier(rate=D("0"))]) == D("0.015")  # the 7-day floor
    assert rules.redeem_fee_rate(3, [Tier(rate=D("0"))], money_market=True) == D("0")
    assert rules.redeem_gross(D("1000.00"), D("1.2345")) == D("1234.50")
    assert rules.redeem_fee(D("1234.50"), D("0.005")) == D("6.17")
    sold = rules.redemption([(D("600.00"), D("0.015")), (D("400.00"), D("0.005"))], D("1.2345"))
    assert (sold.gross, sold.fee, sold.net) == (D("1234.50"), D("13.58"), D("1220.92"))


def test_conversion_fee_difference() -> None:
    source = rules.purchase_fee(D("10000.00"), [Tier(rate=D("0.0006"))])
    target = rules.purchase_fee(D("10000.00"), [Tier(rate=D("0.0015"))])
    diff = rules.conversion_fee_difference(D("10000.00"), source, target)
    assert (diff.rate, diff.fee, diff.net_amount) == (D("0.0009"), D("8.99"), D("9991.01"))
    cheaper = rules.conversion_fee_difference(D("10000.00"), target, source)
    assert (cheaper.rate, cheaper.fee, cheaper.net_amount) == (D("0"), D("0.00"), D("10000.00"))


# -- parity with the SQL twins -------------------------------------------------------------------


def purchase_net_in_sql(
    session: Session, amount: Decimal, rate: Decimal | None, fee: Decimal
) -> Decimal | None:
    return evaluate(
        session,
        lambda m, c: rules.purchase_net_sql(m, c.amount, fig(c.rate, RATE), c.fee),
        amount=(amount, AMOUNT),
        rate=(rate, RATE),
        fee=(fee, AMOUNT),
    )


@PARITY
@given(amount=amounts, listed=listed_rates, discount=discounts)
@example(amount=D("10000.00"), listed=D("0.015"), discount=D("0.1"))
@example(amount=D("0.01"), listed=D("0.0200"), discount=D("1"))
@example(amount=D("10000000.00"), listed=D("0.012"), discount=D("0.0123"))
def test_purchase_net_at_a_rate_in_sql(
    session: Session, amount: Decimal, listed: Decimal, discount: Decimal
) -> None:
    fee = rules.purchase_fee(amount, [Tier(rate=listed)], discount=discount)
    assert fee.rate is not None
    assert purchase_net_in_sql(session, amount, fee.rate, D("0")) == fee.net_amount


@PARITY
@given(amount=amounts, fixed=st.decimals(min_value=D("0"), max_value=D("5000"), places=2))
@example(amount=D("600.00"), fixed=D("1000.00"))  # the fee is capped at the amount
def test_purchase_net_under_a_fixed_fee_in_sql(
    session: Session, amount: Decimal, fixed: Decimal
) -> None:
    fee = rules.purchase_fee(amount, [Tier(fixed_fee=fixed)])
    assert purchase_net_in_sql(session, amount, None, fixed) == fee.net_amount


@PARITY
@given(lot_shares=shares, nav=navs, rate=redeem_rates)
@example(lot_shares=D("1000.00"), nav=D("1.2345"), rate=D("0.005"))
@example(lot_shares=D("600.00"), nav=D("1.2345"), rate=D("0.015"))
def test_redemption_gross_and_fee_in_sql(
    session: Session, lot_shares: Decimal, nav: Decimal, rate: Decimal
) -> None:
    gross = evaluate(
        session,
        lambda m, c: rules.redeem_gross_sql(m, fig(c.shares, SHARES), fig(c.nav, NAV)),
        shares=(lot_shares, SHARES),
        nav=(nav, NAV),
    )
    assert gross == rules.redeem_gross(lot_shares, nav)
    fee = evaluate(
        session,
        lambda m, c: rules.redeem_fee_sql(
            m, rules.redeem_gross_sql(m, fig(c.shares, SHARES), fig(c.nav, NAV)), Fig(c.rate, RATE)
        ),
        shares=(lot_shares, SHARES),
        nav=(nav, NAV),
        rate=(rate, RATE),
    )
    assert fee == rules.redemption([(lot_shares, rate)], nav).fee


@PARITY
@given(amount=amounts, source=listed_rates, target=listed_rates, discount=discounts)
def test_conversion_buy_funded_in_sql(
    session: Session, amount: Decimal, source: Decimal, target: Decimal, discount: Decimal
) -> None:
    # Settlement re-funds a conversion's buy 外扣法 at the difference fixed at order time.
    diff = rules.conversion_fee_difference(
        amount,
        rules.purchase_fee(amount, [Tier(rate=source)], discount=discount),
        rules.purchase_fee(amount, [Tier(rate=target)], discount=discount),
    )
    assert purchase_net_in_sql(session, amount, diff.rate, D("0")) == diff.net_amount


def test_purchase_shares() -> None:
    assert rules.purchase_shares(D("9985.02"), D("1.0500")) == D("9509.54")


@PARITY
@given(net=amounts, nav=navs)
@example(net=D("9985.02"), nav=D("1.0500"))
@example(net=D("0.01"), nav=D("20.0000"))
def test_purchase_shares_in_sql(session: Session, net: Decimal, nav: Decimal) -> None:
    bought = evaluate(
        session,
        lambda m, c: rules.purchase_shares_sql(m, c.net, fig(c.nav, NAV)),
        scale=SHARES,
        net=(net, AMOUNT),
        nav=(nav, NAV),
    )
    assert bought == rules.purchase_shares(net, nav)


def purchase_fee_in_sql(
    session: Session,
    amount: Decimal,
    *,
    listed: Decimal | None,
    fixed: Decimal | None,
    discount: Decimal,
    free: bool = False,
) -> tuple[Decimal | None, Decimal | None, Decimal | None]:
    """(rate, fee, net) of :func:`rules.purchase_fee_sql` over one row."""

    def part(name: str, scale: int) -> Decimal | None:
        return evaluate(
            session,
            lambda m, c: getattr(
                rules.purchase_fee_sql(
                    m, c.amount, listed_rate=c.listed, fixed_fee=c.fixed, discount=c.discount,
                    free=literal(free),
                ),
                name,
            ),
            scale=scale,
            amount=(amount, AMOUNT),
            listed=(listed, RATE),
            fixed=(fixed, AMOUNT),
            discount=(discount, RATE),
        )  # fmt: skip

    return part("rate", RATE), part("fee", AMOUNT), part("net", AMOUNT)


@PARITY
@given(amount=amounts, listed=listed_rates, discount=discounts)
@example(amount=D("500.00"), listed=D("0.015"), discount=D("1"))
@example(amount=D("1.01"), listed=D("0.015"), discount=D("1"))
def test_purchase_fee_in_sql_at_a_rate(
    session: Session, amount: Decimal, listed: Decimal, discount: Decimal
) -> None:
    """The plans' order-time fee (recurring plans place orders by the set) equals the
    purchase's."""
    fee = rules.purchase_fee(amount, [Tier(rate=listed)], discount=discount)
    got = purchase_fee_in_sql(session, amount, listed=listed, fixed=None, discount=discount)
    assert got == (fee.rate, fee.fee, fee.net_amount)


def test_purchase_fee_in_sql_fixed_free_and_without_a_tier(session: Session) -> None:
    fixed = purchase_fee_in_sql(
        session, D("600.00"), listed=None, fixed=D("1000.00"), discount=D("0.1")
    )
    assert fixed == (None, D("600.00"), D("0.00"))
    none = purchase_fee_in_sql(session, D("600.00"), listed=None, fixed=None, discount=D("1"))
    assert none == (D("0"), D("0.00"), D("600.00"))
    free = purchase_fee_in_sql(
        session, D("600.00"), listed=D("0.015"), fixed=None, discount=D("1"), free=True
    )
    assert free == (D("0"), D("0.00"), D("600.00"))
