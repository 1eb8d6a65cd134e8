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
from typing import Annotated, Literal

from fastapi import Depends, Query
from sqlalchemy import ColumnElement, and_, or_, select
from sqlalchemy.orm import Session

from opentamp.accounts.api import needs_trade_sms
from opentamp.core.caller import broker_of, require_account
from opentamp.core.market_day import market_date
from opentamp.core.sms_codes import check_code, send_code
from opentamp.core.tickets import TICKET_TTL, issue_ticket
from opentamp.deps import CurrentUser, SessionDep, claimed_ids
from opentamp.errors import AppError
from opentamp.kit.envelope import Envelope, api_router, ok
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
from opentamp.models.products import WALLET_FUND_CODE, FundNav
from opentamp.rules.profit import sum_holdings
from opentamp.trading import repository as repo
from opentamp.trading.convert import super_wallet_codes
from opentamp.trading.orders import TYPE_CODES, orders_out
from opentamp.trading.placing import BUY_VERIFY_SCENE
from opentamp.trading.schemas import (
    BuyVerifyCodeCheckIn,
    BuyVerifyCodeCheckOut,
    BuyVerifyCodeSendIn,
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

router = api_router(tags=["trading"], dependencies=[Depends(claimed_ids)])

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


# -- /uniteOrder ----------------------------------------------------------------------------------

FinancialAccountQ = Annotated[int | None, Query(alias="financialAccountId")]
ProductQ = Annotated[str | None, Query(alias="productCode", max_length=16)]
StatusQ = Annotated[StatusFilter, Query(alias="orderStatus")]
PageQ = Annotated[int, Query(ge=1, le=10_000)]
SizeQ = Annotated[int, Query(ge=1, le=100)]


@router.get("/uniteOrder/walletOrders")
def wallet_orders(
    user: CurrentUser,
    session: SessionDep,
    financial_account_id: FinancialAccountQ = None,
    order_type: Annotated[WalletOrderType, Query(alias="type")] = "all",
    status: StatusQ = "all",
    page: PageQ = 1,
    size: SizeQ = 10,
) -> Envelope[OrderPageOut]:
    """The wallet's orders, newest first (page 1-based, list at data.content): recharges
    (W01), withdrawals (W02, W03), purchases paid from the wallet (W04, W11) and portfolio
    purchases paid from it (P02); ``type`` recharge, withdraw or buy narrows them."""
    codes = WALLET_TYPE_CODES.get(order_type, WALLET_CODES)
    rows, total = _page(
        session,
        user=user,
        financial_account_id=financial_account_id,
        codes=codes,
        status=status,
        wallet_paid_po=order_type in ("all", "buy"),
        page=page,
        size=size,
    )
    return ok(_page_out(session, rows, total, page, size))


@router.get("/uniteOrder/dividends")
def dividend_orders(
    user: CurrentUser,
    session: SessionDep,
    financial_account_id: FinancialAccountQ = None,
    product_code: ProductQ = None,
    page: PageQ = 1,
    size: SizeQ = 10,
) -> Envelope[OrderPageOut]:
    """Dividends paid or reinvested (143) and dividend-method changes (029), newest first."""
    rows, total = _page(
        session,
        user=user,
        financial_account_id=financial_account_id,
        codes=DIVIDEND_CODES,
        product_code=product_code,
        page=page,
        size=size,
    )
    return ok(_page_out(session, rows, total, page, size))


@router.get("/uniteOrder/rebalances")
def rebalance_orders(
    user: CurrentUser,
    session: SessionDep,
    financial_account_id: FinancialAccountQ = None,
    product_code: ProductQ = None,
    status: StatusQ = "all",
    page: PageQ = 1,
    size: SizeQ = 10,
) -> Envelope[OrderPageOut]:
    """Portfolio adjustments (P04), each with its child redemptions and purchases."""
    rows, total = _page(
        session,
        user=user,
        financial_account_id=financial_account_id,
        codes=REBALANCE_CODES,
        status=status,
        product_code=product_code,
        page=page,
        size=size,
    )
    return ok(_page_out(session, rows, total, page, size))


def order_conditions(
    session: Session, *, user: BrokerUser, financial_account_id: int | None
) -> OrderConditionsOut:
    query = (
        select(TradeOrder.fund_code, TradeOrder.portfolio_code)
        .where(TradeOrder.broker_user_id == user.id, TradeOrder.parent_id.is_(None))
        .distinct()
    )
    fa_id = _financial_account_id(session, user, financial_account_id)
    if fa_id is not None:
        query = query.where(TradeOrder.financial_account_id == fa_id)
    pairs = session.execute(query).all()
    po_codes = {p.portfolio_code for p in pairs if p.portfolio_code}
    fund_codes = {p.fund_code for p in pairs if p.fund_code and not p.portfolio_code}
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


@router.get("/uniteOrder/conditions")
def unite_order_conditions(
    user: CurrentUser, session: SessionDep, financial_account_id: FinancialAccountQ = None
) -> Envelope[OrderConditionsOut]:
    """The filters of the unified order list: types (全部 买入 卖出 充值 取现 分红 调仓 with
    their business codes), statuses (进行中 成功 失败 已撤单 with their confirmStatus values)
    and the products the user has orders of (the wallet first, then portfolios, then funds)."""
    return ok(order_conditions(session, user=user, financial_account_id=financial_account_id))


# -- the (super) wallet ---------------------------------------------------------------------------


@router.get("/trade/getSuperWalletOrders")
def get_super_wallet_orders(
    user: CurrentUser,
    session: SessionDep,
    broker_user_id: Annotated[int | None, Query(alias="brokerUserId")] = None,
    account_id: Annotated[int | None, Query(alias="accountId")] = None,
    financial_account_id: FinancialAccountQ = None,
    page: Annotated[int, Query(ge=0, le=10_000)] = 0,
    size: SizeQ = 10,
    need_whole_order: Annotated[bool, Query(alias="needWholeOrder")] = False,
    order_data_type: Annotated[Literal["noAdjust", "all"], Query(alias="orderDataType")] = (
        "noAdjust"
    ),
) -> Envelope[list[OrderOut]]:
    """The wallet's orders as the super wallet's list: page 0-based, the list itself at data
    (docs/api.md#trade). ``brokerUserId``/``accountId`` must be the caller's (404 otherwise).
    ``needWholeOrder`` true keeps a portfolio order's children under it; ``orderDataType``
    noAdjust (the default) and all answer alike: the super wallet's adjustments (036) are
    listed with the fund conversions."""
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
    return ok(out)


def _wallet_holdings(
    session: Session, user: BrokerUser, financial_account_id: int | None
) -> list[Holding]:
    """The user's holdings of the super wallet's funds (the wallet fund and the broker's
    superWallet shelf), by account and fund, zero shares included."""
    codes = {WALLET_FUND_CODE, *super_wallet_codes(session, user.broker_id)}
    query = select(Holding).where(
        Holding.broker_user_id == user.id,
        Holding.fund_code.in_(sorted(codes)),
        Holding.portfolio_code == "",
    )
    fa_id = _financial_account_id(session, user, financial_account_id)
    if fa_id is not None:
        query = query.where(Holding.financial_account_id == fa_id)
    return list(session.scalars(query.order_by(Holding.financial_account_id, Holding.fund_code)))


def wallet_asset(
    session: Session, *, user: BrokerUser, financial_account_id: int | None
) -> WalletAssetOut:

    rows = _wallet_holdings(session, user, financial_account_id)
    sums = sum_holdings(rows, market_day=market_date(session))
    frozen = sum((h.frozen_shares for h in rows), ZERO)
    latest = session.scalar(
        select(FundNav)
        .where(FundNav.fund_code == WALLET_FUND_CODE)
        .order_by(FundNav.nav_date.desc())
        .limit(1)
    )
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


@router.get("/trade/superWallet/asset")
def super_wallet_asset(
    user: CurrentUser, session: SessionDep, financial_account_id: FinancialAccountQ = None
) -> Envelope[WalletAssetOut]:
    """The wallet's figures (all the user's accounts, or one), summed over the super wallet's
    funds: holdingAsset, previousProfit, accumulatedProfit, availableAmount (shares − frozen),
    and the wallet fund's latest 7-day annualised yield (yield7d) and 万份收益
    (incomePer10k)."""
    return ok(wallet_asset(session, user=user, financial_account_id=financial_account_id))


@router.get("/trade/superWallet/shares")
def super_wallet_shares(
    user: CurrentUser, session: SessionDep, financial_account_id: FinancialAccountQ = None
) -> Envelope[list[WalletShareOut]]:
    """The super wallet's holding rows, one per financial account and fund the user holds
    (the wallet fund and the superWallet shelf's; zero-share rows included)."""
    rows = _wallet_holdings(session, user, financial_account_id)
    names = repo.names(session, {h.fund_code for h in rows}, set())
    return ok(
        [
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


@router.post("/trade/buyVerifyCode/send")
def buy_verify_code_send(
    body: BuyVerifyCodeSendIn, user: CurrentUser, session: SessionDep
) -> Envelope[BuyVerifyCodeSentOut]:
    """Text a trade verify code to the account's phone (accounts verifying trades by
    password and SMS only); one a minute, ten a day per phone (429 beyond)."""
    return ok(
        send_buy_verify_code(session, user=user, financial_account_id=body.financial_account_id)
    )


@router.post("/trade/buyVerifyCode/check")
def buy_verify_code_check(
    body: BuyVerifyCodeCheckIn, user: CurrentUser, session: SessionDep
) -> Envelope[BuyVerifyCodeCheckOut]:
    """Check (and spend) the trade verify code: ``{passed: true, ticket}``, or 50108 wrong,
    50110 expired, 50109 locked."""
    return ok(check_buy_verify_code(session, user=user, code=body.code))
