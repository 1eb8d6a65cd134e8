"""Portfolio rebalancing (调仓, P04; docs/trading.md "Rebalancing"): bring a holder's portfolio
back to the model's current weights (``portfolio_component``).

The plan (:func:`_plan`) is one definition shared by the summary and the order:

- Each held component is valued at its fund's latest NAV: ``value = round(shares × NAV)``;
  ``total`` is their sum and the targets are ``split_by_weights(total, model weights)`` (so
  they sum to the total to the cent); a fund no longer in the model has target 0.
- A component is off when its weight ``value / total`` is more than 0.5 percentage points from
  its target weight, or when it is held but no longer in the model, or in the model but not
  held. ``needAdjust`` says whether any is off.
- Off and over its target → SELL ``round_shares(excess / NAV)`` shares, capped at the available
  shares (all of them when the fund left the model, or when the rest would fall below the
  fund's minimum holding). Its estimated amount is the gross ``round(shares × NAV)``; the
  estimated cash is that less the redemption fee of the lots it takes.
- Off and under its target → BUY, paid by the sells' cash only: the estimated cash (capped at
  the sum of the shortfalls) is split over the buys in proportion to their shortfalls
  (``split_by_weights``). Without sells there is nothing to pay a buy with: every component
  then shows HOLD and adjustPoShare answers 60024.

The order (:func:`adjust_po_share`) is a P04 parent over 024 sells (shares frozen and lots
recorded exactly as a portfolio sale's children; ``redeem_to`` '' — the cash stays inside the
rebalance, neither paid to a card nor to the wallet) and 022 buys marked ``extMetaInfo
{"fundedBy": "P04"}``, with their purchase fee fixed at order time (外扣法). A buy is placed for
the day the sells are confirmed: its trade date is the sells' (latest) confirmation date and it
is confirmed ``confirm_days`` trading days later (the sells' confirmation + 1 trading day for
an ordinary fund), so settlement confirms the sells first and the purchase stage picks the
buys up afterwards; settlement also never confirms such a buy while a sibling sell waits.
The buys are placed unpaid (``pay_status`` '0'): once all the sells are final, settlement's
"fund rebalancing buys" stage gives them the sells' real proceeds (the largest buy takes the
difference from the plan) and marks them paid ('2'); see opentamp/settlement/purchases.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from typing import Literal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.core.calendar import get_calendar
from opentamp.kit.calendar import TradingCalendar
from opentamp.kit.clock import now
from opentamp.kit.money import round_half_up, round_shares, split_by_weights
from opentamp.models.accounts import FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import PortfolioAdjustment
from opentamp.models.holdings import Holding
from opentamp.models.orders import (
    PAID,
    PAYING,
    PO_ADJUST,
    PO_WAITING,
    PURCHASE,
    WAITING,
    TradeOrder,
)
from opentamp.models.products import Fund, Portfolio
from opentamp.trading import repository as repo
from opentamp.trading.errors import (
    AdjustmentPending,
    NoHolding,
    NothingToAdjust,
    PurchaseSuspended,
    RedeemSuspended,
)
from opentamp.trading.orders import order_out
from opentamp.trading.placing import (
    NO_BUY,
    NO_REDEEM,
    ZERO,
    OrderDates,
    check_trading_time,
    financial_account_of,
    new_order,
    new_order_no,
    once,
    order_dates,
    purchase_fee_of,
    tradable_fund,
    tradable_portfolio,
    verified_account,
)
from opentamp.trading.schemas import (
    AdjustPoShareIn,
    OrderOut,
    PoAdjustmentItemOut,
    PoAdjustmentSummaryOut,
)
from opentamp.trading.selling import redeem_child
from opentamp.trading.wallet_shares import available_shares, plan_lots

#: A component more than 0.5 percentage points off its target weight needs adjusting.
TOLERANCE = Decimal("0.005")
WEIGHT_SCALE = 4
FUNDED_BY = {"fundedBy": PO_ADJUST}
#: Sells' cash stays inside the rebalance: neither a card nor the wallet.
REDEEM_TO_NOWHERE = ""
Action = Literal["BUY", "SELL", "HOLD"]


@dataclass
class _Leg:
    fund: Fund
    holding: Holding | None
    nav: Decimal
    value: Decimal
    weight: Decimal
    target_weight: Decimal
    action: Action = "HOLD"
    shares: Decimal = ZERO  # SELL: shares to redeem
    amount: Decimal = ZERO  # SELL: gross estimate; BUY: amount to buy
    cash: Decimal = ZERO  # SELL: estimated net of the redemption fee
    shortfall: Decimal = ZERO

    @property
    def shares_held(self) -> Decimal:
        return self.holding.shares if self.holding is not None else ZERO


@dataclass
class _Plan:
    portfolio: Portfolio
    total: Decimal
    need_adjust: bool
    legs: list[_Leg]

    @property
    def sells(self) -> list[_Leg]:
        return [leg for leg in self.legs if leg.action == "SELL"]

    @property
    def buys(self) -> list[_Leg]:
        return [leg for leg in self.legs if leg.action == "BUY"]


def _plan(
    session: Session,
    *,
    fa: FinancialAccount,
    po: Portfolio,
    lock: bool,
    weights: dict[str, Decimal] | None = None,
) -> _Plan:
    holdings = [
        h
        for h in repo.portfolio_holdings(
            session, financial_account_id=fa.id, portfolio_code=po.code, lock=lock
        )
        if h.shares > 0
    ]
    if not holdings:
        raise NoHolding("您未持有该组合，无法调仓")
    model = (
        dict(weights)
        if weights is not None
        else {comp.fund_code: comp.weight for comp, _ in repo.components(session, po.code)}
    )
    funds = {f.code: f for _, f in repo.components(session, po.code)}
    for code in model:
        funds.setdefault(code, tradable_fund(session, code))
    for h in holdings:
        funds.setdefault(h.fund_code, tradable_fund(session, h.fund_code))
    held = {h.fund_code: h for h in holdings}
    navs = repo.latest_navs(session, funds)
    values = {
        code: rules.market_value(h.shares, navs.get(code) or h.nav or ZERO)
        for code, h in held.items()
    }
    total = sum(values.values(), ZERO)
    targets = dict(zip(model, split_by_weights(total, list(model.values())), strict=True))
    # Model funds first (largest weight first), then the funds that left the model.
    codes = [*model, *(c for c in held if c not in model)]
    legs: list[_Leg] = []
    need_adjust = False
    t = rules.trade_date(get_calendar(), now())
    for code in codes:
        holding = held.get(code)
        value = values.get(code, ZERO)
        target_weight = model.get(code, ZERO)
        weight = value / total if total else ZERO
        leg = _Leg(
            fund=funds[code],
            holding=holding,
            nav=navs.get(code) or (holding.nav if holding else None) or ZERO,
            value=value,
            weight=weight,
            target_weight=target_weight,
        )
        legs.append(leg)
        off = code not in model or holding is None or abs(weight - target_weight) > TOLERANCE
        if not off:
            continue
        need_adjust = True
        diff = targets.get(code, ZERO) - value
        if diff < 0 and holding is not None and leg.nav > 0:
            _plan_sell(session, leg, holding, -diff, all_of_it=code not in model, trade_day=t)
        elif diff > 0:
            leg.shortfall = diff
    _plan_buys(legs)
    return _Plan(po, total, need_adjust, legs)


def _plan_sell(
    session: Session, leg: _Leg, holding: Holding, excess: Decimal, *, all_of_it: bool,
    trade_day: date,
) -> None:  # fmt: skip
    available = available_shares(holding)
    shares = available if all_of_it else min(round_shares(excess / leg.nav), available)
    if 0 < available - shares < leg.fund.min_hold_shares:
        shares = available
    if shares <= 0:
        return
    takes = plan_lots(session, holding, shares, trade_day=trade_day, fund=leg.fund)
    fee = rules.redemption(((tk.shares, tk.fee_rate) for tk in takes), leg.nav).fee
    leg.action, leg.shares = "SELL", shares
    leg.amount = rules.redeem_gross(shares, leg.nav)
    leg.cash = leg.amount - fee


def _plan_buys(legs: Sequence[_Leg]) -> None:
    """The sells' estimated cash over the under-weight components, by shortfall."""
    cash = sum((leg.cash for leg in legs), ZERO)
    short = [leg for leg in legs if leg.shortfall > 0]
    if cash <= 0 or not short:
        return
    budget = min(cash, sum((leg.shortfall for leg in short), ZERO))
    for leg, amount in zip(
        short, split_by_weights(budget, [leg.shortfall for leg in short]), strict=True
    ):
        if amount > 0:
            leg.action, leg.amount = "BUY", amount


def _latest_adjust_date(session: Session, po_code: str) -> date | None:
    return session.scalar(
        select(func.max(PortfolioAdjustment.adjust_date)).where(
            PortfolioAdjustment.portfolio_code == po_code
        )
    )


def get_po_adjustment_summary(
    session: Session, *, user: BrokerUser, financial_account_id: int, po_code: str
) -> PoAdjustmentSummaryOut:
    """GET /trade/getPoAdjustmentSummary: what rebalancing to the model would do now."""
    fa = financial_account_of(session, user, financial_account_id)
    po = tradable_portfolio(session, po_code)
    plan = _plan(session, fa=fa, po=po, lock=False)
    return PoAdjustmentSummaryOut(
        po_code=po.code,
        po_name=po.name,
        total_value=plan.total,
        latest_adjust_date=_latest_adjust_date(session, po.code),
        need_adjust=plan.need_adjust,
        items=[
            PoAdjustmentItemOut(
                fund_code=leg.fund.code,
                fund_name=leg.fund.name,
                current_shares=leg.shares_held,
                current_value=leg.value,
                current_weight=round_half_up(leg.weight, WEIGHT_SCALE),
                target_weight=leg.target_weight,
                action=leg.action,
                estimated_amount=leg.amount,
            )
            for leg in plan.legs
        ],
    )


def _waiting_adjustment(session: Session, fa_id: int, po_code: str) -> bool:
    return (
        session.scalar(
            select(TradeOrder.id)
            .where(
                TradeOrder.financial_account_id == fa_id,
                TradeOrder.portfolio_code == po_code,
                TradeOrder.order_code == PO_ADJUST,
                TradeOrder.confirm_status.in_((PO_WAITING, "P1")),
            )
            .limit(1)
        )
        is not None
    )


def adjust_po_share(session: Session, *, user: BrokerUser, body: AdjustPoShareIn) -> OrderOut:
    """POST /trade/adjustPoShare: the P04 parent over 024 sells and P04-funded 022 buys."""
    fa = financial_account_of(session, user, body.financial_account_id)
    verified_account(session, user, body.trade_password)

    def place() -> OrderOut:
        po = tradable_portfolio(session, body.po_code)
        return order_out(session, place_rebalance(session, user=user, fa=fa, po=po))

    return once(session, user, body, "trade.adjustPoShare", place)


def place_rebalance(
    session: Session,
    *,
    user: BrokerUser,
    fa: FinancialAccount,
    po: Portfolio,
    weights: dict[str, Decimal] | None = None,
) -> TradeOrder:
    """The P04 parent and its children bringing ``fa``'s holding of ``po`` to the model's
    current weights (the module docstring), or to ``weights`` (an advisory proposal made for
    one account); the advisory adjustments place theirs with it."""
    # The holdings are locked first, so a concurrent adjustment sees this one once it
    # commits (on SQLite the writing request holds the database lock).
    plan = _plan(session, fa=fa, po=po, lock=True, weights=weights)
    if _waiting_adjustment(session, fa.id, po.code):
        raise AdjustmentPending()
    sells, buys = plan.sells, plan.buys
    if not sells:
        raise NothingToAdjust()
    calendar = get_calendar()
    moment = now()
    for leg in sells:
        if leg.fund.status in NO_REDEEM:
            raise RedeemSuspended(f"成分基金{leg.fund.name}暂停赎回，该组合暂时无法调仓")
        check_trading_time(calendar, leg.fund, moment)
    for leg in buys:
        if leg.fund.status in NO_BUY:
            raise PurchaseSuspended(f"成分基金{leg.fund.name}暂停申购，该组合暂时无法调仓")
    sell_dates = [order_dates(calendar, leg.fund, moment, REDEEM_TO_NOWHERE) for leg in sells]
    # The buys are placed for the day the sells' cash is there (see the module docstring).
    cash_day = max(d.confirm for d in sell_dates)
    buy_dates = [_buy_dates(calendar, leg.fund, cash_day) for leg in buys]
    fees = [purchase_fee_of(session, leg.fund, leg.amount) for leg in buys]
    parent_no = new_order_no(moment)
    parent = new_order(
        user,
        fa,
        moment,
        # Priced from T (the sells'), done when the last child is confirmed.
        replace(sell_dates[0], confirm=max(d.confirm for d in [*sell_dates, *buy_dates])),
        broker_order_no=parent_no,
        order_code=PO_ADJUST,
        portfolio_code=po.code,
        confirm_status=PO_WAITING,
        pay_status=PAID,
        trade_amount=sum((leg.amount for leg in buys), ZERO),
        # No trade_share: the sells' shares are each fund's, on the children (docs/trading.md).
        fee=sum((f.fee for f in fees), ZERO),
        net_amount=sum((f.net_amount for f in fees), ZERO),
        redeem_to=REDEEM_TO_NOWHERE,
    )
    session.add(parent)
    session.flush()
    n = 0
    for leg in sells:
        n += 1
        assert leg.holding is not None
        redeem_child(
            session,
            user=user,
            fa=fa,
            holding=leg.holding,
            fund=leg.fund,
            shares=leg.shares,
            moment=moment,
            redeem_to=REDEEM_TO_NOWHERE,
            card=None,
            order_no=f"{parent_no}{n:02d}",
            parent=parent,
        )
    for leg, dates, fee in zip(buys, buy_dates, fees, strict=True):
        n += 1
        session.add(
            new_order(
                user,
                fa,
                moment,
                dates,
                broker_order_no=f"{parent_no}{n:02d}",
                parent_id=parent.id,
                order_code=PURCHASE,
                fund_code=leg.fund.code,
                portfolio_code=po.code,
                confirm_status=WAITING,
                # Paid by the sells: settlement funds it from their real proceeds.
                pay_status=PAYING,
                trade_amount=fee.amount,
                fee_rate=fee.rate,
                fee=fee.fee,
                net_amount=fee.net_amount,
                ext_meta_info=dict(FUNDED_BY),
            )
        )
    session.flush()
    return parent


def _buy_dates(calendar: TradingCalendar, fund: Fund, cash_day: date) -> OrderDates:
    confirm = rules.confirm_date(calendar, cash_day, fund.confirm_days)
    return OrderDates(
        trade=cash_day,
        confirm=confirm,
        profit=rules.profit_date(calendar, confirm),
        arrival=confirm,
    )
