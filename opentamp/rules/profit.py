"""The profit rule: what a holding is worth and what it has earned, and the sums over holdings.

A holding carries ``shares``, ``cost`` (what is still invested in them: purchases paid, fees
included, less the average cost of the shares redeemed), ``paid_in`` (every yuan put in),
``redeemed_net`` (every yuan taken out) and ``cash_dividends``. Valued at NAV_D:

- ``market_value = round(shares × NAV_D)``, half-up to the cent;
- ``holding_profit = market_value − cost``, and ``holding_profit_rate = holding_profit / cost``
  half-up to 4 decimals (none without cost: a rate of nothing invested is unknown, shown --);
- ``accumulated_profit = market_value + redeemed_net + cash_dividends − paid_in``, so a cleared
  holding keeps what it earned;
- ``previous_profit = accumulated_profit − the accumulated profit of the last valuation`` (the
  day's profit row).

Worked example: 10 000.00 paid at 1.5 % (net 9 852.22, NAV 1.0000 → 9 852.22 shares); on a day
with NAV 1.0500 the market value is round(9 852.22 × 1.05) = 10 344.83, the holding profit
10 344.83 − 10 000.00 = 344.83 (rate 0.0345), the accumulated profit the same; the next day at
1.0400 it is 10 246.31, so the previous profit is 246.31 − 344.83 = −98.52. Redeeming 4 852.22
shares takes ``round(10 000.00 × 4 852.22 / 9 852.22)`` = 4 925.00 of the cost.

A money-market fund (the wallet) earns its 万份收益 as shares (:func:`wallet_income`); a
dividend pays :func:`dividend_cash`. Settlement values every holding of a day in SQL
(``settlement/valuation.py``) through the SQL twins below; the trade calls recompute the
wallet's figures in Python through the plain functions; every screen's account, portfolio or
product figures are :func:`sum_holdings`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any, Protocol

from sqlalchemy import case
from sqlalchemy.sql.elements import ColumnElement

from opentamp.kit.money import (
    AMOUNT_SCALE,
    SHARE_SCALE,
    Fig,
    SqlMoney,
    muldiv,
)

ZERO = Decimal("0.00")
#: Profit rates are decimals half-up to 4 places (0.1234 = 12.34 %, shown to 2 decimals).
PROFIT_RATE_SCALE = 4
#: 万份收益 is the income of 10 000 shares: 10^4.
INCOME_SHIFT = 4
INCOME_UNITS = Decimal(10) ** INCOME_SHIFT


# -- one holding ---------------------------------------------------------------------------------


def market_value(shares: Decimal, nav: Decimal) -> Decimal:
    """``round(shares × NAV)`` half-up to the cent (9 852.22 × 1.0500 → 10 344.83)."""
    return muldiv([shares, nav], scale=AMOUNT_SCALE)


def holding_profit(market_value: Decimal, cost: Decimal) -> Decimal:
    """``market_value − cost`` (10 344.83 − 10 000.00 → 344.83)."""
    return market_value - cost


def profit_rate(profit: Decimal, cost: Decimal) -> Decimal | None:
    """holdingProfitRate = holdingProfit / cost, half-up to 4 decimals (344.83 / 10 000.00 →
    0.0345); None when there is no cost (a holding cleared, or not yet confirmed): a rate of
    nothing invested is unknown, not 0 %, and the screens show it as every unknown figure,
    ``--`` (docs/rules.md#profit)."""
    if cost <= 0:
        return None
    return muldiv([profit], [cost], scale=PROFIT_RATE_SCALE)


def accumulated_profit(
    market_value: Decimal, redeemed_net: Decimal, cash_dividends: Decimal, paid_in: Decimal
) -> Decimal:
    """``market_value + redeemed_net + cash_dividends − paid_in``: everything the holding is
    worth or has paid out, less everything put in (10 344.83 + 0 + 0 − 10 000.00 → 344.83)."""
    return market_value + redeemed_net + cash_dividends - paid_in


def previous_profit(accumulated: Decimal, last_accumulated: Decimal) -> Decimal:
    """The day's profit: the accumulated profit's change since the last valuation
    (246.31 after 344.83 → −98.52)."""
    return accumulated - last_accumulated


def redeemed_cost(cost: Decimal, redeemed: Decimal, shares: Decimal) -> Decimal:
    """The cost leaving a holding with ``redeemed`` of its ``shares``: the average,
    ``round(cost × redeemed / shares)``, or the whole cost when every share goes (10 000.00,
    4 852.22 of 9 852.22 shares → 4 925.00)."""
    if redeemed >= shares:
        return cost
    return muldiv([cost, redeemed], [shares], scale=AMOUNT_SCALE)


def wallet_income(shares: Decimal, income_per_10k: Decimal) -> Decimal:
    """A money-market fund's income of one published day, paid as shares (NAV 1.0000):
    ``round(shares × 万份收益 / 10 000)`` half-up to 0.01 share (10 000.00 shares at 万份收益
    0.6512 → 0.65). Settlement credits each published day once."""
    return muldiv([shares, income_per_10k], [INCOME_UNITS], scale=SHARE_SCALE)


def dividend_cash(shares: Decimal, cash_per_share: Decimal) -> Decimal:
    """A dividend's cash: ``round(shares × cash per share)`` half-up to the cent (9 852.22
    shares at 0.0250 → 246.31); reinvested, it buys :func:`~opentamp.rules.fees.purchase_shares`
    at NAV_D."""
    return muldiv([shares, cash_per_share], scale=AMOUNT_SCALE)


# -- their SQL twins (settlement) ----------------------------------------------------------------


def market_value_sql(m: SqlMoney, shares: Fig, nav: Fig) -> ColumnElement[Any]:
    """SQL twin of :func:`market_value`."""
    return m.mul(shares, nav, scale=AMOUNT_SCALE)


def wallet_income_sql(m: SqlMoney, shares: Fig, income_per_10k: Fig) -> ColumnElement[Any]:
    """SQL twin of :func:`wallet_income`."""
    return m.mul(shares, income_per_10k, scale=SHARE_SCALE, shift=INCOME_SHIFT)


def dividend_cash_sql(m: SqlMoney, shares: Fig, cash_per_share: Fig) -> ColumnElement[Any]:
    """SQL twin of :func:`dividend_cash`."""
    return m.mul(shares, cash_per_share, scale=AMOUNT_SCALE)


def holding_profit_sql(market_value: Any, cost: Any) -> ColumnElement[Any]:
    """SQL twin of :func:`holding_profit` (amounts of one scale subtract as stored)."""
    result: ColumnElement[Any] = market_value - cost
    return result


def accumulated_profit_sql(
    market_value: Any, redeemed_net: Any, cash_dividends: Any, paid_in: Any
) -> ColumnElement[Any]:
    """SQL twin of :func:`accumulated_profit`."""
    result: ColumnElement[Any] = market_value + redeemed_net + cash_dividends - paid_in
    return result


def previous_profit_sql(accumulated: Any, last_accumulated: Any) -> ColumnElement[Any]:
    """SQL twin of :func:`previous_profit`."""
    result: ColumnElement[Any] = accumulated - last_accumulated
    return result


def redeemed_cost_sql(m: SqlMoney, cost: Fig, redeemed: Fig, shares: Fig) -> ColumnElement[Any]:
    """SQL twin of :func:`redeemed_cost` (``shares`` > 0 whenever ``redeemed < shares``)."""
    return case(
        (redeemed.expr >= shares.expr, cost.expr),
        else_=m.muldiv([cost, redeemed], [shares], scale=AMOUNT_SCALE),
    )


# -- the sums over holdings ----------------------------------------------------------------------


class HoldingFigures(Protocol):
    """The materialised columns of a holding row the sums read."""

    shares: Decimal
    cost: Decimal
    market_value: Decimal
    holding_profit: Decimal
    accumulated_profit: Decimal
    previous_profit: Decimal
    profit_date: date | None


@dataclass(frozen=True)
class HoldingSums:
    """The figures of a set of holdings (an account, a portfolio, a product, all accounts)."""

    holding_asset: Decimal = ZERO
    holding_profit: Decimal = ZERO
    accumulated_profit: Decimal = ZERO
    previous_profit: Decimal = ZERO
    update_date: date | None = None
    updating: bool = False
    cost: Decimal = ZERO
    shares: Decimal = ZERO

    @property
    def profit_progress(self) -> str:
        return "UPDATING" if self.updating else "DONE"

    @property
    def holding_profit_rate(self) -> Decimal | None:
        return profit_rate(self.holding_profit, self.cost)


def sum_holdings(rows: Iterable[Any], *, market_day: date | None = None) -> HoldingSums:
    """The figures of a set of holding rows (anything with the columns of
    :class:`HoldingFigures`), the one summing rule:

    - holdingAsset = Σ market_value; holdingProfit = Σ holding_profit; cost = Σ cost;
      holdingProfitRate = holdingProfit / cost (:func:`profit_rate`);
    - accumulatedProfit = Σ accumulated_profit (cleared holdings keep theirs, so they count);
    - previousProfit = Σ previous_profit of the holdings valued on the market date (the last
      day whose NAVs were published), or without one on the latest profit date: a holding sold
      long ago keeps its last day's change, which is not yesterday's;
    - updateDate = the day previousProfit belongs to: the market date (or without one the
      latest profit date), None for holdings never valued. The two are shown together (昨日收益
      of that day), so an account whose holdings were all cleared before the market date
      shows the market date with 0.00, never its last day's date with a figure of another day;
    - ``updating`` (更新中) while some holding still carrying shares is valued on an earlier
      date than the latest profit date, or than the market date.

    Two holdings valued on 2026-11-24 (market value 10 344.83 and 5 000.00, previous profit
    −98.52 and 12.00) and a cleared one last valued 2026-10-09 (previous profit 3.00): asset
    15 344.83, previous profit −86.52 of 2026-11-24. The cleared one alone, on market date
    2026-11-24: previous profit 0.00 of 2026-11-24."""
    items: list[HoldingFigures] = list(rows)
    dates = [r.profit_date for r in items if r.profit_date is not None]
    latest = max(dates) if dates else None
    due = max(d for d in (latest, market_day) if d is not None) if (latest or market_day) else None
    profit_day = market_day or latest
    return HoldingSums(
        holding_asset=sum((r.market_value for r in items), ZERO),
        holding_profit=sum((r.holding_profit for r in items), ZERO),
        accumulated_profit=sum((r.accumulated_profit for r in items), ZERO),
        previous_profit=sum(
            (r.previous_profit for r in items if profit_day and r.profit_date == profit_day),
            ZERO,
        ),
        update_date=profit_day if latest is not None else None,
        updating=any(
            r.shares > 0 and due is not None and (r.profit_date or date.min) < due for r in items
        ),
        cost=sum((r.cost for r in items), ZERO),
        shares=sum((r.shares for r in items), ZERO),
    )


def total_sums(sums: Iterable[HoldingSums]) -> HoldingSums:
    """The figures of several accounts together (the 我的 page's total): every figure summed,
    the latest update date, updating while any account is."""
    items = list(sums)
    dates = [s.update_date for s in items if s.update_date is not None]
    return HoldingSums(
        holding_asset=sum((s.holding_asset for s in items), ZERO),
        holding_profit=sum((s.holding_profit for s in items), ZERO),
        accumulated_profit=sum((s.accumulated_profit for s in items), ZERO),
        previous_profit=sum((s.previous_profit for s in items), ZERO),
        update_date=max(dates) if dates else None,
        updating=any(s.updating for s in items),
        cost=sum((s.cost for s in items), ZERO),
        shares=sum((s.shares for s in items), ZERO),
    )
