"""The dates of an order: cut-off, trade date T, confirmation, profit and arrival.

One function per date, over a trading calendar (``kit.calendar.TradingCalendar``, passed in)
and plain values; nothing here reads the database or the clock. The trade calls, the
conversions, the 交易规则 screen and settlement all take their dates from here.

Worked example (docs/trading.md): an order at Friday 2026-02-13 15:30 is past the cut-off and
the exchange is closed 2026-02-16..23 (春节), so T is Tuesday 2026-02-24; a T+1 fund confirms
on Wednesday the 25th, its profit shows from Thursday the 26th, and a redemption paid to a card
with T+3 arrives on Friday the 27th (T+1 to the wallet: the 25th; never before the
confirmation: a QDII fund's T+2).
"""

from __future__ import annotations

from datetime import date, datetime, time

from opentamp.kit.calendar import TradingCalendar
from opentamp.kit.clock import BEIJING, as_beijing

#: Orders placed before 15:00 Beijing time on a trading day belong to that day.
CUT_OFF = time(15, 0)
#: Redemption cash paid into the wallet arrives on T+1.
WALLET_ARRIVAL_DAYS = 1

PAY_CARD = "card"
PAY_WALLET = "wallet"


def cut_off(trade_day: date) -> datetime:
    """The cut-off of ``trade_day``: 15:00 Beijing time. An order may be cancelled until the
    cut-off of its trade date (2026-11-24 → 2026-11-24 15:00+08:00)."""
    return datetime.combine(trade_day, CUT_OFF, tzinfo=BEIJING)


def cancel_deadline(trade_day: date) -> datetime:
    """An order may be cancelled until the cut-off of its trade date (:func:`cut_off`)."""
    return cut_off(trade_day)


def trade_date(calendar: TradingCalendar, moment: datetime) -> date:
    """T of an order placed at ``moment``: the day itself on a trading day before 15:00
    Beijing time; at or after 15:00, or on a closed day, the next trading day.

    Tuesday 2026-11-24 14:59:59 → the 24th; 15:00:00 → Wednesday the 25th; Saturday the 28th
    → Monday the 30th. A naive ``moment`` is read as Beijing time."""
    local = as_beijing(moment)
    day = local.date()
    if calendar.is_trading_day(day) and local.time() < CUT_OFF:
        return day
    return calendar.next_trading_day(day)


def confirm_date(calendar: TradingCalendar, trade_day: date, confirm_days: int) -> date:
    """Shares are confirmed on T+``confirm_days`` trading days: T+1, QDII T+2 (T 2026-09-30
    with T+2 → 2026-10-09, across the National Day holiday)."""
    return calendar.add_trading_days(trade_day, confirm_days)


def trade_date_of_confirmation(
    calendar: TradingCalendar, confirm_day: date, confirm_days: int
) -> date:
    """The trade date of shares confirmed on ``confirm_day``, the inverse of
    :func:`confirm_date`: ``confirm_days`` trading days earlier (confirmed Monday 2026-10-12
    with T+2 → T Thursday 2026-10-08)."""
    return calendar.add_trading_days(confirm_day, -confirm_days)


def profit_date(calendar: TradingCalendar, confirm_day: date) -> date:
    """Profit shows from the trading day after confirmation (confirmed Wednesday 2026-02-25
    → Thursday the 26th; confirmed Friday → Monday)."""
    return calendar.next_trading_day(confirm_day)


def arrival_date(
    calendar: TradingCalendar,
    trade_day: date,
    *,
    redeem_to: str,
    redeem_settle_days: int,
    confirm_days: int,
) -> date:
    """Redemption cash reaches the card on T+``redeem_settle_days`` trading days, the wallet
    on T+1 (T Tuesday 2026-11-24, T+1 confirmation, T+3 → card Friday the 27th, wallet
    Wednesday the 25th); never before the shares are confirmed, as settlement pays the cash
    at confirmation: a QDII fund's (T+2) reaches the wallet on T+2."""
    days = WALLET_ARRIVAL_DAYS if redeem_to == PAY_WALLET else redeem_settle_days
    return calendar.add_trading_days(trade_day, max(days, confirm_days))


def holding_days(confirmed_on: date, trade_day: date) -> int:
    """Calendar days a lot confirmed on ``confirmed_on`` has been held on the trade date
    (confirmed 2026-11-17, redeemed with T 2026-11-24 → 7); never negative."""
    return max((trade_day - confirmed_on).days, 0)


def _clock_time(text: str) -> time:
    return time.fromisoformat(text.strip())


def in_trade_limit(
    moment: datetime, start: str | None, end: str | None, *, is_trading_day: bool
) -> bool:
    """Whether ``moment`` falls in a fund's trading-time limit: on a trading day between
    ``start`` and ``end`` ("HH:mm" or "HH:mm:ss", both ends included) applications would fail
    confirmation, so they are refused. Only a limit with both ends counts (14:30–15:00 refuses
    14:30 and 15:00 on a trading day, never on a Saturday)."""
    if not start or not end or not is_trading_day:
        return False
    local = as_beijing(moment).time().replace(tzinfo=None)
    return _clock_time(start) <= local <= _clock_time(end)
