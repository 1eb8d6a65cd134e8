"""Cancelling an order before its deadline (refund, shares released, children with their
parent), the dividend method and the wallet type."""

from __future__ import annotations

from sqlalchemy import delete
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.core import caller
from opentamp.errors import NotFound
from opentamp.kit.clock import now
from opentamp.models.accounts import PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.orders import (
    CANCELLED,
    CONVERT,
    PAY_CARD,
    PAY_WALLET,
    PO_BUY,
    PO_CANCELLED,
    PO_SELL,
    PURCHASE,
    REDEEM,
    WALLET_RECHARGE,
    WALLET_WITHDRAW,
    OrderLot,
    TradeOrder,
)
from opentamp.outside.payment import payment_gateway
from opentamp.trading import repository as repo
from opentamp.trading.errors import (
    CancelDeadlinePassed,
    CancelRefundFailed,
    CancelThroughPortfolio,
    NoHolding,
    OrderNotCancellable,
)
from opentamp.trading.orders import order_out
from opentamp.trading.placing import (
    CANCELLABLE,
    WAITING_STATUSES,
    financial_account_of,
    verified_account,
)
from opentamp.trading.schemas import (
    CancelOrderIn,
    DividendMethodIn,
    DividendMethodOut,
    OrderOut,
    WalletTypeOut,
)
from opentamp.trading.wallet_shares import return_wallet_shares


def _cancellable_order(
    session: Session, user: BrokerUser, body: CancelOrderIn, *, portfolio: bool
) -> TradeOrder:
    order = repo.order_by_no(session, body.broker_order_no, lock=True)
    if order is None or order.broker_user_id != user.id:
        raise NotFound()
    verified_account(session, user, body.trade_password)
    if order.parent_id is not None:
        raise CancelThroughPortfolio()
    if (order.order_code in (PO_BUY, PO_SELL)) != portfolio:
        raise OrderNotCancellable(
            "请使用组合撤单" if order.order_code in (PO_BUY, PO_SELL) else None
        )
    if order.order_code not in CANCELLABLE or order.confirm_status not in WAITING_STATUSES:
        raise OrderNotCancellable()
    if now() >= rules.cancel_deadline(order.trade_date):
        raise CancelDeadlinePassed()
    return order


def _release(session: Session, order: TradeOrder) -> None:
    """Unfreeze a waiting redemption's (or normal withdrawal's) shares and drop its lots."""
    holding = repo.holding(
        session,
        financial_account_id=order.financial_account_id,
        fund_code=order.fund_code,
        portfolio_code=order.portfolio_code,
        lock=True,
    )
    assert holding is not None
    holding.frozen_shares -= order.trade_share
    session.execute(delete(OrderLot).where(OrderLot.order_id == order.id))


def _cancelled(status: str) -> str:
    """confirm 9, prefixed as the waiting status was (W9, P9)."""
    return f"{status[0]}{CANCELLED}" if status[:1] in ("W", "P") else CANCELLED


def _refund(session: Session, order: TradeOrder) -> None:
    card = session.get(PaymentMethod, order.payment_method_id)
    assert card is not None
    result = payment_gateway().refund(
        token=card.gateway_token, amount=order.trade_amount, order_no=order.broker_order_no
    )
    if not result.ok:
        raise CancelRefundFailed(reason=result.reason or "银行未返回原因")


def _cancel_children(session: Session, parent: TradeOrder) -> None:
    """Cancel a parent's children with it: redemptions release their frozen shares."""
    for child in repo.children(session, [parent.id], lock=True):
        if child.order_code == REDEEM:
            _release(session, child)
        child.confirm_status = _cancelled(child.confirm_status)


def cancel_fund_order(session: Session, *, user: BrokerUser, body: CancelOrderIn) -> OrderOut:
    """POST /trade/cancelFundOrder: until the cut-off of the order's trade date; a card
    payment is refunded, wallet shares come back, frozen shares are released (a conversion's
    (036) with its redemption's; its purchase was not paid yet)."""
    order = _cancellable_order(session, user, body, portfolio=False)
    if order.order_code == CONVERT:
        _cancel_children(session, order)
    elif order.order_code in (REDEEM, WALLET_WITHDRAW):
        _release(session, order)
    elif order.pay_method == PAY_WALLET:
        return_wallet_shares(session, order)
    order.confirm_status = _cancelled(order.confirm_status)
    session.flush()
    if order.order_code in (PURCHASE, WALLET_RECHARGE) and order.pay_method == PAY_CARD:
        _refund(session, order)
    return order_out(session, order)


def cancel_po_order(session: Session, *, user: BrokerUser, body: CancelOrderIn) -> OrderOut:
    """POST /trade/cancelPoOrder: the parent and all its children (P9; children 9/W9)."""
    parent = _cancellable_order(session, user, body, portfolio=True)
    _cancel_children(session, parent)
    if parent.order_code == PO_BUY and parent.pay_method == PAY_WALLET:
        return_wallet_shares(session, parent)
    parent.confirm_status = PO_CANCELLED
    session.flush()
    if parent.order_code == PO_BUY and parent.pay_method == PAY_CARD:
        _refund(session, parent)
    return order_out(session, parent)


def set_dividend_method(
    session: Session, *, user: BrokerUser, body: DividendMethodIn
) -> DividendMethodOut:
    fa = financial_account_of(session, user, body.financial_account_id)
    holding = repo.holding(session, financial_account_id=fa.id, fund_code=body.fund_code)
    if holding is None:
        raise NoHolding("您未持有该基金，无法修改分红方式")
    holding.dividend_method = body.method
    session.flush()
    return DividendMethodOut(fund_code=holding.fund_code, method=holding.dividend_method)


def wallet_type(session: Session, *, user: BrokerUser) -> WalletTypeOut:
    """getUserWalletType: this platform's wallet is the plain wallet (isSuperWalletUser is
    false); the super wallet's funds are listed by the products feature's superWallet shelf."""
    broker = caller.broker_of(session, user)
    return WalletTypeOut(
        wallet_type="WALLET", is_super_wallet_user=False, wallet_name=broker.wallet_name
    )
