"""An order as the client sees it (status, dates, fees, whether it can still be cancelled), and
the unified order feed and detail (docs/trading.md "Order lists")."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.core import caller
from opentamp.core.calendar import get_calendar
from opentamp.errors import NotFound
from opentamp.kit.clock import now
from opentamp.kit.pagination import has_more
from opentamp.models.accounts import PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.orders import (
    CONVERT,
    PAY_CARD,
    PO_BUY,
    PO_SELL,
    PURCHASE,
    REDEEM,
    TRANSFER_IN,
    WALLET_FAST_WITHDRAW,
    WALLET_PAID_PURCHASE,
    WALLET_RECHARGE,
    WALLET_WITHDRAW,
    TradeOrder,
)
from opentamp.models.payouts import PayoutStatus
from opentamp.models.platform import Broker
from opentamp.payments.api import bank_name, card_show_name, payout_statuses
from opentamp.trading import repository as repo
from opentamp.trading.placing import CANCELLABLE, WAITING_STATUSES, OrderType, financial_account_of
from opentamp.trading.schemas import (
    OrderOut,
    OrderPageOut,
)

TYPE_CODES: dict[str, tuple[str, ...]] = {
    "buy": (PURCHASE, WALLET_PAID_PURCHASE, WALLET_RECHARGE, PO_BUY, "020", "039", "W11"),
    "sell": (REDEEM, WALLET_WITHDRAW, WALLET_FAST_WITHDRAW, PO_SELL),
}


def _can_cancel(order: TradeOrder, moment: datetime) -> bool:
    return (
        order.parent_id is None
        and order.order_code in CANCELLABLE
        and order.confirm_status in WAITING_STATUSES
        and moment < rules.cancel_deadline(order.trade_date)
    )


def _product_type(order: TradeOrder) -> Literal["FUND", "PO", "WALLET"]:
    if order.order_code in (PO_BUY, PO_SELL, "P04"):
        return "PO"
    if order.order_code in (WALLET_RECHARGE, WALLET_WITHDRAW, WALLET_FAST_WITHDRAW):
        return "WALLET"
    return "FUND"


def orders_out(session: Session, orders: Sequence[TradeOrder]) -> list[OrderOut]:
    """Orders as the client reads them, with their children, in a few queries."""
    kids = repo.children(
        session, [o.id for o in orders if o.order_code.startswith("P") or o.order_code == CONVERT]
    )
    everything = [*orders, *kids]
    names = repo.names(
        session,
        {o.fund_code for o in everything if o.fund_code},
        {o.portfolio_code for o in everything if o.portfolio_code},
    )
    cards = repo.payment_methods(
        session, {o.payment_method_id for o in everything if o.payment_method_id}
    )
    wallet_names = {
        u: b.wallet_name
        for u, b in (
            (o.broker_user_id, _broker_of_user(session, o.broker_user_id))
            for o in everything
            if _product_type(o) == "WALLET"
        )
    }
    payouts = payout_statuses(session, [o.id for o in everything if o.redeem_to == PAY_CARD])
    moment = now()
    parent_codes = {o.id: o.order_code for o in orders}
    by_parent: dict[int, list[OrderOut]] = {}
    for kid in kids:
        assert kid.parent_id is not None
        by_parent.setdefault(kid.parent_id, []).append(
            _one_out(kid, names, cards, wallet_names, moment, [], parent_codes, payouts)
        )
    return [
        _one_out(
            o, names, cards, wallet_names, moment, by_parent.get(o.id, []), parent_codes, payouts
        )
        for o in orders
    ]


def _broker_of_user(session: Session, user_id: int) -> Broker:
    user = session.get(BrokerUser, user_id)
    assert user is not None
    return caller.broker_of(session, user)


def _one_out(
    order: TradeOrder,
    names: dict[str, str],
    cards: dict[int, PaymentMethod],
    wallet_names: dict[int, str],
    moment: datetime,
    children: list[OrderOut],
    parent_codes: dict[int, str] | None,
    payouts: dict[int, PayoutStatus],
) -> OrderOut:
    card = cards.get(order.payment_method_id) if order.payment_method_id else None
    product_type = _product_type(order)
    if product_type == "PO":
        code, name = order.portfolio_code, names.get(order.portfolio_code, "")
    elif product_type == "WALLET":
        code, name = order.fund_code, wallet_names.get(order.broker_user_id, "钱包")
    else:
        code, name = order.fund_code, names.get(order.fund_code, "")
    is_po = product_type == "PO"
    po_code_of_child = PO_BUY if order.order_code in (PURCHASE, WALLET_PAID_PURCHASE) else PO_SELL
    # A child shows its parent's code (a rebalancing's sells and buys show P04).
    po_code_of_child = (parent_codes or {}).get(order.parent_id or 0, po_code_of_child)
    return OrderOut(
        broker_order_no=order.broker_order_no,
        account_id=order.account_id,
        broker_user_id=order.broker_user_id,
        financial_account_id=order.financial_account_id,
        order_code=order.order_code,
        fund_order_code="" if is_po else order.order_code,
        po_order_code=order.order_code
        if is_po
        else (po_code_of_child if order.parent_id is not None else ""),
        confirm_status=order.confirm_status,
        pay_status=order.pay_status,
        pay_type=order.pay_method,
        payment_method_id=order.payment_method_id,
        bank_name=bank_name(card.bank_no) if card else "",
        card_tail=card.card_tail if card else "",
        bank_card_show_name=card_show_name(card.bank_no, card.card_tail) if card else "",
        product_code=code,
        product_name=name,
        product_type=product_type,
        trade_amount=order.trade_amount,
        trade_share=order.trade_share,
        fee=order.fee,
        fee_rate=order.fee_rate,
        net_amount=order.net_amount,
        nav=order.nav,
        confirmed_shares=order.confirmed_shares,
        confirmed_amount=order.confirmed_amount,
        apply_time=order.apply_time,
        trade_date=order.trade_date,
        confirm_date=order.confirm_date,
        confirmed_at=order.confirmed_at,
        profit_date=(
            rules.profit_date(get_calendar(), order.confirmed_at or order.confirm_date)
            if order.order_code in PROFIT_CODES
            else None
        ),
        arrival_date=order.arrival_date,
        redeem_to=order.redeem_to,
        payout_status=payouts.get(order.id),
        can_cancel=_can_cancel(order, moment),
        ext_meta_info=_public_meta(order.ext_meta_info),
        is_signal_sell_order=order.is_signal_sell_order,
        is_transfer=order.order_code == TRANSFER_IN,
        fail_reason=order.fail_reason,
        children=children,
    )


def _public_meta(meta: dict[str, Any] | None) -> dict[str, Any] | None:
    """extMetaInfo without the server's own bookkeeping keys."""
    if not meta:
        return None
    shown = {k: v for k, v in meta.items() if k != "walletCostTaken"}
    return shown or None


def order_out(session: Session, order: TradeOrder) -> OrderOut:
    return orders_out(session, [order])[0]


def placed_fund_order_out(
    order: TradeOrder, *, fund_name: str, card: PaymentMethod | None
) -> OrderOut:
    """A fund order just placed, as :func:`order_out` answers it, from what placing it had in
    hand (the fund's name, the paying card): such an order has no children, no payout and no
    wallet name to look up (docs/scale.md#the-idempotent-run-without-a-savepoint)."""
    assert order.fund_code is not None and _product_type(order) == "FUND"
    cards = {card.id: card} if card is not None else {}
    return _one_out(order, {order.fund_code: fund_name}, cards, {}, now(), [], None, {})


#: Orders whose shares earn, each with the day its profit first shows (查看收益): the purchases
#: (a portfolio's through its parent) and the wallet's recharge, as its screen promised.
PROFIT_CODES = frozenset(
    {"020", PURCHASE, "039", WALLET_PAID_PURCHASE, "W11", PO_BUY, WALLET_RECHARGE}
)


def _codes(order_type: OrderType, order_code: str | None) -> Sequence[str] | None:
    """The business codes a list shows: those of the type, narrowed to ``order_code``."""
    codes = TYPE_CODES.get(order_type)
    if order_code is None:
        return codes
    return [order_code] if codes is None or order_code in codes else []


def get_all_orders(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    order_type: OrderType,
    product_code: str | None,
    page: int,
    size: int,
    order_code: str | None = None,
) -> OrderPageOut:
    """The user's orders, newest first, 1-based pages; children only under their parent."""
    if financial_account_id is not None:
        financial_account_of(session, user, financial_account_id)
    query = repo.orders_query(
        user_id=user.id,
        financial_account_id=financial_account_id,
        codes=_codes(order_type, order_code),
        statuses=sorted(WAITING_STATUSES) if order_type == "ing" else None,
        product_code=product_code,
    )
    rows, total = repo.orders_page(session, query, page=page, size=size)
    return OrderPageOut(
        content=orders_out(session, rows),
        page=page,
        size=size,
        total=total,
        has_more=has_more(page, size, total),
    )


def get_order_detail(session: Session, *, user: BrokerUser, broker_order_no: str) -> OrderOut:
    order = repo.order_by_no(session, broker_order_no)
    if order is None or order.broker_user_id != user.id:
        raise NotFound()
    return order_out(session, order)
