"""The trading rules of DESIGN §4 and docs/trading.md, as pure functions over plain values.

This module is the one definition of: the trade date T of an order moment (cut-off 15:00),
its confirmation date, the date profit starts to show, the date redemption cash arrives, the
purchase fee (外扣法, with the discount and fixed-fee tiers) and the redemption fee rate of a
lot by its holding period. The trade calls (opentamp/trading/service.py) and settlement
(opentamp/settlement/) both import it; nothing here reads the database or the clock, the
trading calendar being passed in (``get_calendar()``) where days are counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from typing import Protocol, TypeVar

from opentamp.kit.calendar import CUT_OFF, TradingCalendar
from opentamp.kit.clock import BEIJING, as_beijing
from opentamp.kit.money import RATE_SCALE, ZERO, round_amount, round_half_up

NO_FEE = Decimal("0.00")

#: Redemption of a lot held under 7 calendar days costs at least 1.5 % (证监会《公开募集开放式
#: 证券投资基金流动性风险管理规定》 第二十三条), money-market funds excepted.
SHORT_HOLD_DAYS = 7
SHORT_HOLD_MIN_RATE = Decimal("0.015")
#: Redemption cash paid into the wallet arrives on T+1.
WALLET_ARRIVAL_DAYS = 1

PAY_CARD = "card"
PAY_WALLET = "wallet"


# -- dates -------------------------------------------------------------------------------------


def trade_date(calendar: TradingCalendar, moment: datetime) -> date:
    """T of an order placed at ``moment`` (Beijing time): that day on a trading day before
    15:00; otherwise the next trading day (DESIGN §4 cut-off)."""
    return calendar.trade_date(moment)


def confirm_date(calendar: TradingCalendar, trade_day: date, confirm_days: int) -> date:
    """Shares are confirmed on T+confirm_days trading days (T+1, QDII T+2)."""
    return calendar.add_trading_days(trade_day, confirm_days)


def profit_date(calendar: TradingCalendar, confirm_day: date) -> date:
    """Profit shows from the trading day after confirmation (docs/trading.md)."""
    return calendar.next_trading_day(confirm_day)


def arrival_date(
    calendar: TradingCalendar, trade_day: date, *, redeem_to: str, redeem_settle_days: int
) -> date:
    """Redemption cash reaches the card on T+redeem_settle_days trading days, the wallet on
    T+1 (DESIGN §4)."""
    days = WALLET_ARRIVAL_DAYS if redeem_to == PAY_WALLET else redeem_settle_days
    return calendar.add_trading_days(trade_day, days)


def cancel_deadline(trade_day: date) -> datetime:
    """An order may be cancelled until the cut-off (15:00 Beijing time) of its trade date."""
    return datetime.combine(trade_day, CUT_OFF, tzinfo=BEIJING)


# -- purchase fee --------------------------------------------------------------------------------


class PurchaseTier(Protocol):
    """One 'purchase' row of a fee schedule (``FundFeeTier`` satisfies it): for amounts in
    [amount_from, amount_to) the listed ``rate`` applies, or ``fixed_fee`` replaces it."""

    @property
    def amount_from(self) -> Decimal | None: ...
    @property
    def amount_to(self) -> Decimal | None: ...
    @property
    def rate(self) -> Decimal | None: ...
    @property
    def fixed_fee(self) -> Decimal | None: ...


class RedeemTier(Protocol):
    """One 'redeem' row: for lots held [days_from, days_to) calendar days, ``rate``."""

    @property
    def days_from(self) -> int | None: ...
    @property
    def days_to(self) -> int | None: ...
    @property
    def rate(self) -> Decimal | None: ...


P = TypeVar("P", bound=PurchaseTier)


@dataclass(frozen=True)
class PurchaseFee:
    """The fee of a purchase of ``amount``.

    ``listed_rate`` is the schedule's rate (feeRate), ``rate`` the one applied after the
    discount (discountFeeRate); both are None under a fixed-fee tier, where ``fixed_fee`` is
    charged instead. ``original_fee`` is the fee without the discount.
    """

    amount: Decimal
    listed_rate: Decimal | None
    rate: Decimal | None
    fixed_fee: Decimal | None
    original_fee: Decimal
    fee: Decimal
    net_amount: Decimal


def purchase_tier(tiers: Sequence[P], amount: Decimal) -> P | None:
    """The tier whose [amount_from, amount_to) holds ``amount`` (open bounds when null)."""
    for tier in tiers:
        low = tier.amount_from if tier.amount_from is not None else ZERO
        if amount >= low and (tier.amount_to is None or amount < tier.amount_to):
            return tier
    return None


def fee_at_rate(amount: Decimal, rate: Decimal) -> tuple[Decimal, Decimal]:
    """外扣法: ``net = round(amount / (1 + rate))``, ``fee = amount − net`` (DESIGN §4)."""
    net = round_amount(amount / (1 + rate))
    return amount - net, net


def purchase_fee(
    amount: Decimal,
    tiers: Sequence[PurchaseTier],
    *,
    discount: Decimal = Decimal(1),
    money_market: bool = False,
) -> PurchaseFee:
    """The front-end fee of a purchase of ``amount`` yuan.

    Money-market funds (and the wallet) charge nothing. Otherwise the tier for the amount
    gives the listed rate; the applied rate is ``listed × discount`` (discountFeeRatio), and
    the fee is taken 外扣法. A fixed-fee tier (the top tier, e.g. 1 000 yuan a purchase)
    replaces the rate and is not discounted; it never exceeds the amount. No matching tier is
    a free purchase.
    """
    amount = round_amount(amount)
    tier = None if money_market else purchase_tier(tiers, amount)
    if tier is None:
        return PurchaseFee(amount, ZERO, ZERO, None, NO_FEE, NO_FEE, amount)
    if tier.fixed_fee is not None:
        fee = min(round_amount(tier.fixed_fee), amount)
        return PurchaseFee(amount, None, None, fee, fee, fee, amount - fee)
    listed = tier.rate or ZERO
    rate = round_half_up(listed * discount, RATE_SCALE)
    original_fee, _ = fee_at_rate(amount, listed)
    fee, net = fee_at_rate(amount, rate)
    return PurchaseFee(amount, listed, rate, None, original_fee, fee, net)


# -- redemption fee ------------------------------------------------------------------------------


def holding_days(confirmed_on: date, trade_day: date) -> int:
    """Calendar days a lot confirmed on ``confirmed_on`` has been held on the trade date."""
    return max((trade_day - confirmed_on).days, 0)


def redeem_fee_rate(
    days_held: int, tiers: Sequence[RedeemTier], *, money_market: bool = False
) -> Decimal:
    """The redemption fee rate of a lot held ``days_held`` calendar days: the tier for the
    period, and at least 1.5 % under 7 days (money-market funds: the tier alone, usually 0)."""
    rate = ZERO
    for tier in tiers:
        low = tier.days_from if tier.days_from is not None else 0
        if days_held >= low and (tier.days_to is None or days_held < tier.days_to):
            rate = tier.rate or ZERO
            break
    if not money_market and days_held < SHORT_HOLD_DAYS:
        rate = max(rate, SHORT_HOLD_MIN_RATE)
    return rate


def redeem_fee(gross: Decimal, rate: Decimal) -> Decimal:
    """The fee of one lot's gross redemption amount, rounded half-up to the cent."""
    return round_amount(gross * rate)


# -- trading-time limit --------------------------------------------------------------------------


def _clock_time(text: str) -> time:
    return time.fromisoformat(text.strip())


def in_trade_limit(
    moment: datetime, start: str | None, end: str | None, *, is_trading_day: bool
) -> bool:
    """Whether ``moment`` falls in a fund's trading-time limit (spec 000 §5): on a trading day
    between ``start`` and ``end`` ("HH:mm" or "HH:mm:ss", both ends included), applications
    would fail confirmation, so they are refused. Only a limit with both ends counts."""
    if not start or not end or not is_trading_day:
        return False
    local = as_beijing(moment).time().replace(tzinfo=None)
    return _clock_time(start) <= local <= _clock_time(end)


# -- conversion fee difference -------------------------------------------------------------------


@dataclass(frozen=True)
class FeeDifference:
    """The purchase-fee difference (补差费) of a fund conversion (036) on the ``amount`` that
    enters the target fund (the redemption's net).

    ``rate`` is ``max(0, rate_target − rate_source)``, each the fund's listed rate for the
    amount × its discount (money-market funds 0); None when either fund's tier for the amount
    is a fixed fee, where ``fee`` is ``max(0, fee_target − fee_source)`` instead.
    """

    amount: Decimal
    rate: Decimal | None
    fee: Decimal
    net_amount: Decimal


def conversion_fee_difference(
    amount: Decimal, source: PurchaseFee, target: PurchaseFee
) -> FeeDifference:
    """补差费 (DESIGN §4 "Convert"): a conversion pays only what buying the target costs
    beyond buying the source, never less than nothing. With two rates, 外扣法 at the
    difference: ``net = round(amount / (1 + rate))``, ``fee = amount − net``. When a fixed-fee
    tier is involved it counts as its fee: ``fee = max(0, fee_target − fee_source)`` (both
    fees of ``amount``, :func:`purchase_fee`), capped at the amount, ``net = amount − fee``."""
    amount = round_amount(amount)
    if source.rate is not None and target.rate is not None:
        rate = max(ZERO, target.rate - source.rate)
        fee, net = fee_at_rate(amount, rate)
        return FeeDifference(amount, rate, fee, net)
    fee = min(max(NO_FEE, target.fee - source.fee), amount)
    return FeeDifference(amount, None, fee, amount - fee)
