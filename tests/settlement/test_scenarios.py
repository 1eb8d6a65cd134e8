"""Settlement scenarios, one per rule, with the figures worked out by hand in each test.

Dates: November 2026 has no holiday; Mon 16, Tue 17, Wed 18, Thu 19, Fri 20, Mon 23.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.models.holdings import CLEARED, HOLDING
from opentamp.models.orders import TradeOrder
from opentamp.models.products import FUND_TYPE_QDII, STATUS_STOP_ALLOT
from tests.factories import make_fund, make_portfolio
from tests.settlement.helpers import (
    D,
    holding,
    incomes,
    investor,
    lots_of,
    navs,
    one_holding,
    order,
    profits,
    purchase,
    redemption,
    settle,
    wallet_fund,
)

MON, TUE, WED, THU, FRI = (date(2026, 11, d) for d in (16, 17, 18, 19, 20))
NEXT_MON = date(2026, 11, 23)


def test_purchase_confirmed_at_the_trade_dates_nav_and_valued_the_next_day(
    session: Session,
) -> None:
    fa = investor(session)
    fund = make_fund(session, purchase_rate=D("0.0015"))
    navs(session, fund, {MON: "1.2345", TUE: "1.2400", WED: "1.2500"})
    # 10 000 at 0.15 %, 外扣法: net = round(10000 / 1.0015) = 9985.02, fee = 14.98.
    buy = purchase(
        session, fa, fund, amount="10000.00", fee="14.98", net="9985.02", rate="0.0015",
        trade_date=MON, confirm_date=TUE,
    )  # fmt: skip

    settle(session, MON)  # not due yet
    assert session.get_one(TradeOrder, buy.id).confirm_status == "0"

    settle(session, TUE)
    buy = session.get_one(TradeOrder, buy.id)
    # shares = round(9985.02 / 1.2345) = round(8088.3110…) = 8088.31
    assert (buy.confirm_status, buy.nav, buy.confirmed_shares) == ("2", D("1.2345"), D("8088.31"))
    assert (buy.confirmed_amount, buy.confirmed_at) == (D("9985.02"), TUE)
    h = one_holding(session, fa, fund)
    assert (h.shares, h.cost, h.paid_in, h.first_confirm_date) == (
        D("8088.31"),
        D("10000.00"),
        D("10000.00"),
        TUE,
    )
    assert [(lot.confirm_date, lot.shares) for lot in lots_of(session, h)] == [(TUE, D("8088.31"))]
    # Valued at Tuesday's NAV: 8088.31 × 1.24 = 10029.5044 → 10029.50; profit 29.50.
    assert (h.nav, h.nav_date, h.market_value) == (D("1.2400"), TUE, D("10029.50"))
    assert (h.holding_profit, h.accumulated_profit, h.previous_profit) == (
        D("29.50"),
        D("29.50"),
        D("29.50"),
    )

    settle(session, WED)
    h = one_holding(session, fa, fund)
    # 8088.31 × 1.25 = 10110.3875 → 10110.39; accumulated 110.39, the day's 110.39 − 29.50.
    assert (h.market_value, h.holding_profit, h.accumulated_profit) == (
        D("10110.39"),
        D("110.39"),
        D("110.39"),
    )
    assert (h.previous_profit, h.profit_date) == (D("80.89"), WED)
    assert profits(session, h) == {TUE: D("29.50"), WED: D("80.89")}


def test_qdii_purchase_is_confirmed_on_t_plus_2(session: Session) -> None:
    fa = investor(session)
    fund = make_fund(session, fund_type=FUND_TYPE_QDII, confirm_days=2)
    navs(session, fund, {MON: "2.0000", TUE: "2.0100", WED: "2.0200"})
    # 5 000 at 1.2 %: net = round(5000 / 1.012) = 4940.71, fee 59.29.
    buy = purchase(
        session, fa, fund, amount="5000.00", fee="59.29", net="4940.71", rate="0.012",
        trade_date=MON, confirm_date=WED,
    )  # fmt: skip
    settle(session, TUE)
    assert session.get_one(TradeOrder, buy.id).confirm_status == "0"
    settle(session, WED)
    buy = session.get_one(TradeOrder, buy.id)
    # 4940.71 / 2.0000 = 2470.355, a tie: half-up gives 2470.36.
    assert (buy.confirm_status, buy.nav, buy.confirmed_shares) == ("2", D("2.0000"), D("2470.36"))
    h = one_holding(session, fa, fund)
    # Valued at Wednesday's 2.0200: 2470.36 × 2.02 = 4990.1272 → 4990.13; −9.87 against 5000.
    assert (h.market_value, h.accumulated_profit) == (D("4990.13"), D("-9.87"))


def test_redemption_within_seven_days_pays_one_and_a_half_percent(session: Session) -> None:
    fa = investor(session)
    fund = make_fund(session)
    navs(session, fund, {MON: "1.1111", TUE: "1.1200"})
    h = holding(session, fa, fund, lots=[(date(2026, 11, 12), "1000.00")], paid_in="1015.00")
    sell = redemption(
        session, h, taken=[(lots_of(session, h)[0], "400.00", "0.015")],
        trade_date=MON, confirm_date=TUE,
    )  # fmt: skip
    settle(session, TUE)
    sell = session.get_one(TradeOrder, sell.id)
    # gross = 400 × 1.1111 = 444.44; fee = round(444.44 × 0.015 = 6.6666) = 6.67; net 437.77.
    assert (sell.confirm_status, sell.nav) == ("2", D("1.1111"))
    assert (sell.confirmed_amount, sell.fee, sell.net_amount, sell.confirmed_shares) == (
        D("444.44"),
        D("6.67"),
        D("437.77"),
        D("400.00"),
    )
    h = one_holding(session, fa, fund)
    # cost: 1015.00 − round(1015.00 × 400 / 1000 = 406.00) = 609.00.
    assert (h.shares, h.frozen_shares, h.cost, h.redeemed_net) == (
        D("600.00"),
        D("0.00"),
        D("609.00"),
        D("437.77"),
    )
    assert [lot.shares for lot in lots_of(session, h)] == [D("600.00")]
    # Valued: 600 × 1.12 = 672.00; accumulated 672.00 + 437.77 − 1015.00 = 94.77.
    assert (h.market_value, h.holding_profit, h.accumulated_profit) == (
        D("672.00"),
        D("63.00"),
        D("94.77"),
    )


def test_full_redemption_after_a_year_clears_the_holding_and_keeps_its_profit(
    session: Session,
) -> None:
    fa = investor(session)
    fund = make_fund(session)
    navs(session, fund, {MON: "1.5432", TUE: "1.5500"})
    # Valued on Monday: 2000 × 1.5432 = 3086.40, accumulated 3086.40 − 2500.00 = 586.40.
    h = holding(
        session, fa, fund, lots=[(date(2025, 11, 10), "2000.00")], paid_in="2500.00",
        nav=D("1.5432"), nav_date=MON, market_value=D("3086.40"), holding_profit=D("586.40"),
        accumulated_profit=D("586.40"), profit_date=MON,
    )  # fmt: skip
    # Held 371 days on Monday: the 365–730 day tier, 0.25 %.
    sell = redemption(
        session, h, taken=[(lots_of(session, h)[0], "2000.00", "0.0025")],
        trade_date=MON, confirm_date=TUE,
    )  # fmt: skip
    settle(session, TUE)
    sell = session.get_one(TradeOrder, sell.id)
    # gross = 2000 × 1.5432 = 3086.40; fee = round(3086.40 × 0.0025 = 7.716) = 7.72.
    assert (sell.confirmed_amount, sell.fee, sell.net_amount) == (
        D("3086.40"),
        D("7.72"),
        D("3078.68"),
    )
    h = one_holding(session, fa, fund)
    assert (h.shares, h.cost, h.market_value, h.status, h.cleared_date) == (
        D("0.00"),
        D("0.00"),
        D("0.00"),
        CLEARED,
        TUE,
    )
    # accumulated = 0 + 3078.68 − 2500.00 = 578.68; the day lost the fee: 578.68 − 586.40.
    assert (h.accumulated_profit, h.previous_profit) == (D("578.68"), D("-7.72"))
    assert profits(session, h) == {TUE: D("-7.72")}
    # A cleared holding is not valued again, and keeps its accumulated profit.
    navs(session, fund, {WED: "1.6000"})
    settle(session, WED)
    h = one_holding(session, fa, fund)
    assert (h.accumulated_profit, h.profit_date, h.status) == (D("578.68"), TUE, CLEARED)


def test_redemption_to_the_wallet_becomes_wallet_shares(session: Session) -> None:
    fa = investor(session)
    fund = make_fund(session)
    wallet = wallet_fund(session)
    navs(session, fund, {MON: "1.1111", TUE: "1.1200"})
    incomes(session, wallet, {TUE: "0.5000"})
    h = holding(session, fa, fund, lots=[(date(2026, 11, 12), "1000.00")], paid_in="1015.00")
    redemption(
        session, h, taken=[(lots_of(session, h)[0], "400.00", "0.015")],
        trade_date=MON, confirm_date=TUE, redeem_to="wallet",
    )  # fmt: skip
    settle(session, TUE)
    w = one_holding(session, fa, wallet)
    # The net 437.77 arrives as 437.77 wallet shares (NAV 1), earning from the next day.
    assert (w.shares, w.cost, w.paid_in, w.market_value, w.accumulated_profit) == (
        D("437.77"),
        D("437.77"),
        D("437.77"),
        D("437.77"),
        D("0.00"),
    )
    assert [(lot.confirm_date, lot.shares) for lot in lots_of(session, w)] == [(TUE, D("437.77"))]


def test_portfolio_purchase_split_across_five_funds(session: Session) -> None:
    fa = investor(session)
    weights = ["0.30", "0.25", "0.20", "0.15", "0.10"]
    funds = [make_fund(session) for _ in weights]
    po = make_portfolio(
        session, components=[(f, D(w)) for f, w in zip(funds, weights, strict=True)]
    )
    for f, nav in zip(funds, ["1.0000", "2.0000", "1.2500", "0.8000", "1.5000"], strict=True):
        navs(session, f, {MON: nav, TUE: nav})
    parent = order(
        session, fa, code="P02", fund_code="", portfolio_code=po.code, status="P0",
        trade_date=MON, confirm_date=TUE, trade_amount=D("10000.00"), fee=D("14.98"),
        net_amount=D("9985.02"), pay_method="card",
    )  # fmt: skip
    # 10 000 by weight: 3000, 2500, 2000, 1500, 1000; each at 0.15 %, 外扣法.
    legs = [
        ("3000.00", "4.49", "2995.51"),
        ("2500.00", "3.74", "2496.26"),
        ("2000.00", "3.00", "1997.00"),
        ("1500.00", "2.25", "1497.75"),
        ("1000.00", "1.50", "998.50"),
    ]
    for f, (amount, fee, net) in zip(funds, legs, strict=True):
        purchase(
            session, fa, f, amount=amount, fee=fee, net=net, rate="0.0015", trade_date=MON,
            confirm_date=TUE, parent_id=parent.id, portfolio_code=po.code,
        )  # fmt: skip
    settle(session, TUE)
    # shares: 2995.51/1 = 2995.51, 2496.26/2 = 1248.13, 1997.00/1.25 = 1597.60,
    # 1497.75/0.8 = 1872.1875 → 1872.19, 998.50/1.5 = 665.666… → 665.67.
    shares = [one_holding(session, fa, f, po.code).shares for f in funds]
    assert shares == [D("2995.51"), D("1248.13"), D("1597.60"), D("1872.19"), D("665.67")]
    parent = session.get_one(TradeOrder, parent.id)
    assert (parent.confirm_status, parent.confirmed_amount, parent.confirmed_at) == (
        "P2",
        D("9985.02"),
        TUE,
    )


def test_portfolio_purchase_partly_failed_is_p4(session: Session) -> None:
    fa = investor(session)
    good = make_fund(session)
    stopped = make_fund(session)
    po = make_portfolio(session, components=[(good, D("0.6")), (stopped, D("0.4"))])
    navs(session, good, {MON: "1.0000", TUE: "1.0000"})
    navs(session, stopped, {MON: "1.0000", TUE: "1.0000"})
    parent = order(
        session, fa, code="P02", fund_code="", portfolio_code=po.code, status="P0",
        trade_date=MON, confirm_date=TUE, trade_amount=D("1000.00"),
    )  # fmt: skip
    ok = purchase(
        session, fa, good, amount="600.00", fee="0.90", net="599.10", rate="0.0015",
        trade_date=MON, confirm_date=TUE, parent_id=parent.id, portfolio_code=po.code,
    )  # fmt: skip
    bad = purchase(
        session, fa, stopped, amount="400.00", fee="0.60", net="399.40", rate="0.0015",
        trade_date=MON, confirm_date=TUE, parent_id=parent.id, portfolio_code=po.code,
    )  # fmt: skip
    stopped.status = STATUS_STOP_ALLOT  # 暂停申购 by the day the orders are confirmed
    settle(session, TUE)
    assert session.get_one(TradeOrder, ok.id).confirm_status == "2"
    bad = session.get_one(TradeOrder, bad.id)
    assert (bad.confirm_status, bad.confirmed_shares, bad.arrival_date) == ("1", D("0.00"), TUE)
    assert "暂停申购" in bad.fail_reason
    parent = session.get_one(TradeOrder, parent.id)
    assert (parent.confirm_status, parent.confirmed_amount) == ("P4", D("599.10"))


def test_wallet_paid_purchase_of_a_stopped_fund_returns_the_wallet_shares(
    session: Session,
) -> None:
    fa = investor(session)
    wallet = wallet_fund(session)
    fund = make_fund(session, status=STATUS_STOP_ALLOT)
    navs(session, fund, {MON: "1.0000", TUE: "1.0000"})
    incomes(session, wallet, {TUE: "0.0000"})
    # The purchase took 500.00 wallet shares when it was placed (trading's doing).
    w = holding(
        session, fa, wallet, lots=[(date(2026, 11, 2), "1000.00")], paid_in="1500.00",
        cost="1000.00", redeemed_net=D("500.00"), nav_date=MON, nav=D("1.0000"),
    )  # fmt: skip
    buy = purchase(
        session, fa, fund, code="W04", amount="500.00", fee="7.39", net="492.61",
        rate="0.015", trade_date=MON, confirm_date=TUE, pay_method="wallet",
    )  # fmt: skip
    settle(session, TUE)
    buy = session.get_one(TradeOrder, buy.id)
    assert buy.confirm_status == "W1"
    w = one_holding(session, fa, wallet)
    # 500.00 back as shares; paid in 1500 + 500; accumulated 1500 + 500 − 2000 = 0.
    assert (w.shares, w.paid_in, w.accumulated_profit) == (D("1500.00"), D("2000.00"), D("0.00"))


def test_wallet_income_of_a_friday_covers_the_weekend(session: Session) -> None:
    fa = investor(session)
    wallet = wallet_fund(session)
    incomes(session, wallet, {FRI: "0.6543", NEXT_MON: "0.5000"})
    w = holding(
        session, fa, wallet, lots=[(date(2026, 11, 2), "12345.67")], paid_in="12345.67",
        nav=D("1.0000"), nav_date=THU, market_value=D("12345.67"), profit_date=THU,
    )  # fmt: skip
    # A recharge of Friday, confirmed Monday: it earns from Tuesday on.
    recharge = purchase(
        session, fa, wallet, code="W01", amount="1000.00", fee="0.00", net="1000.00",
        rate="0", trade_date=FRI, confirm_date=NEXT_MON,
    )  # fmt: skip
    settle(session, FRI)
    w = one_holding(session, fa, wallet)
    # Friday's 万份收益 covers Friday, Saturday and Sunday (the fund publishes it so):
    # 12345.67 × 0.6543 / 10000 = 0.80777… → 0.81.
    assert (w.shares, w.accumulated_profit, w.previous_profit) == (
        D("12346.48"),
        D("0.81"),
        D("0.81"),
    )
    settle(session, NEXT_MON)
    w = one_holding(session, fa, wallet)
    # Monday: round(12346.48 × 0.5 / 10000 = 0.61732) = 0.62; then the recharge's 1000.00.
    assert session.get_one(TradeOrder, recharge.id).confirm_status == "W2"
    assert (w.shares, w.paid_in, w.market_value) == (
        D("13347.10"),
        D("13345.67"),
        D("13347.10"),
    )
    assert (w.accumulated_profit, w.previous_profit) == (D("1.43"), D("0.62"))
    assert profits(session, w) == {FRI: D("0.81"), NEXT_MON: D("0.62")}
    assert sum((lot.shares for lot in lots_of(session, w)), Decimal(0)) == w.shares


def test_cash_and_reinvested_dividends(session: Session) -> None:
    from opentamp.models.products import FundDividend

    cash_fa, reinvest_fa = investor(session), investor(session)
    fund = make_fund(session)
    navs(session, fund, {WED: "1.2000"})
    session.add(
        FundDividend(
            fund_code=fund.code, record_date=TUE, ex_date=WED, pay_date=THU,
            cash_per_share=D("0.0500"),
        )
    )  # fmt: skip
    cash_h = holding(
        session, cash_fa, fund, lots=[(date(2026, 3, 2), "1234.56")], paid_in="1300.00"
    )
    re_h = holding(
        session, reinvest_fa, fund, lots=[(date(2026, 3, 2), "1000.00")], paid_in="1100.00",
        dividend_method="reinvest",
    )  # fmt: skip
    settle(session, WED)
    cash_h = one_holding(session, cash_fa, fund)
    # cash = round(1234.56 × 0.05 = 61.728) = 61.73; shares unchanged, valued 1234.56 × 1.2 =
    # 1481.472 → 1481.47; accumulated 1481.47 + 61.73 − 1300.00 = 243.20.
    assert (cash_h.shares, cash_h.cash_dividends, cash_h.market_value) == (
        D("1234.56"),
        D("61.73"),
        D("1481.47"),
    )
    assert cash_h.accumulated_profit == D("243.20")
    re_h = one_holding(session, reinvest_fa, fund)
    # cash 50.00 buys round(50.00 / 1.2 = 41.666…) = 41.67 shares: 1041.67 × 1.2 = 1250.004
    # → 1250.00; accumulated 1250.00 − 1100.00 = 150.00.
    assert (re_h.shares, re_h.cash_dividends, re_h.market_value) == (
        D("1041.67"),
        D("0.00"),
        D("1250.00"),
    )
    assert [lot.shares for lot in lots_of(session, re_h)] == [D("1000.00"), D("41.67")]
    records = session.scalars(
        select(TradeOrder).where(TradeOrder.order_code == "143").order_by(TradeOrder.trade_amount)
    ).all()
    assert [
        (o.trade_amount, o.confirmed_shares, o.confirm_status, o.redeem_to) for o in records
    ] == [
        (D("50.00"), D("41.67"), "2", ""),
        (D("61.73"), D("0.00"), "2", "card"),
    ]
    assert records[1].arrival_date == THU
    assert cash_h.status == HOLDING
