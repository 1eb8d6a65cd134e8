"""The fee rules: the discounted rate, the purchase fee (外扣法), the redemption fee of a lot by
its holding period, a redemption's gross and net, and a conversion's 补差费.

Each rule is written once as a plain function over Decimals, and where settlement applies it
to a whole day's rows in SQL, once more as its SQL twin (the ``*_sql`` functions, over columns
or expressions), built with :class:`~opentamp.kit.money.SqlMoney` from the same constants and
the same half-up rounding; ``tests/rules/`` evaluates both forms on the same numbers. Rates are
decimals (0.015 = 1.5 %).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any, NamedTuple, Protocol, TypeVar

from sqlalchemy import and_, case, null, or_
from sqlalchemy.sql.elements import ColumnElement

from opentamp.kit.money import (
    AMOUNT_SCALE,
    RATE_SCALE,
    SHARE_SCALE,
    ZERO,
    Fig,
    SqlMoney,
    muldiv,
    round_amount,
)
from opentamp.rules.dates import holding_days

NO_FEE = Decimal("0.00")

#: Redemption of a lot held under 7 calendar days costs at least 1.5 % (证监会《公开募集开放式
#: 证券投资基金流动性风险管理规定》 第二十三条), money-market funds excepted.
SHORT_HOLD_DAYS = 7
SHORT_HOLD_MIN_RATE = Decimal("0.015")


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


# -- the discounted rate -------------------------------------------------------------------------


def discounted_rate(listed: Decimal, discount: Decimal) -> Decimal:
    """The purchase fee rate charged: ``listed × discount`` (feeRate × discountFeeRatio),
    rounded once, half-up to the 8 decimals a rate is stored with. The order charges it and
    the 交易规则 screen shows it. 1.5 % at 一折 (0.1) → 0.0015; 1.2 % × 0.0123 → 0.0001476."""
    return muldiv([listed, discount], scale=RATE_SCALE)


# -- purchase fee --------------------------------------------------------------------------------


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
    """外扣法: ``net = round(amount / (1 + rate))``, ``fee = amount − net``; returns (fee, net).

    10 000.00 at 0.15 % → net 9 985.02, fee 14.98 (10 000 / 1.0015 = 9 985.0224…)."""
    net = muldiv([amount], [1 + rate], scale=AMOUNT_SCALE)
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
    gives the listed rate; the applied rate is :func:`discounted_rate`, and the fee is taken
    外扣法 (:func:`fee_at_rate`). A fixed-fee tier (the top tier, e.g. 1 000 yuan a purchase)
    replaces the rate and is not discounted; it never exceeds the amount. No matching tier is
    a free purchase. 10 000.00 at 1.5 % with 一折: rate 0.0015, fee 14.98 (147.78 without the
    discount), net 9 985.02; 6 000 000.00 under a 1 000-yuan tier: fee 1 000.00.
    """
    amount = round_amount(amount)
    tier = None if money_market else purchase_tier(tiers, amount)
    if tier is None:
        return PurchaseFee(amount, ZERO, ZERO, None, NO_FEE, NO_FEE, amount)
    if tier.fixed_fee is not None:
        fee = min(round_amount(tier.fixed_fee), amount)
        return PurchaseFee(amount, None, None, fee, fee, fee, amount - fee)
    listed = tier.rate or ZERO
    rate = discounted_rate(listed, discount)
    original_fee, _ = fee_at_rate(amount, listed)
    fee, net = fee_at_rate(amount, rate)
    return PurchaseFee(amount, listed, rate, None, original_fee, fee, net)


def purchase_net_sql(m: SqlMoney, amount: Any, rate: Fig, fee: Any) -> ColumnElement[Any]:
    """SQL twin of the net of :func:`purchase_fee` (settlement re-funds a buy this way):
    at a rate, 外扣法 ``round(amount / (1 + rate))``; without a rate (a fixed-fee tier) the
    amount less its fee, the fee capped at the amount. ``amount`` and ``fee`` are columns of
    amounts (2 decimals), ``rate`` a rate column as a figure; the fee is ``amount − net``."""
    capped_fee = case((fee > amount, amount), else_=fee)
    one_plus_rate = Fig(rate.expr + m.one(rate.scale), rate.scale)
    return case(
        (rate.expr.is_(None), amount - capped_fee),
        else_=m.div(Fig(amount, AMOUNT_SCALE), one_plus_rate),
    )


@dataclass(frozen=True)
class PurchaseFeeSql:
    """SQL twin of :class:`PurchaseFee`'s charged figures: the applied ``rate`` (null under a
    fixed-fee tier), the ``fee`` and the ``net`` amount, as column expressions."""

    rate: ColumnElement[Any]
    fee: ColumnElement[Any]
    net: ColumnElement[Any]


def purchase_fee_sql(
    m: SqlMoney,
    amount: Any,
    *,
    listed_rate: Any,
    fixed_fee: Any,
    discount: Any,
    free: ColumnElement[bool],
) -> PurchaseFeeSql:
    """SQL twin of :func:`purchase_fee` for orders placed by the set (recurring plans): the
    columns of the tier whose [amount_from, amount_to) holds ``amount`` (null when none
    matches: a free purchase), the fund's discount and whether it is free (a money-market
    fund). Rate ``round(listed × discount, 8)``; 外扣法 ``net = round(amount / (1 + rate))``; a
    fixed fee replaces the rate, capped at the amount and not discounted."""
    rate = m.mul(Fig(listed_rate, RATE_SCALE), Fig(discount, RATE_SCALE), scale=RATE_SCALE)
    zero = m.one(AMOUNT_SCALE) * 0
    net_at_rate = m.div(Fig(amount, AMOUNT_SCALE), Fig(rate + m.one(RATE_SCALE), RATE_SCALE))
    capped = case((fixed_fee > amount, amount), else_=fixed_fee)
    no_tier = and_(listed_rate.is_(None), fixed_fee.is_(None))
    return PurchaseFeeSql(
        rate=case((or_(free, no_tier), zero), (fixed_fee.is_not(None), null()), else_=rate),
        fee=case(
            (or_(free, no_tier), zero),
            (fixed_fee.is_not(None), capped),
            else_=amount - net_at_rate,
        ),
        net=case(
            (or_(free, no_tier), amount),
            (fixed_fee.is_not(None), amount - capped),
            else_=net_at_rate,
        ),
    )


def purchase_shares(net_amount: Decimal, nav: Decimal) -> Decimal:
    """The shares a purchase's net amount buys at NAV_T: ``round(net / NAV)`` half-up to 0.01
    share (9 985.02 at 1.0500 → 9 509.54). A reinvested dividend buys shares the same way."""
    return muldiv([net_amount], [nav], scale=SHARE_SCALE)


def purchase_shares_sql(m: SqlMoney, net_amount: Any, nav: Fig) -> ColumnElement[Any]:
    """SQL twin of :func:`purchase_shares` (``net_amount`` an amount expression, NAV > 0)."""
    return m.div(Fig(net_amount, AMOUNT_SCALE), nav, scale=SHARE_SCALE)


# -- redemption ----------------------------------------------------------------------------------


def redeem_fee_rate(
    days_held: int, tiers: Sequence[RedeemTier], *, money_market: bool = False
) -> Decimal:
    """The redemption fee rate of a lot held ``days_held`` calendar days: the tier for the
    period, and at least 1.5 % under 7 days (money-market funds: the tier alone, usually 0).
    Tiers <7 days 1.5 %, <365 days 0.5 %, ≥365 days 0: held 3 days → 0.015, 30 → 0.005."""
    rate = ZERO
    for tier in tiers:
        low = tier.days_from if tier.days_from is not None else 0
        if days_held >= low and (tier.days_to is None or days_held < tier.days_to):
            rate = tier.rate or ZERO
            break
    if not money_market and days_held < SHORT_HOLD_DAYS:
        rate = max(rate, SHORT_HOLD_MIN_RATE)
    return rate


def lot_redeem_fee_rate(
    confirmed_on: date, trade_day: date, tiers: Sequence[RedeemTier], *, money_market: bool = False
) -> Decimal:
    """The fee rate of a lot confirmed on ``confirmed_on`` and redeemed with trade date
    ``trade_day``: :func:`redeem_fee_rate` of its calendar days held."""
    return redeem_fee_rate(holding_days(confirmed_on, trade_day), tiers, money_market=money_market)


def redeem_gross(shares: Decimal, nav: Decimal) -> Decimal:
    """One lot's gross redemption amount: ``round(shares × NAV_T)`` half-up to the cent
    (1 000.00 shares at 1.2345 → 1 234.50)."""
    return muldiv([shares, nav], scale=AMOUNT_SCALE)


def redeem_fee(gross: Decimal, rate: Decimal) -> Decimal:
    """The fee of one lot's gross redemption amount, ``round(gross × rate)`` half-up to the
    cent (1 234.50 at 0.5 % → 6.17)."""
    return muldiv([gross, rate], scale=AMOUNT_SCALE)


class Redemption(NamedTuple):
    """A redemption's figures: the sums over its lots, ``net = gross − fee``."""

    gross: Decimal
    fee: Decimal

    @property
    def net(self) -> Decimal:
        return self.gross - self.fee


def redemption(lots: Iterable[tuple[Decimal, Decimal]], nav: Decimal) -> Redemption:
    """The figures of redeeming ``lots`` (shares, fee rate), first in first out, at ``nav``:
    per lot :func:`redeem_gross` and :func:`redeem_fee`, each rounded, then summed. Lots of
    600.00 shares at 1.5 % and 400.00 at 0.5 %, NAV 1.2345: gross 740.70 + 493.80 =
    1 234.50, fee 11.11 + 2.47 = 13.58, net 1 220.92."""
    gross = fee = NO_FEE
    for shares, rate in lots:
        lot_gross = redeem_gross(shares, nav)
        gross += lot_gross
        fee += redeem_fee(lot_gross, rate)
    return Redemption(gross, fee)


def redeem_gross_sql(m: SqlMoney, shares: Fig, nav: Fig) -> ColumnElement[Any]:
    """SQL twin of :func:`redeem_gross`."""
    return m.mul(shares, nav, scale=AMOUNT_SCALE)


def redeem_fee_sql(m: SqlMoney, gross: Any, rate: Fig) -> ColumnElement[Any]:
    """SQL twin of :func:`redeem_fee` (``gross`` an amount expression)."""
    return m.mul(Fig(gross, AMOUNT_SCALE), rate, scale=AMOUNT_SCALE)


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
    """补差费: a conversion pays only what buying the target costs beyond buying the source,
    never less than nothing. With two rates, 外扣法 at the difference: ``net = round(amount /
    (1 + rate))``, ``fee = amount − net``. When a fixed-fee tier is involved it counts as its
    fee: ``fee = max(0, fee_target − fee_source)`` (both fees of ``amount``,
    :func:`purchase_fee`), capped at the amount, ``net = amount − fee``. 10 000.00 from a
    0.06 % fund into a 0.15 % one: rate 0.0009, net 9 991.01, fee 8.99; settlement funds the
    buy with :func:`purchase_net_sql` at that rate."""
    amount = round_amount(amount)
    if source.rate is not None and target.rate is not None:
        rate = max(ZERO, target.rate - source.rate)
        fee, net = fee_at_rate(amount, rate)
        return FeeDifference(amount, rate, fee, net)
    fee = min(max(NO_FEE, target.fee - source.fee), amount)
    return FeeDifference(amount, None, fee, amount - fee)
