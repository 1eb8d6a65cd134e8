"""The order lists beside the unified feed, the wallet's reads and the buy verify code
(docs/trading.md "Order lists", "Wallet reads", "Buy verify code").

Every list is the one order query (``repository.orders_query``: the user's top-level orders,
children under their parent) narrowed here, and every order is serialised by
``orders.orders_out``; nothing is written except the SMS code and its ticket.

- ``/uniteOrder/walletOrders``: the wallet's own orders (W01 recharge, W02/W03 withdraw, W04
  and W11 purchases paid from the wallet) and the portfolio purchases (P02) paid from it.
- ``/uniteOrder/dividends``: dividends (143) and dividend-method changes (029).
- ``/uniteOrder/rebalances``: portfolio adjustments (P04) with their child orders.
- ``/uniteOrder/conditions``: the filters a unified order list offers.
- ``/trade/getSuperWalletOrders``, ``/trade/superWallet/asset``, ``/trade/superWallet/shares``:
  this platform runs the plain wallet (getUserWalletType answers WALLET): the orders are the
  wallet's, the holdings those of the wallet fund (000509) and of the broker's superWallet
  shelf (moved between by ``/trade/superWallet/adjust``, opentamp/trading/convert.py).
- ``/trade/buyVerifyCode/send`` and ``/check``: an account whose trade verify method is
  PASSWORD_SMS gets a code texted to its phone (purpose ``trade``, the rules of
  ``core/sms_codes.py``); a checked code gives a short-lived one-use ticket (scene
  ``buyVerify``) for the trade call to spend.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Literal

from sqlalchemy import ColumnElement, and_, or_
from sqlalchemy.orm import Session

from opentamp.accounts.api import needs_trade_sms
from opentamp.core.caller import broker_of, require_account
from opentamp.core.market_day import market_date
from opentamp.core.sms_codes import check_code, send_code
from opentamp.core.tickets import TICKET_TTL, issue_ticket
from opentamp.errors import AppError
from opentamp.kit.masking import mask_phone
from opentamp.kit.ownership import owned
from opentamp.kit.pagination import has_more
from opentamp.models.accounts import FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding
from opentamp.models.orders import (
    CANCELLED,
    CONFIRMED,
    DIVIDEND,
    DIVIDEND_METHOD,
    FAILED,
    PART,
    PAY_WALLET,
    PO_ADJUST,
    PO_ALL_CONFIRMED,
    PO_ALL_FAILED,
    PO_BUY,
    PO_CANCELLED,
    PO_PART,
    PO_WAITING,
    WAITING,
    WALLET_FAST_WITHDRAW,
    WALLET_PAID_PURCHASE,
    WALLET_PLAN_PURCHASE,
    WALLET_RECHARGE,
    WALLET_WITHDRAW,
    TradeOrder,
)
from opentamp.models.products import WALLET_FUND_CODE
from opentamp.products import api as products
from opentamp.rules.profit import sum_holdings
from opentamp.trading import repository as repo
from opentamp.trading.convert import super_wallet_codes
from opentamp.trading.orders import TYPE_CODES, orders_out
from opentamp.trading.placing import BUY_VERIFY_SCENE
from opentamp.trading.schemas import (
    BuyVerifyCodeCheckOut,
    BuyVerifyCodeSentOut,
    OrderConditionsOut,
    OrderOut,
    OrderPageOut,
    OrderProductOption,
    OrderStatusOption,
    OrderTypeOption,
    WalletAssetOut,
    WalletShareOut,
)

ZERO = Decimal("0.00")

#: The SMS purpose and subject of the buy verify code (its ticket's scene: BUY_VERIFY_SCENE).
TRADE_SMS_PURPOSE = "trade"
TRADE_SMS_SUBJECT = "buy"


class TradeSmsNotRequired(AppError):
    """The account confirms trades with the trade password alone (payAuthMode PASSWORD)."""

    code = 60101
    error = "trade_sms_not_required"
    msg = "您的交易验证方式为仅交易密码，无需短信验证码"


# -- filters --------------------------------------------------------------------------------------

WALLET_RECHARGE_CODES = (WALLET_RECHARGE,)
WALLET_WITHDRAW_CODES = (WALLET_WITHDRAW, WALLET_FAST_WITHDRAW)
WALLET_PURCHASE_CODES = (WALLET_PAID_PURCHASE, WALLET_PLAN_PURCHASE)
#: The wallet's own orders; P02 parents paid from the wallet are added by ``pay_method``.
WALLET_CODES = (*WALLET_RECHARGE_CODES, *WALLET_WITHDRAW_CODES, *WALLET_PURCHASE_CODES)
DIVIDEND_CODES = (DIVIDEND, DIVIDEND_METHOD)
REBALANCE_CODES = (PO_ADJUST,)

#: The type filters of the unified list (label, business codes; empty = all).
TYPE_OPTIONS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("all", "全部", ()),
    ("buy", "买入", TYPE_CODES["buy"]),
    ("sell", "卖出", TYPE_CODES["sell"]),
    ("recharge", "充值", WALLET_RECHARGE_CODES),
    ("withdraw", "取现", WALLET_WITHDRAW_CODES),
    ("dividend", "分红", DIVIDEND_CODES),
    ("rebalance", "调仓", REBALANCE_CODES),
)

#: The status filters, over the confirmStatus of fund ('0'…), wallet ('W0'…) and portfolio
#: parent ('P0'…) orders. A partly confirmed order (3, P4) counts as 成功 (its confirmed part
#: is); a subscription accepted (4) is still 进行中.
STATUS_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "ing": ("进行中", (WAITING, "4", "W0", PO_WAITING, "P1")),
    "success": ("成功", (CONFIRMED, PART, "W2", PO_ALL_CONFIRMED, PO_PART)),
    "fail": ("失败", (FAILED, "W1", PO_ALL_FAILED)),
    "cancelled": ("已撤单", (CANCELLED, "W9", PO_CANCELLED)),
}
StatusFilter = Literal["all", "ing", "success", "fail", "cancelled"]
WalletOrderType = Literal["all", "recharge", "withdraw", "buy"]
WALLET_TYPE_CODES: dict[str, tuple[str, ...]] = {
    "recharge": WALLET_RECHARGE_CODES,
    "withdraw": WALLET_WITHDRAW_CODES,
    "buy": WALLET_PURCHASE_CODES,
}


def _financial_account_id(session: Session, user: BrokerUser, fa_id: int | None) -> int | None:
    """``fa_id`` if the user owns it (404 otherwise), None without one."""
    if fa_id is not None:
        owned(session, FinancialAccount, fa_id, owner_id=user.id)
    return fa_id


def _statuses(status: StatusFilter) -> Sequence[str] | None:
    return None if status == "all" else STATUS_OPTIONS[status][1]


def _page(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    codes: Sequence[str] | None,
    status: StatusFilter = "all",
    product_code: str | None = None,
    wallet_paid_po: bool = False,
    page: int,
    size: int,
) -> tuple[list[TradeOrder], int]:
    """A page (1-based) of the user's top-level orders of ``codes`` (and, with
    ``wallet_paid_po``, the portfolio purchases paid from the wallet), newest first."""
    query = repo.orders_query(
        user_id=user.id,
        financial_account_id=_financial_account_id(session, user, financial_account_id),
        codes=None,
        statuses=_statuses(status),
        product_code=product_code,
    )
    if codes is not None:
        chosen: ColumnElement[bool] = TradeOrder.order_code.in_(codes)
        if wallet_paid_po:
            paid = and_(TradeOrder.order_code == PO_BUY, TradeOrder.pay_method == PAY_WALLET)
            chosen = or_(chosen, paid)
        query = query.where(chosen)
    return repo.orders_page(session, query, page=page, size=size)


def _page_out(
    session: Session, rows: list[TradeOrder], total: int, page: int, size: int
) -> OrderPageOut:
    return OrderPageOut(
        content=orders_out(session, rows),
        page=page,
        size=size,
        total=total,
        has_more=has_more(page, size, total),
    )


def order_conditions(
    session: Session, *, user: BrokerUser, financial_account_id: int | None
) -> OrderConditionsOut:
    pairs = repo.ordered_products(
        session,
        user_id=user.id,
        financial_account_id=_financial_account_id(session, user, financial_account_id),
    )
    po_codes = {po for _, po in pairs if po}
    fund_codes = {fund for fund, po in pairs if fund and not po}
    names = repo.names(session, fund_codes, po_codes)
    products = [
        OrderProductOption(product_code=c, product_name=names.get(c, ""), product_type="PO")
        for c in sorted(po_codes)
    ]
    for code in sorted(fund_codes):
        if code == WALLET_FUND_CODE:
            wallet = broker_of(session, user).wallet_name
            products.insert(
                0, OrderProductOption(product_code=code, product_name=wallet, product_type="WALLET")
            )
        else:
            products.append(
                OrderProductOption(
                    product_code=code, product_name=names.get(code, ""), product_type="FUND"
                )
            )
    return OrderConditionsOut(
        types=[
            OrderTypeOption(value=v, label=lb, order_codes=list(c)) for v, lb, c in TYPE_OPTIONS
        ],
        statuses=[
            OrderStatusOption(value=v, label=lb, confirm_statuses=list(s))
            for v, (lb, s) in STATUS_OPTIONS.items()
        ],
        products=products,
    )


def _wallet_holdings(
    session: Session, user: BrokerUser, financial_account_id: int | None
) -> list[Holding]:
    """The user's holdings of the super wallet's funds (the wallet fund and the broker's
    superWallet shelf), by account and fund, zero shares included."""
    codes = {WALLET_FUND_CODE, *super_wallet_codes(session, user.broker_id)}
    return repo.direct_holdings(
        session,
        user_id=user.id,
        fund_codes=codes,
        financial_account_id=_financial_account_id(session, user, financial_account_id),
    )


def wallet_asset(
    session: Session, *, user: BrokerUser, financial_account_id: int | None
) -> WalletAssetOut:
    rows = _wallet_holdings(session, user, financial_account_id)
    sums = sum_holdings(rows, market_day=market_date(session))
    frozen = sum((h.frozen_shares for h in rows), ZERO)
    latest = products.latest_navs(session, [WALLET_FUND_CODE]).get(WALLET_FUND_CODE)
    return WalletAssetOut(
        fund_code=WALLET_FUND_CODE,
        wallet_name=broker_of(session, user).wallet_name,
        holding_asset=sums.holding_asset,
        previous_profit=sums.previous_profit,
        accumulated_profit=sums.accumulated_profit,
        holding_profit=sums.holding_profit,
        shares=sums.shares,
        frozen_shares=frozen,
        available_amount=sums.shares - frozen,
        yield_7d=latest.yield_7d if latest else None,
        income_per_10k=latest.income_per_10k if latest else None,
        nav_date=latest.nav_date if latest else None,
        update_date=sums.update_date,
        profit_progress="UPDATING" if sums.updating else "DONE",
    )


# -- the buy verify code --------------------------------------------------------------------------


def send_buy_verify_code(
    session: Session, *, user: BrokerUser, financial_account_id: int | None
) -> BuyVerifyCodeSentOut:
    _financial_account_id(session, user, financial_account_id)
    account = require_account(session, user)
    if not needs_trade_sms(account):
        raise TradeSmsNotRequired()
    ttl = send_code(
        session,
        phone=account.phone,
        purpose=TRADE_SMS_PURPOSE,
        subject=TRADE_SMS_SUBJECT,
        sender=broker_of(session, user).short_name,
    )
    return BuyVerifyCodeSentOut(phone=mask_phone(account.phone), expires_in=ttl)


def check_buy_verify_code(
    session: Session, *, user: BrokerUser, code: str
) -> BuyVerifyCodeCheckOut:
    account = require_account(session, user)
    if not needs_trade_sms(account):
        raise TradeSmsNotRequired()
    check_code(
        session,
        phone=account.phone,
        purpose=TRADE_SMS_PURPOSE,
        code=code,
        subject=TRADE_SMS_SUBJECT,
    )
    ticket = issue_ticket(session, user_id=user.id, scene=BUY_VERIFY_SCENE)
    return BuyVerifyCodeCheckOut(
        passed=True, ticket=ticket, expires_in=int(TICKET_TTL.total_seconds())
    )


def order_page(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    codes: Sequence[str] | None,
    status: StatusFilter = "all",
    product_code: str | None = None,
    wallet_paid_po: bool = False,
    page: int,
    size: int,
) -> OrderPageOut:
    """A page (1-based) of the user's top-level orders of ``codes``, newest first."""
    rows, total = _page(
        session,
        user=user,
        financial_account_id=financial_account_id,
        codes=codes,
        status=status,
        product_code=product_code,
        wallet_paid_po=wallet_paid_po,
        page=page,
        size=size,
    )
    return _page_out(session, rows, total, page, size)


def wallet_order_page(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    order_type: WalletOrderType,
    status: StatusFilter,
    page: int,
    size: int,
) -> OrderPageOut:
    """The wallet's orders: recharges (W01), withdrawals (W02, W03), purchases paid from the
    wallet (W04, W11) and portfolio purchases paid from it (P02); ``order_type`` narrows them."""
    return order_page(
        session,
        user=user,
        financial_account_id=financial_account_id,
        codes=WALLET_TYPE_CODES.get(order_type, WALLET_CODES),
        status=status,
        wallet_paid_po=order_type in ("all", "buy"),
        page=page,
        size=size,
    )


def super_wallet_orders(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    page: int,
    size: int,
    need_whole_order: bool,
) -> list[OrderOut]:
    """The wallet's orders as the super wallet lists them (page 0-based); without
    ``need_whole_order`` a portfolio order comes without its children."""
    rows, _ = _page(
        session,
        user=user,
        financial_account_id=financial_account_id,
        codes=WALLET_CODES,
        wallet_paid_po=True,
        page=page + 1,
        size=size,
    )
    out = orders_out(session, rows)
    if not need_whole_order:
        out = [o.model_copy(update={"children": []}) for o in out]
    return out


def wallet_shares(
    session: Session, *, user: BrokerUser, financial_account_id: int | None
) -> list[WalletShareOut]:
    """The super wallet's holding rows, one per financial account and fund."""
    rows = _wallet_holdings(session, user, financial_account_id)
    names = repo.names(session, {h.fund_code for h in rows}, set())
    return [
        WalletShareOut(
            financial_account_id=h.financial_account_id,
            fund_code=h.fund_code,
            fund_name=names.get(h.fund_code, ""),
            shares=h.shares,
            frozen_shares=h.frozen_shares,
            available_shares=h.shares - h.frozen_shares,
            market_value=h.market_value,
            cost=h.cost,
            holding_profit=h.holding_profit,
            accumulated_profit=h.accumulated_profit,
            previous_profit=h.previous_profit,
            profit_date=h.profit_date,
        )
        for h in rows
    ]
