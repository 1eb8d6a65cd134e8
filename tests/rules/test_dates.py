"""The date rules (opentamp/rules/dates.py) on the real trading calendar: the module's worked
example, one scenario per date. (tests/trading/test_rules.py holds more calendar cases.)"""

from __future__ import annotations

from datetime import date

from opentamp import rules
from opentamp.kit.calendar import TradingCalendar
from tests.rules.conftest import at


def test_the_worked_example_before_the_spring_festival(calendar: TradingCalendar) -> None:
    t = rules.trade_date(calendar, at("2026-02-13 15:30"))
    confirm = rules.confirm_date(calendar, t, 1)
    assert (t, confirm) == (date(2026, 2, 24), date(2026, 2, 25))
    assert rules.profit_date(calendar, confirm) == date(2026, 2, 26)
    card = rules.arrival_date(
        calendar, t, redeem_to=rules.PAY_CARD, redeem_settle_days=3, confirm_days=1
    )
    wallet = rules.arrival_date(
        calendar, t, redeem_to=rules.PAY_WALLET, redeem_settle_days=3, confirm_days=1
    )
    assert (card, wallet) == (date(2026, 2, 27), date(2026, 2, 25))


def test_the_cut_off(calendar: TradingCalendar) -> None:
    assert rules.cut_off(date(2026, 11, 24)) == at("2026-11-24 15:00")
    assert rules.cancel_deadline(date(2026, 11, 24)) == rules.cut_off(date(2026, 11, 24))
    assert rules.trade_date(calendar, at("2026-11-24 14:59:59")) == date(2026, 11, 24)
    assert rules.trade_date(calendar, at("2026-11-24 15:00")) == date(2026, 11, 25)
    assert rules.trade_date(calendar, at("2026-11-28 10:00")) == date(2026, 11, 30)


def test_qdii_confirms_on_t_plus_2_across_the_national_day(calendar: TradingCalendar) -> None:
    confirm = rules.confirm_date(calendar, date(2026, 9, 30), 2)
    assert confirm == date(2026, 10, 9)
    assert rules.profit_date(calendar, confirm) == date(2026, 10, 12)
    assert rules.trade_date_of_confirmation(calendar, date(2026, 10, 12), 2) == date(2026, 10, 8)
    assert rules.trade_date_of_confirmation(calendar, confirm, 2) == date(2026, 9, 30)


def test_holding_days_and_the_trading_time_limit() -> None:
    assert rules.holding_days(date(2026, 11, 17), date(2026, 11, 24)) == 7
    assert rules.holding_days(date(2026, 11, 25), date(2026, 11, 24)) == 0
    limit = ("14:30", "15:00")
    assert rules.in_trade_limit(at("2026-11-24 14:30"), *limit, is_trading_day=True)
    assert rules.in_trade_limit(at("2026-11-24 15:00"), *limit, is_trading_day=True)
    assert not rules.in_trade_limit(at("2026-11-24 14:29"), *limit, is_trading_day=True)
    assert not rules.in_trade_limit(at("2026-11-28 14:45"), *limit, is_trading_day=False)
    assert not rules.in_trade_limit(at("2026-11-24 14:45"), "14:30", None, is_trading_day=True)
