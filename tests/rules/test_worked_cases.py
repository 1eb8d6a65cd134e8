"""The trading rules (opentamp/rules/) with numbers worked out by hand: dates on the real
calendar, purchase and redemption fees, the trading-time limit, the conversion fee difference."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from opentamp import rules
from opentamp.kit.calendar import TradingCalendar
from tests.rules.conftest import Tier, at

D = Decimal


# -- dates ----------------------------------------------------------------------------------


def test_cut_off_at_three_on_a_tuesday(calendar: TradingCalendar) -> None:
    # Tuesday 2026-11-24: 14:59 belongs to that day, 15:00 to Wednesday the 25th.
    assert rules.trade_date(calendar, at("2026-11-24 14:59:59")) == date(2026, 11, 24)
    assert rules.trade_date(calendar, at("2026-11-24 15:00:00")) == date(2026, 11, 25)


def test_friday_after_the_cut_off_before_the_spring_festival(calendar: TradingCalendar) -> None:
    # Friday 2026-02-13 15:30; the exchange is closed 2026-02-16..23 (春节), so T is Tuesday
    # 2026-02-24, confirmed T+1 on Wednesday the 25th, profit from Thursday the 26th.
    t = rules.trade_date(calendar, at("2026-02-13 15:30"))
    assert t == date(2026, 2, 24)
    assert rules.confirm_date(calendar, t, 1) == date(2026, 2, 25)
    assert rules.profit_date(calendar, date(2026, 2, 25)) == date(2026, 2, 26)


def test_a_saturday_order_belongs_to_monday(calendar: TradingCalendar) -> None:
    assert rules.trade_date(calendar, at("2026-11-28 10:00")) == date(2026, 11, 30)


def test_qdii_confirms_on_t_plus_2_across_the_national_day(calendar: TradingCalendar) -> None:
    # T = Wednesday 2026-09-30; 10-01..07 closed (国庆); T+1 = 10-08, T+2 = 10-09.
    t = rules.trade_date(calendar, at("2026-09-30 10:00"))
    assert rules.confirm_date(calendar, t, 2) == date(2026, 10, 9)
    assert rules.profit_date(calendar, date(2026, 10, 9)) == date(2026, 10, 12)


def test_arrival_of_redemption_cash(calendar: TradingCalendar) -> None:
    t = date(2026, 11, 24)  # Tuesday
    assert rules.arrival_date(
        calendar, t, redeem_to="card", redeem_settle_days=3, confirm_days=1
    ) == date(2026, 11, 27)
    assert rules.arrival_date(
        calendar, t, redeem_to="wallet", redeem_settle_days=3, confirm_days=1
    ) == date(2026, 11, 25)
    # Thursday + 3 trading days skips the weekend: Fri 27, Mon 30, Tue 1 December.
    assert rules.arrival_date(
        calendar, date(2026, 11, 26), redeem_to="card", redeem_settle_days=3, confirm_days=1
    ) == date(2026, 12, 1)


def test_redemption_cash_never_arrives_before_the_confirmation(calendar: TradingCalendar) -> None:
    # A QDII fund (T+2) redeemed to the wallet: settlement pays the cash at confirmation, so it
    # arrives on T+2 (Thursday the 26th), not T+1; to the card T+7 stays T+7.
    t = date(2026, 11, 24)  # Tuesday
    wallet = rules.arrival_date(
        calendar, t, redeem_to="wallet", redeem_settle_days=7, confirm_days=2
    )
    assert wallet == rules.confirm_date(calendar, t, 2) == date(2026, 11, 26)
    card = rules.arrival_date(calendar, t, redeem_to="card", redeem_settle_days=7, confirm_days=2)
    assert card == date(2026, 12, 3)
    # a fund whose cash would settle before its confirmation waits for it
    assert rules.arrival_date(
        calendar, t, redeem_to="card", redeem_settle_days=1, confirm_days=2
    ) == date(2026, 11, 26)


def test_cancel_deadline_is_three_on_the_trade_date() -> None:
    assert rules.cancel_deadline(date(2026, 2, 24)) == at("2026-02-24 15:00")


def test_trading_time_limit() -> None:
    moment = at("2026-11-24 14:30")
    assert rules.in_trade_limit(moment, "14:00", "15:00", is_trading_day=True)
    assert rules.in_trade_limit(moment, "14:30:00", "14:45", is_trading_day=True)
    assert not rules.in_trade_limit(moment, "09:30", "14:29:59", is_trading_day=True)
    assert not rules.in_trade_limit(moment, "14:00", "15:00", is_trading_day=False)
    assert not rules.in_trade_limit(moment, "14:00", None, is_trading_day=True)


# -- purchase fee ----------------------------------------------------------------------------

SCHEDULE = [
    Tier(amount_from=D("0"), amount_to=D("1000000.00"), rate=D("0.015")),
    Tier(amount_from=D("1000000.00"), amount_to=D("5000000.00"), rate=D("0.008")),
    Tier(amount_from=D("5000000.00"), fixed_fee=D("1000.00")),
]


def test_ten_thousand_at_one_and_a_half_percent_with_a_tenth() -> None:
    # rate 0.015 × 0.1 = 0.0015; net = 10000 / 1.0015 = 9985.0224… → 9985.02; fee 14.98.
    # Without the discount: 10000 / 1.015 = 9852.2167… → 9852.22; fee 147.78.
    fee = rules.purchase_fee(D("10000.00"), SCHEDULE, discount=D("0.1"))
    assert fee.listed_rate == D("0.015") and fee.rate == D("0.0015")
    assert fee.net_amount == D("9985.02") and fee.fee == D("14.98")
    assert fee.original_fee == D("147.78")


def test_the_tier_follows_the_amount() -> None:
    # 2 000 000 at 0.008 (no discount): 2000000 / 1.008 = 1984126.9841… → 1984126.98;
    # fee 15873.02.
    fee = rules.purchase_fee(D("2000000.00"), SCHEDULE)
    assert fee.rate == D("0.008")
    assert (fee.net_amount, fee.fee) == (D("1984126.98"), D("15873.02"))


def test_a_fixed_fee_tier_replaces_the_rate_and_is_not_discounted() -> None:
    fee = rules.purchase_fee(D("6000000.00"), SCHEDULE, discount=D("0.1"))
    assert fee.listed_rate is None and fee.rate is None and fee.fixed_fee == D("1000.00")
    assert (fee.fee, fee.original_fee, fee.net_amount) == (
        D("1000.00"),
        D("1000.00"),
        D("5999000.00"),
    )


def test_money_market_funds_charge_nothing() -> None:
    fee = rules.purchase_fee(D("500.00"), SCHEDULE, money_market=True)
    assert (fee.fee, fee.net_amount, fee.rate) == (D("0"), D("500.00"), D("0"))


def test_half_cents_round_up() -> None:
    # 100 at 0.012: 100 / 1.012 = 98.8142… → 98.81, fee 1.19. 1.01 at 0.015:
    # 1.01 / 1.015 = 0.99507… → 1.00, fee 0.01.
    assert rules.purchase_fee(D("100.00"), [Tier(rate=D("0.012"))]).fee == D("1.19")
    assert rules.purchase_fee(D("1.01"), [Tier(rate=D("0.015"))]).fee == D("0.01")


# -- redemption fee --------------------------------------------------------------------------

REDEEM = [
    Tier(days_from=0, days_to=7, rate=D("0.015")),
    Tier(days_from=7, days_to=365, rate=D("0.005")),
    Tier(days_from=365, days_to=730, rate=D("0.0025")),
    Tier(days_from=730, rate=D("0")),
]


@pytest.mark.parametrize(
    ("days", "rate"),
    [(0, "0.015"), (6, "0.015"), (7, "0.005"), (364, "0.005"), (365, "0.0025"), (730, "0")],
)
def test_redemption_rate_by_holding_period(days: int, rate: str) -> None:
    assert rules.redeem_fee_rate(days, REDEEM) == D(rate)


def test_under_seven_days_costs_at_least_one_and_a_half_percent() -> None:
    lenient = [Tier(days_from=0, rate=D("0.001"))]
    assert rules.redeem_fee_rate(3, lenient) == D("0.015")
    assert rules.redeem_fee_rate(7, lenient) == D("0.001")
    assert rules.redeem_fee_rate(3, [], money_market=True) == D("0")


def test_holding_days_are_calendar_days() -> None:
    # Confirmed Wednesday 2026-11-18, redeemed on T = Tuesday 2026-11-24: 6 days, under 7.
    assert rules.holding_days(date(2026, 11, 18), date(2026, 11, 24)) == 6
    assert rules.redeem_fee(D("1234.56"), D("0.005")) == D("6.17")  # 6.1728 → 6.17
