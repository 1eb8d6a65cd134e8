"""Selling (docs/trading.md "Redeeming"): a fund, a portfolio by ratio, the wallet to a card
(normal or fast); the lots taken first-in-first-out with their fee rates."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.core import caller
from opentamp.core.calendar import get_calendar
from opentamp.core.caller import require_account
from opentamp.errors import AppError
from opentamp.kit.clock import BEIJING, now
from opentamp.kit.money import amount_text, round_amount, round_shares, shares_text
from opentamp.models.accounts import Account, FinancialAccount, PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding
from opentamp.models.orders import (
    PAID,
    PAY_CARD,
    PAY_WALLET,
    PO_SELL,
    PO_WAITING,
    REDEEM,
    WAITING,
    WALLET_FAST_WITHDRAW,
    WALLET_WITHDRAW,
    TradeOrder,
)
from opentamp.models.products import (
    Fund,
)
from opentamp.outside.payment import payment_gateway
from opentamp.payments.api import record_fast_payout
from opentamp.pension import api as pension
from opentamp.trading import repository as repo
from opentamp.trading.errors import (
    FastWithdrawLimit,
    NoHolding,
    PaymentFailed,
    RatioInvalid,
    RedeemSuspended,
    RemainderBelowMinimum,
    SharesBelowMinimum,
    SharesExceedAvailable,
)
from opentamp.trading.orders import order_out
from opentamp.trading.placing import (
    FAST_WITHDRAW_DAILY_LIMIT,
    NO_REDEEM,
    WALLET_NAV,
    ZERO,
    check_open_period,
    check_trading_time,
    financial_account_of,
    new_order,
    new_order_no,
    once,
    order_dates,
    paying_card,
    payout_card,
    tradable_fund,
    tradable_portfolio,
    verified_account,
    wallet_fund_of,
)
from opentamp.trading.schemas import (
    OrderOut,
    PrepareRedeemPoOut,
    RedeemFundEstimateOut,
    RedeemFundIn,
    RedeemPoIn,
    RedeemPoItemOut,
    RedeemWalletIn,
)
from opentamp.trading.wallet_shares import (
    available_shares,
    check_wallet_funds,
    plan_lots,
    record_lots,
    take_wallet_shares,
    wallet_holding,
)


@dataclass(frozen=True)
class SharesRefusals:
    """The refusals of :func:`check_redeemable` in the words of the trade applying it (a sale's
    卖出份额, a conversion's 转换份额), each with its own code; ``nothing`` (none: ``exceed``
    with 0.00) when no share is available."""

    exceed: type[AppError]
    below: type[AppError]
    remainder: type[AppError]
    nothing: type[AppError] | None = None


SALE_REFUSALS = SharesRefusals(SharesExceedAvailable, SharesBelowMinimum, RemainderBelowMinimum)


def check_redeemable(
    fund: Fund, available: Decimal, shares: Decimal, refusals: SharesRefusals = SALE_REFUSALS
) -> None:
    """Shares within what is available, at least the fund's minimum (unless all of it), and
    leaving either nothing or at least the minimum holding."""
    if refusals.nothing is not None and available <= 0:
        raise refusals.nothing()
    if shares > available:
        raise refusals.exceed(available=shares_text(available))
    if shares < fund.min_redeem_shares and shares != available:
        raise refusals.below(min=shares_text(fund.min_redeem_shares))
    remainder = available - shares
    if 0 < remainder < fund.min_hold_shares:
        raise refusals.remainder(min=shares_text(fund.min_hold_shares))


def redeem_child(
    session: Session,
    *,
    user: BrokerUser,
    fa: FinancialAccount,
    holding: Holding,
    fund: Fund,
    shares: Decimal,
    moment: datetime,
    redeem_to: str,
    card: PaymentMethod | None,
    order_no: str,
    parent: TradeOrder | None = None,
) -> TradeOrder:
    """A 024 redemption: the shares frozen and the lots it takes recorded with their fee
    rates on T."""
    dates = order_dates(get_calendar(), fund, moment, redeem_to)
    takes = plan_lots(session, holding, shares, trade_day=dates.trade, fund=fund)
    order = new_order(
        user,
        fa,
        moment,
        dates,
        broker_order_no=order_no,
        parent_id=parent.id if parent else None,
        order_code=REDEEM,
        fund_code=fund.code,
        portfolio_code=holding.portfolio_code,
        confirm_status=WAITING,
        pay_status=PAID,
        pay_method="",
        payment_method_id=card.id if card else None,
        trade_share=shares,
        arrival_date=dates.arrival,
        redeem_to=redeem_to,
    )
    session.add(order)
    session.flush()
    holding.frozen_shares += shares
    record_lots(session, order, takes)
    return order


def redeem_fund(session: Session, *, user: BrokerUser, body: RedeemFundIn) -> OrderOut:
    """POST /trade/redeemFundByFundCode: 024 on a fund held directly."""
    fa = financial_account_of(session, user, body.financial_account_id)
    account = verified_account(session, user, body.trade_password)

    def place() -> OrderOut:
        fund = tradable_fund(session, body.fund_code)
        if fund.status in NO_REDEEM:
            raise RedeemSuspended()
        pension.check_pension_redemption(fa=fa, fund=fund, redeem_to=body.redeem_to)
        moment = now()
        check_trading_time(get_calendar(), fund, moment)
        check_open_period(session, fund, rules.trade_date(get_calendar(), moment))
        card = (
            payout_card(session, user, account, body.payment_method_id)
            if body.redeem_to == PAY_CARD
            else None
        )
        if body.redeem_to == PAY_WALLET:
            wallet_fund_of(session, caller.broker_of(session, user))
        holding = repo.holding(session, financial_account_id=fa.id, fund_code=fund.code, lock=True)
        if holding is None or holding.shares <= 0:
            raise NoHolding()
        check_redeemable(fund, available_shares(holding), body.shares)
        order = redeem_child(
            session,
            user=user,
            fa=fa,
            holding=holding,
            fund=fund,
            shares=body.shares,
            moment=moment,
            redeem_to=body.redeem_to,
            card=card,
            order_no=new_order_no(moment),
        )
        session.flush()
        return order_out(session, order)

    return once(session, user, body, "trade.redeemFund", place)


def estimate_redeem_fund(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int,
    fund_code: str,
    shares: Decimal,
) -> RedeemFundEstimateOut:
    """GET /trade/estimateRedeemFundFee: what redeeming ``shares`` of a fund held directly would
    pay, estimated at the latest NAV with the lots it would take first in first out and each
    lot's fee rate for an order placed now."""
    fa = financial_account_of(session, user, financial_account_id)
    fund = tradable_fund(session, fund_code)
    holding = repo.holding(session, financial_account_id=fa.id, fund_code=fund.code, lock=False)
    if holding is None or holding.shares <= 0:
        raise NoHolding()
    if shares > available_shares(holding):
        raise SharesExceedAvailable(available=shares_text(available_shares(holding)))
    return estimate_redemption(session, holding, fund, shares)


def estimate_redemption(
    session: Session, holding: Holding, fund: Fund, shares: Decimal
) -> RedeemFundEstimateOut:
    """What selling ``shares`` of one holding (held directly or in a portfolio or service
    account) would pay now: the latest NAV, the lots taken first in first out, each lot's
    redemption fee rate for an order placed now (rules.redemption)."""
    nav = repo.latest_navs(session, [fund.code]).get(fund.code) or holding.nav or ZERO
    t = rules.trade_date(get_calendar(), now())
    takes = plan_lots(session, holding, shares, trade_day=t, fund=fund)
    figures = rules.redemption(((tk.shares, tk.fee_rate) for tk in takes), nav)
    return RedeemFundEstimateOut(
        fund_code=fund.code,
        shares=shares,
        nav=nav,
        estimated_gross=figures.gross,
        estimated_fee=figures.fee,
        estimated_amount=figures.net,
    )


@dataclass(frozen=True)
class _PoSale:
    holding: Holding
    fund: Fund
    shares: Decimal


def _po_sale(
    session: Session, *, fa_id: int, po_code: str, ratio: Decimal, lock: bool
) -> list[_PoSale]:
    """The same ratio of each component's available shares (rounded half-up to 0.01); a
    component whose remainder would fall below its minimum holding is sold whole. Per-fund
    minimum redemptions do not apply to a portfolio sale."""
    if not 0 < ratio <= 1:
        raise RatioInvalid()
    holdings = repo.portfolio_holdings(
        session, financial_account_id=fa_id, portfolio_code=po_code, lock=lock
    )
    sales = []
    for holding in holdings:
        available = available_shares(holding)
        if available <= 0:
            continue
        fund = tradable_fund(session, holding.fund_code)
        shares = available if ratio == 1 else min(round_shares(available * ratio), available)
        if 0 < available - shares < fund.min_hold_shares:
            shares = available
        if shares > 0:
            sales.append(_PoSale(holding, fund, shares))
    if not sales:
        raise NoHolding()
    return sales


def prepare_redeem_po(
    session: Session, *, user: BrokerUser, financial_account_id: int, po_code: str, ratio: Decimal
) -> PrepareRedeemPoOut:
    """GET /trade/prepareRedeemPo: what a sale of ``ratio`` would redeem, estimated at each
    fund's latest NAV with each lot's fee rate for an order placed now."""
    fa = financial_account_of(session, user, financial_account_id)
    po = tradable_portfolio(session, po_code)
    sales = _po_sale(session, fa_id=fa.id, po_code=po.code, ratio=ratio, lock=False)
    navs = repo.latest_navs(session, [s.fund.code for s in sales])
    calendar = get_calendar()
    t = rules.trade_date(calendar, now())
    items = []
    for sale in sales:
        nav = navs.get(sale.fund.code) or sale.holding.nav or ZERO
        takes = plan_lots(session, sale.holding, sale.shares, trade_day=t, fund=sale.fund)
        fee = rules.redemption(((tk.shares, tk.fee_rate) for tk in takes), nav).fee
        gross = rules.redeem_gross(sale.shares, nav)
        items.append(
            RedeemPoItemOut(
                fund_code=sale.fund.code,
                fund_name=sale.fund.name,
                shares=sale.shares,
                estimated_amount=gross - fee,
                estimated_fee=fee,
            )
        )
    return PrepareRedeemPoOut(
        po_code=po.code,
        ratio=ratio,
        estimated_amount=sum((i.estimated_amount for i in items), ZERO),
        estimated_fee=sum((i.estimated_fee for i in items), ZERO),
        items=items,
    )


def sell_po(
    session: Session,
    *,
    user: BrokerUser,
    fa: FinancialAccount,
    po_code: str,
    ratio: Decimal,
    moment: datetime,
    redeem_to: str,
    card: PaymentMethod | None,
    ext_meta_info: dict[str, Any],
    order_no: str | None = None,
    signal_sell: bool = False,
) -> TradeOrder:
    """A P03 parent over one 024 redemption per component: ``ratio`` of the holding of the
    portfolio in ``fa``, placed at ``moment`` (the stop profit of a target strategy places
    it too, docs/targets.md; a sell signal's follow, docs/signals.md)."""
    po = tradable_portfolio(session, po_code)
    sales = _po_sale(session, fa_id=fa.id, po_code=po.code, ratio=ratio, lock=True)
    calendar = get_calendar()
    for sale in sales:
        if sale.fund.status in NO_REDEEM:
            raise RedeemSuspended(f"成分基金{sale.fund.name}暂停赎回，该组合暂时无法卖出")
        check_trading_time(calendar, sale.fund, moment)
    parent_no = order_no or new_order_no(moment)
    all_dates = [order_dates(calendar, s.fund, moment, redeem_to) for s in sales]
    parent = new_order(
        user,
        fa,
        moment,
        max(all_dates, key=lambda d: d.confirm),
        broker_order_no=parent_no,
        order_code=PO_SELL,
        portfolio_code=po.code,
        confirm_status=PO_WAITING,
        pay_status=PAID,
        payment_method_id=card.id if card else None,
        # No trade_share: the sale is of a ratio (extMetaInfo.ratio); shares are each fund's,
        # on the children, and shares of different funds do not add up (docs/trading.md).
        arrival_date=max(d.arrival for d in all_dates),
        redeem_to=redeem_to,
        # the part sold, which the screens show (卖出比例): the parent has no shares of its own
        ext_meta_info={"ratio": format(ratio.normalize(), "f"), **ext_meta_info},
        is_signal_sell_order=signal_sell,
    )
    session.add(parent)
    session.flush()
    for i, sale in enumerate(sales, start=1):
        redeem_child(
            session,
            user=user,
            fa=fa,
            holding=sale.holding,
            fund=sale.fund,
            shares=sale.shares,
            moment=moment,
            redeem_to=redeem_to,
            card=card,
            order_no=f"{parent_no}{i:02d}",
            parent=parent,
        )
    session.flush()
    return parent


def redeem_po(
    session: Session, *, user: BrokerUser, body: RedeemPoIn, verified: Account | None = None
) -> OrderOut:
    """POST /trade/redeemPo: a P03 parent over one 024 redemption per component. ``verified``:
    the caller's account, its trade password checked by the calling write in this transaction
    before its own idempotent run (an advisory withdrawal, unsign or fee sale), as in
    :func:`buying.buy_po`."""
    fa = financial_account_of(session, user, body.financial_account_id)
    account = verified or verified_account(session, user, body.trade_password)

    def place() -> OrderOut:
        parent = place_po_sell(
            session,
            user=user,
            account=account,
            fa=fa,
            po_code=body.po_code,
            ratio=body.ratio,
            redeem_to=body.redeem_to,
            payment_method_id=body.payment_method_id,
        )
        return order_out(session, parent)

    return once(session, user, body, "trade.redeemPo", place)


def place_po_sell(
    session: Session,
    *,
    user: BrokerUser,
    account: Account,
    fa: FinancialAccount,
    po_code: str,
    ratio: Decimal,
    redeem_to: str,
    payment_method_id: int | None,
    moment: datetime | None = None,
    signal_sell: bool = False,
    ext_meta_info: dict[str, Any] | None = None,
) -> TradeOrder:
    """A sale of ``ratio`` of a portfolio holding once the caller is authorised (the trade
    password, or a follow plan set up with it), paid out to the card or the wallet:
    :func:`sell_po`. ``signal_sell`` marks a sale a sell signal instructed (isSignalSellOrder)."""
    card = payout_card(session, user, account, payment_method_id) if redeem_to == PAY_CARD else None
    return sell_po(
        session,
        user=user,
        fa=fa,
        po_code=po_code,
        ratio=ratio,
        moment=moment or now(),
        redeem_to=redeem_to,
        card=card,
        ext_meta_info=ext_meta_info or {},
        signal_sell=signal_sell,
    )


def redeem_wallet(session: Session, *, user: BrokerUser, body: RedeemWalletIn) -> OrderOut:
    """POST /trade/redeemWallet: a normal withdrawal W02 (shares frozen, paid to the card on
    T+1 by settlement) or a fast one W03 (paid at once, at most 10 000.00 a user a day)."""
    fa = financial_account_of(session, user, body.financial_account_id)
    card = paying_card(session, user, body.payment_method_id)
    verified_account(session, user, body.trade_password)

    def place() -> OrderOut:
        broker = caller.broker_of(session, user)
        fund = wallet_fund_of(session, broker)
        if fund.status in NO_REDEEM:
            raise RedeemSuspended(f"{broker.wallet_name}暂停取现，请稍后再试")
        amount = round_amount(body.amount)
        moment = now()
        if body.fast:
            # One user's fast withdrawals queue on their account row, so the cap holds.
            require_account(session, user, lock=True)
            start = datetime.combine(moment.date(), datetime.min.time(), tzinfo=BEIJING)
            used = repo.fast_withdrawn(
                session, user_id=user.id, since=start, until=start + timedelta(days=1)
            )
            left = max(FAST_WITHDRAW_DAILY_LIMIT - used, ZERO)
            if amount > left:
                raise FastWithdrawLimit(
                    limit=amount_text(FAST_WITHDRAW_DAILY_LIMIT), left=amount_text(left)
                )
        holding = check_wallet_funds(wallet_holding(session, fa), amount, broker)
        dates = order_dates(get_calendar(), fund, moment, PAY_WALLET)
        order = new_order(
            user,
            fa,
            moment,
            dates,
            broker_order_no=new_order_no(moment),
            order_code=WALLET_FAST_WITHDRAW if body.fast else WALLET_WITHDRAW,
            fund_code=fund.code,
            confirm_status="W2" if body.fast else "W0",
            pay_status=PAID,
            payment_method_id=card.id,
            trade_amount=amount,
            trade_share=amount,
            arrival_date=moment.date() if body.fast else dates.arrival,
            redeem_to=PAY_CARD,
        )
        session.add(order)
        session.flush()
        if body.fast:
            take_wallet_shares(session, order, holding, amount, fund)
            order.nav = WALLET_NAV
            order.confirmed_shares = amount
            order.confirmed_amount = amount
            order.net_amount = amount
            # done at once (traded, confirmed and paid today), whatever the cut-off: not dated by
            # the next trading day after its money has arrived
            order.trade_date = order.confirm_date = order.confirmed_at = moment.date()
        else:
            takes = plan_lots(
                session, holding, amount, trade_day=dates.trade, fund=fund, with_fees=False
            )
            holding.frozen_shares += amount
            record_lots(session, order, takes)
        session.flush()
        if body.fast:
            result = payment_gateway().payout(
                token=card.gateway_token, amount=amount, order_no=order.broker_order_no
            )
            if not result.ok:
                raise PaymentFailed(f"快速取现失败：{result.reason or '银行未返回原因'}")
            record_fast_payout(session, order=order, reference=result.reference)
        return order_out(session, order)

    return once(session, user, body, "trade.redeemWallet", place)
