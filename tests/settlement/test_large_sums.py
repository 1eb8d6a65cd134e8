"""Settlement is exact at any realistic size (docs/rules.md#money-shares-and-time): every figure
of a holding worth up to 10¹² yuan is the Python rule's, on SQLite (64-bit integers) and on
PostgreSQL alike. Dates as in test_scenarios: Mon 2026-11-16, Tue 17."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction

from hypothesis import example, given
from hypothesis import strategies as st
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.kit.money import fig
from opentamp.models.orders import TradeOrder
from opentamp.models.products import FundDividend
from tests.factories import make_fund
from tests.rules.sql import AMOUNT, NAV, PARITY, RATE, SHARES, evaluate
from tests.settlement.helpers import (
    D,
    holding,
    incomes,
    investor,
    lots_of,
    navs,
    one_holding,
    purchase,
    redemption,
    settle,
    wallet_fund,
)

MON, TUE, WED = date(2026, 11, 16), date(2026, 11, 17), date(2026, 11, 18)


def test_a_25_million_share_redemption_of_30_million_leaves_a_million_of_cost(
    session: Session,
) -> None:
    fa = investor(session)
    fund = make_fund(session)
    navs(session, fund, {MON: "1.1111", TUE: "1.1200"})
    h = holding(session, fa, fund, lots=[(date(2025, 11, 10), "30000000.00")], paid_in="6000000.00")
    sell = redemption(
        session, h, taken=[(lots_of(session, h)[0], "25000000.00", "0.005")],
        trade_date=MON, confirm_date=TUE,
    )  # fmt: skip
    settle(session, TUE)
    sell = session.get_one(TradeOrder, sell.id)
    # gross = 25 000 000 × 1.1111 = 27 777 500.00; fee = 0.5 % = 138 887.50; net 27 638 612.50.
    assert (sell.confirmed_amount, sell.fee, sell.net_amount) == (
        D("27777500.00"),
        D("138887.50"),
        D("27638612.50"),
    )
    h = one_holding(session, fa, fund)
    # cost: 6 000 000.00 − 6 000 000.00 × 25/30 (5 000 000.00) = 1 000 000.00; valued at
    # 1.1200: 5 000 000 × 1.12 = 5 600 000.00; accumulated 5 600 000.00 + 27 638 612.50 −
    # 6 000 000.00 = 27 238 612.50.
    assert (h.shares, h.cost, h.market_value, h.holding_profit, h.accumulated_profit) == (
        D("5000000.00"),
        D("1000000.00"),
        D("5600000.00"),
        D("4600000.00"),
        D("27238612.50"),
    )


def test_a_trillion_yuan_holding_redeemed_in_part(session: Session) -> None:
    fa = investor(session)
    fund = make_fund(session)
    navs(session, fund, {MON: "9.8765", TUE: "9.8766"})
    shares, cost, sold = D("987654321098.76"), D("999999999999.99"), D("333333333333.33")
    h = holding(session, fa, fund, lots=[(date(2025, 11, 10), str(shares))], paid_in=str(cost))
    sell = redemption(
        session, h, taken=[(lots_of(session, h)[0], str(sold), "0.0025")],
        trade_date=MON, confirm_date=TUE,
    )  # fmt: skip
    settle(session, TUE)
    sell = session.get_one(TradeOrder, sell.id)
    gross = rules.redeem_gross(sold, D("9.8765"))
    fee = rules.redeem_fee(gross, D("0.0025"))
    assert gross == D("3292166666666.63")  # 333 333 333 333.33 × 9.8765 = 3 292 166 666 666.6338…
    assert (sell.confirmed_amount, sell.fee, sell.net_amount) == (gross, fee, gross - fee)
    h = one_holding(session, fa, fund)
    left = shares - sold
    cost_left = cost - rules.redeemed_cost(cost, sold, shares)
    value = rules.market_value(left, D("9.8766"))
    assert (h.shares, h.cost, h.market_value) == (left, cost_left, value)
    assert h.accumulated_profit == value + gross - fee - cost
    assert h.holding_profit == value - cost_left


def test_a_trillion_yuan_purchase_dividend_and_wallet_income(session: Session) -> None:
    fa = investor(session)
    fund = make_fund(session)
    wallet = wallet_fund(session)
    navs(session, fund, {MON: "7.6543", TUE: "7.6544", WED: "7.6545"})
    incomes(session, wallet, {TUE: "0.6512"})
    amount = D("1000000000000.00")
    fee, net = rules.fee_at_rate(amount, D("0.0015"))
    buy = purchase(
        session, fa, fund, amount=str(amount), fee=str(fee), net=str(net), rate="0.0015",
        trade_date=MON, confirm_date=TUE,
    )  # fmt: skip
    w = holding(
        session, fa, wallet, lots=[(date(2026, 11, 2), "999999999999.99")],
        paid_in="999999999999.99", nav_date=MON, nav=D("1.0000"),
    )  # fmt: skip
    session.add(
        FundDividend(
            fund_code=fund.code, record_date=TUE, ex_date=WED, pay_date=WED,
            cash_per_share=D("0.1234"),
        )
    )  # fmt: skip
    settle(session, TUE)
    buy = session.get_one(TradeOrder, buy.id)
    shares = rules.purchase_shares(net, D("7.6543"))
    assert buy.confirmed_shares == shares
    h = one_holding(session, fa, fund)
    assert (h.shares, h.cost) == (shares, amount)
    assert h.market_value == rules.market_value(shares, D("7.6544"))
    w = one_holding(session, fa, wallet)
    income = rules.wallet_income(D("999999999999.99"), D("0.6512"))
    assert income == D("65120000.00")  # 999 999 999 999.99 × 0.6512 / 10⁴ = 65 119 999.99999…
    assert w.shares == D("999999999999.99") + income
    settle(session, WED)
    h = one_holding(session, fa, fund)
    cash = rules.dividend_cash(shares, D("0.1234"))
    assert h.cash_dividends == cash
    assert h.accumulated_profit == rules.market_value(shares, D("7.6545")) + cash - amount


# -- the SQL twins against the exact rule, up to 10¹² -------------------------------------------

#: Up to a trillion yuan (or shares) per holding; the bound of the claim in docs/rules.md.
huge = st.decimals(min_value=D("0.01"), max_value=D("1000000000000.00"), places=2)
navs_ = st.decimals(min_value=D("0.0001"), max_value=D("99.9999"), places=4)
rates = st.decimals(min_value=D("0.00000000"), max_value=D("0.05000000"), places=8)


def exact(numerator: Fraction, scale: int) -> Decimal:
    """Half-up of an exact fraction, by hand: the reference for the rules themselves."""
    scaled = numerator * 10**scale
    q, r = divmod(scaled.numerator, scaled.denominator)
    return Decimal(q + (1 if 2 * r >= scaled.denominator else 0)).scaleb(-scale)


@PARITY
@given(cost=huge, shares=huge, permille=st.integers(0, 1000), nav=navs_, rate=rates)
@example(
    cost=D("999999999999.99"), shares=D("999999999999.99"), permille=999, nav=D("99.9999"),
    rate=D("0.05"),
)  # fmt: skip
@example(
    cost=D("6000000.00"), shares=D("30000000.00"), permille=833, nav=D("1.1111"), rate=D("0.005")
)
def test_every_sql_twin_is_exact_up_to_a_trillion(
    session: Session, cost: Decimal, shares: Decimal, permille: int, nav: Decimal, rate: Decimal
) -> None:
    redeemed = (shares * permille / 1000).quantize(D("0.01"))
    taken = evaluate(
        session,
        lambda m, c: rules.redeemed_cost_sql(
            m, fig(c.cost, AMOUNT), fig(c.redeemed, SHARES), fig(c.shares, SHARES)
        ),
        cost=(cost, AMOUNT),
        redeemed=(redeemed, SHARES),
        shares=(shares, SHARES),
    )
    expected = (
        cost
        if redeemed >= shares
        else exact(Fraction(cost) * Fraction(redeemed) / Fraction(shares), 2)
    )
    assert taken == rules.redeemed_cost(cost, redeemed, shares) == expected
    value = evaluate(
        session,
        lambda m, c: rules.market_value_sql(m, fig(c.shares, SHARES), fig(c.nav, NAV)),
        shares=(shares, SHARES),
        nav=(nav, NAV),
    )
    assert value == rules.market_value(shares, nav) == exact(Fraction(shares) * Fraction(nav), 2)
    fee = evaluate(
        session,
        lambda m, c: rules.redeem_fee_sql(m, c.gross, fig(c.rate, RATE)),
        gross=(value, AMOUNT),
        rate=(rate, RATE),
    )
    assert fee == rules.redeem_fee(value, rate) == exact(Fraction(value) * Fraction(rate), 2)
    bought = evaluate(
        session,
        lambda m, c: rules.purchase_shares_sql(m, c.net, fig(c.nav, NAV)),
        scale=SHARES,
        net=(cost, AMOUNT),
        nav=(nav, NAV),
    )
    assert bought == rules.purchase_shares(cost, nav) == exact(Fraction(cost) / Fraction(nav), 2)
    income = evaluate(
        session,
        lambda m, c: rules.wallet_income_sql(m, fig(c.shares, SHARES), fig(c.per_10k, NAV)),
        scale=SHARES,
        shares=(shares, SHARES),
        per_10k=(nav, NAV),
    )
    assert income == rules.wallet_income(shares, nav)
    assert income == exact(Fraction(shares) * Fraction(nav) / 10_000, 2)
