"""Before an order: the purchase fee estimate, a portfolio purchase split into its funds, and the
trade date a purchase placed now gets (docs/trading.md)."""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.core.calendar import get_calendar
from opentamp.kit.clock import now
from opentamp.kit.money import round_amount, split_by_weights
from opentamp.models.orders import (
    PAY_CARD,
)
from opentamp.models.products import (
    Fund,
    Portfolio,
)
from opentamp.trading import repository as repo
from opentamp.trading.errors import (
    ProductNotTradable,
    StrategyNotOnSale,
)
from opentamp.trading.placing import (
    PORTFOLIO_PREFIX,
    ZERO,
    order_dates,
    purchase_fee_of,
    strategy_pricing,
    tradable_fund,
    tradable_portfolio,
)
from opentamp.trading.schemas import (
    FeeEstimateOut,
    PoBuyItemOut,
    PrepareBuyPoOut,
    TradeDateOut,
)


def estimate_buy_fund_fee(session: Session, *, fund_code: str, amount: Decimal) -> FeeEstimateOut:
    fund = tradable_fund(session, fund_code)
    fee = purchase_fee_of(session, fund, amount)
    dates = order_dates(get_calendar(), fund, now(), PAY_CARD)
    return FeeEstimateOut(
        fund_code=fund.code,
        amount=fee.amount,
        fee_rate=fee.listed_rate,
        discount_fee_rate=fee.rate,
        fixed_fee=fee.fixed_fee,
        original_fee=fee.original_fee,
        fee=fee.fee,
        net_amount=fee.net_amount,
        trade_date=dates.trade,
        confirm_date=dates.confirm,
        profit_date=dates.profit,
        min_purchase_amount=fund.min_purchase_amount,
    )


@dataclass(frozen=True)
class PoPart:
    fund: Fund
    weight: Decimal
    amount: Decimal
    fee: rules.PurchaseFee


def split_po(
    session: Session, po: Portfolio, amount: Decimal, weights: Mapping[str, Decimal] | None = None
) -> list[PoPart]:
    """A portfolio purchase split by weight (remainder cent to the largest weight), each
    part's fee from its own fund's schedule; parts of 0.00 are left out. ``weights`` (fund code
    → weight, over the portfolio's components) replaces the model's weights for an account
    with a model of its own (a robo account's plan, docs/robo.md)."""
    comps = repo.components(session, po.code)
    if weights is not None:
        comps = sorted(
            ((c, f) for c, f in comps if weights.get(c.fund_code, ZERO) > 0),
            key=lambda cf: (-weights[cf[0].fund_code], cf[0].fund_code),
        )
    if not comps:
        raise ProductNotTradable("该组合暂无成分基金，暂时无法交易")
    shares = [weights[c.fund_code] if weights is not None else c.weight for c, _ in comps]
    amounts = split_by_weights(round_amount(amount), shares)
    return [
        PoPart(fund, weight, part, purchase_fee_of(session, fund, part))
        for (_comp, fund), weight, part in zip(comps, shares, amounts, strict=True)
        if part > 0
    ]


def prepare_buy_po(session: Session, *, po_code: str, amount: Decimal) -> PrepareBuyPoOut:
    po = tradable_portfolio(session, po_code)
    parts = split_po(session, po, amount)
    calendar = get_calendar()
    moment = now()
    t = rules.trade_date(calendar, moment)
    confirm = max(rules.confirm_date(calendar, t, p.fund.confirm_days) for p in parts)
    return PrepareBuyPoOut(
        po_code=po.code,
        amount=round_amount(amount),
        fee=sum((p.fee.fee for p in parts), ZERO),
        net_amount=sum((p.fee.net_amount for p in parts), ZERO),
        trade_date=t,
        confirm_date=confirm,
        min_purchase_amount=po.min_purchase_amount,
        items=[
            PoBuyItemOut(
                fund_code=p.fund.code,
                fund_name=p.fund.name,
                weight=p.weight,
                amount=p.amount,
                fee=p.fee.fee,
                fee_rate=p.fee.rate,
            )
            for p in parts
        ],
    )


def get_trade_date(session: Session, *, product_code: str) -> TradeDateOut:
    """Dates of an order placed now: for a portfolio, those of its slowest component."""
    calendar = get_calendar()
    moment = now()
    if product_code.upper().startswith(PORTFOLIO_PREFIX) or repo.portfolio(session, product_code):
        # a portfolio, a strategy (CL) or a signal product (SI): a reservation of a target
        # strategy is priced on its build phase's first day (docs/targets.md "Buying")
        po = tradable_portfolio(session, product_code)
        funds = [f for _, f in repo.components(session, po.code)]
        if not funds:
            raise ProductNotTradable("该组合暂无成分基金，暂时无法交易")
        with suppress(StrategyNotOnSale):  # the purchase itself answers that
            moment, _ = strategy_pricing(session, calendar, po.code, moment)
    else:
        funds = [tradable_fund(session, product_code)]
    all_dates = [order_dates(calendar, f, moment, PAY_CARD) for f in funds]
    confirm = max(d.confirm for d in all_dates)
    return TradeDateOut(
        trade_date=all_dates[0].trade,
        confirm_date=confirm,
        profit_date=rules.profit_date(calendar, confirm),
        arrival_date=max(d.arrival for d in all_dates),
    )
