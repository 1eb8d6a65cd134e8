"""Buying (docs/trading.md "Buying"): a fund, a portfolio, the wallet opened and recharged; the
trade password or buy verify code, the suitability check and the payment, in that order."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from opentamp.accounts.api import needs_trade_sms
from opentamp.core import caller
from opentamp.core.calendar import get_calendar
from opentamp.core.caller import checked_account, require_account
from opentamp.core.tickets import spend_ticket
from opentamp.errors import InvalidParams
from opentamp.kit.clock import now
from opentamp.kit.money import amount_text, round_amount
from opentamp.models.accounts import SERVICE_TYPES, Account, FinancialAccount, PaymentMethod
from opentamp.models.advisory import ServiceAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding
from opentamp.models.orders import (
    PAID,
    PAY_CARD,
    PAY_WALLET,
    PO_BUY,
    PO_WAITING,
    PURCHASE,
    WAITING,
    WALLET_PAID_PURCHASE,
    WALLET_RECHARGE,
    TradeOrder,
)
from opentamp.models.platform import Broker
from opentamp.models.products import (
    WALLET_FUND_CODE,
)
from opentamp.pension import api as pension
from opentamp.rules.wallet import wallet_minimum
from opentamp.suitability.api import judge_risk
from opentamp.trading import repository as repo
from opentamp.trading.errors import (
    AmountBelowMinimum,
    BuyVerifyRequired,
    PurchaseSuspended,
    ServiceAccountOnly,
)
from opentamp.trading.estimates import split_po
from opentamp.trading.orders import order_out, placed_fund_order_out
from opentamp.trading.placing import (
    BUY_VERIFY_SCENE,
    NO_BUY,
    ZERO,
    charge,
    check_buyable,
    check_card_limit,
    check_trading_time,
    financial_account_of,
    new_order,
    new_order_no,
    once,
    order_dates,
    paying_card,
    purchase_fee_of,
    strategy_pricing,
    tradable_fund,
    tradable_portfolio,
    verified,
    verified_account,
    wallet_fund_of,
)
from opentamp.trading.schemas import (
    BuyFundIn,
    BuyPoIn,
    OpenWalletOut,
    OrderOut,
    RechargeWalletIn,
)
from opentamp.trading.wallet_shares import check_wallet_funds, take_wallet_shares, wallet_holding


def require_buy_verify(
    session: Session, *, user: BrokerUser, account: Account, ticket: str | None
) -> None:
    """payAuthMode PASSWORD_SMS (``needs_trade_sms``): a purchase also spends the one-use
    ticket of a checked buy verify code (``verifyTicket``); missing → 60102 请先完成短信验证,
    expired, spent or another user's → 62050. Accounts verifying by password alone ignore it.

    Call it inside the order's ``run_once``, before its other writes: the ticket is spent in
    the order's transaction, so a refused order leaves it unspent, and a repeated tradeUUID
    answers the first order without asking for a new one."""
    if not needs_trade_sms(account):
        return
    if not ticket:
        raise BuyVerifyRequired()
    spend_ticket(session, user_id=user.id, scene=BUY_VERIFY_SCENE, raw=ticket)


def suitable(
    session: Session,
    account: Account,
    *,
    confirmed: bool,
    level: int,
    code: str,
    kind: str,
    scene: str = "buy",
) -> None:
    """Suitability of a purchase (judgeRisk): a product above the investor's grade needs
    ``riskConfirmed``, and the confirmation is recorded. A fund conversion checks its target
    fund with it (``scene`` convert: a refusal says it is the conversion that is refused)."""
    judge_risk(
        session,
        account=account,
        product_level=level,
        confirmed=confirmed,
        product_code=code,
        product_type=kind,
        scene=scene,
    )


def _suitable_and_paid(
    session: Session,
    account: Account,
    fa: FinancialAccount,
    broker: Broker,
    *,
    confirmed: bool,
    pay_type: str,
    amount: Decimal,
    level: int,
    code: str,
    kind: str,
) -> Holding | None:
    """The two checks every purchase makes last: suitability (:func:`suitable`) and, when
    paid from the wallet, enough wallet shares (the wallet holding to take them from; None for
    a card)."""
    suitable(session, account, confirmed=confirmed, level=level, code=code, kind=kind)
    if pay_type != PAY_WALLET:
        return None
    return check_wallet_funds(wallet_holding(session, fa), amount, broker)


def _service_strategy(session: Session, fa: FinancialAccount) -> str | None:
    """The strategy a service account holds (its contract in force), '' when none; None for any
    other financial account."""
    if fa.type not in SERVICE_TYPES:
        return None
    code = session.scalar(
        select(ServiceAccount.po_code).where(
            ServiceAccount.financial_account_id == fa.id, ServiceAccount.contract_status == 1
        )
    )
    return code or ""


def check_service_account_buy(session: Session, fa: FinancialAccount, po_code: str | None) -> None:
    """A service account (投顾账户) buys only the strategy it holds, ``po_code`` (None for a
    fund): the advisory deposit or a deposit-invest plan, never a purchase or a plan of its own
    (60115). Any other financial account passes."""
    held = _service_strategy(session, fa)
    if held is not None and held != po_code:
        raise ServiceAccountOnly()


def buy_fund(session: Session, *, user: BrokerUser, body: BuyFundIn) -> OrderOut:
    """POST /trade/buyFund: a fund purchase paid by card (022), from the wallet (W04) or from
    the pension account (022 with the pension payment method, docs/pension.md)."""
    by_card = body.pay_type == PAY_CARD
    # The financial account, the card, the account and the broker in one statement; the
    # checks below find them by key in the session, in their order (repository.purchase_rows).
    found = repo.purchase_rows(
        session,
        user,
        financial_account_id=body.financial_account_id,
        payment_method_id=body.payment_method_id if by_card else None,
    )
    fa = financial_account_of(session, user, body.financial_account_id)
    check_service_account_buy(session, fa, None)
    card = paying_card(session, user, body.payment_method_id) if by_card else None
    if card is not None:  # before anything is written (docs/trading.md "Buying")
        check_card_limit(card, body.amount)
    account = verified(session, checked_account(found.account), body.trade_password)

    def place() -> OrderOut:
        require_buy_verify(session, user=user, account=account, ticket=body.verify_ticket)
        broker = caller.broker_of(session, user)
        fund = tradable_fund(session, body.fund_code)
        if fund.code == WALLET_FUND_CODE:
            raise InvalidParams(f"请通过充值买入{broker.wallet_name}")
        check_buyable(session, user, broker, code=fund.code, status=fund.status)
        if body.amount < fund.min_purchase_amount:
            raise AmountBelowMinimum(min=amount_text(fund.min_purchase_amount))
        calendar = get_calendar()
        moment = now()
        check_trading_time(calendar, fund, moment)
        pension.check_pension_purchase(
            session, user_id=user.id, fa=fa, fund=fund, pay_type=body.pay_type, amount=body.amount
        )
        wallet = _suitable_and_paid(
            session, account, fa, broker, confirmed=body.risk_confirmed, pay_type=body.pay_type,
            amount=body.amount, level=fund.risk_level, code=fund.code, kind="fund",
        )  # fmt: skip
        by_wallet = body.pay_type == PAY_WALLET
        fee = purchase_fee_of(session, fund, body.amount)
        dates = order_dates(calendar, fund, moment, PAY_CARD)
        order = new_order(
            user,
            fa,
            moment,
            dates,
            broker_order_no=new_order_no(moment),
            order_code=WALLET_PAID_PURCHASE if by_wallet else PURCHASE,
            fund_code=fund.code,
            confirm_status="W0" if by_wallet else WAITING,
            pay_status=PAID,
            pay_method=body.pay_type,
            payment_method_id=card.id if card else None,
            trade_amount=fee.amount,
            fee_rate=fee.rate,
            fee=fee.fee,
            net_amount=fee.net_amount,
        )
        session.add(order)
        session.flush()
        if wallet is not None:
            take_wallet_shares(session, order, wallet, fee.amount, wallet_fund_of(session, broker))
        session.flush()
        if card is not None:
            charge(card, fee.amount, order.broker_order_no)
        return placed_fund_order_out(order, fund_name=fund.name, card=card)

    return once(session, user, body, "trade.buyFund", place)


def buy_po(
    session: Session,
    *,
    user: BrokerUser,
    body: BuyPoIn,
    weights: Mapping[str, Decimal] | None = None,
    level: int | None = None,
    verified: Account | None = None,
) -> OrderOut:
    """POST /trade/buyPo: a P02 parent over one fund purchase per component, paid once. A
    service account buys only its own strategy (the advisory deposit, a deposit-invest plan).
    ``weights`` and ``level``: a robo account's own model and its risk level (docs/robo.md).
    ``verified``: the caller's account, whose trade password the calling write checked in this
    transaction before its own idempotent run (an advisory deposit): not compared again inside
    that run (core.idempotency: no run counts a wrong try)."""
    fa = financial_account_of(session, user, body.financial_account_id)
    pension.check_not_pension_account(fa)
    check_service_account_buy(session, fa, body.po_code)
    card = paying_card(session, user, body.payment_method_id) if body.pay_type == PAY_CARD else None
    if card is not None:  # before anything is written (docs/trading.md "Buying")
        check_card_limit(card, body.amount)
    account = verified or verified_account(session, user, body.trade_password)

    def place() -> OrderOut:
        require_buy_verify(session, user=user, account=account, ticket=body.verify_ticket)
        parent = place_po_buy(
            session,
            user=user,
            account=account,
            fa=fa,
            card=card,
            po_code=body.po_code,
            amount=body.amount,
            pay_type=body.pay_type,
            risk_confirmed=body.risk_confirmed,
            weights=weights,
            level=level,
        )
        return order_out(session, parent)

    return once(session, user, body, "trade.buyPo", place)


def place_po_buy(
    session: Session,
    *,
    user: BrokerUser,
    account: Account,
    fa: FinancialAccount,
    card: PaymentMethod | None,
    po_code: str,
    amount: Decimal,
    pay_type: str,
    risk_confirmed: bool,
    moment: datetime | None = None,
    ext_meta_info: dict[str, Any] | None = None,
    weights: Mapping[str, Decimal] | None = None,
    level: int | None = None,
) -> TradeOrder:
    """A portfolio purchase once the caller is known and authorised (the trade password, or a
    follow plan set up with it): the product's status and minimum, each component's status and
    trading time, suitability, the wallet's balance; then the P02 parent over one purchase per
    component, the wallet shares taken or the card charged. ``moment`` is when it is applied
    (now by default; its cut-off decides the trade date)."""
    broker = caller.broker_of(session, user)
    po = tradable_portfolio(session, po_code)
    check_buyable(session, user, broker, code=po.code, status=po.status)
    if amount < po.min_purchase_amount:
        raise AmountBelowMinimum(min=amount_text(po.min_purchase_amount))
    if card is not None:  # before the orders are written
        check_card_limit(card, round_amount(amount))
    parts = split_po(session, po, amount, weights)
    calendar = get_calendar()
    moment = moment or now()
    priced_at, period = strategy_pricing(session, calendar, po.code, moment)
    for part in parts:
        if part.fund.status in NO_BUY:
            raise PurchaseSuspended(f"成分基金{part.fund.name}暂停申购，该组合暂时无法购买")
        check_trading_time(calendar, part.fund, moment)
    wallet = _suitable_and_paid(
        session, account, fa, broker, confirmed=risk_confirmed, pay_type=pay_type, amount=amount,
        level=po.risk_level if level is None else level, code=po.code, kind="po",
    )  # fmt: skip
    child_dates = [order_dates(calendar, p.fund, priced_at, PAY_CARD) for p in parts]
    parent_no = new_order_no(moment)
    parent = new_order(
        user,
        fa,
        moment,
        max(child_dates, key=lambda d: d.confirm),
        broker_order_no=parent_no,
        order_code=PO_BUY,
        portfolio_code=po.code,
        confirm_status=PO_WAITING,
        pay_status=PAID,
        pay_method=pay_type,
        payment_method_id=card.id if card else None,
        trade_amount=round_amount(amount),
        fee=sum((p.fee.fee for p in parts), ZERO),
        net_amount=sum((p.fee.net_amount for p in parts), ZERO),
        ext_meta_info=(
            {**(ext_meta_info or {}), "strategyPeriodNo": period}
            if period is not None
            else ext_meta_info
        ),
    )
    session.add(parent)
    session.flush()
    for i, (part, dates) in enumerate(zip(parts, child_dates, strict=True), start=1):
        session.add(
            new_order(
                user,
                fa,
                moment,
                dates,
                broker_order_no=f"{parent_no}{i:02d}",
                parent_id=parent.id,
                order_code=PURCHASE if card else WALLET_PAID_PURCHASE,
                fund_code=part.fund.code,
                portfolio_code=po.code,
                confirm_status=WAITING if card else "W0",
                pay_status=PAID,
                pay_method=pay_type,
                payment_method_id=card.id if card else None,
                trade_amount=part.amount,
                fee_rate=part.fee.rate,
                fee=part.fee.fee,
                net_amount=part.fee.net_amount,
                ext_meta_info=ext_meta_info,
            )
        )
    session.flush()
    if wallet is not None:
        take_wallet_shares(
            session, parent, wallet, parent.trade_amount, wallet_fund_of(session, broker)
        )
        session.flush()
    if card is not None:
        charge(card, parent.trade_amount, parent_no)
    return parent


def open_wallet(session: Session, *, user: BrokerUser, financial_account_id: int) -> OpenWalletOut:
    """POST /trade/openWallet: the wallet holding (fund 000509, zero shares) of the account.
    Opening it again changes nothing."""
    require_account(session, user)
    fa = financial_account_of(session, user, financial_account_id)
    pension.check_not_pension_account(fa)
    fund = wallet_fund_of(session, caller.broker_of(session, user))
    if wallet_holding(session, fa, lock=False) is None:
        try:
            with session.begin_nested():
                session.add(
                    Holding(
                        broker_user_id=user.id,
                        account_id=fa.account_id,
                        financial_account_id=fa.id,
                        fund_code=fund.code,
                        dividend_method="reinvest",
                    )
                )
        except IntegrityError:  # a concurrent openWallet made it first
            pass
    return OpenWalletOut(fund_code=fund.code, opened=True)


def recharge_wallet(session: Session, *, user: BrokerUser, body: RechargeWalletIn) -> OrderOut:
    """POST /trade/rechargeWallet: W01, paid by card, wallet shares confirmed on T+1; at least
    the wallet's 起存金额 (``rules.wallet.wallet_minimum``), else 60005 金额不能少于 {min} 元."""
    fa = financial_account_of(session, user, body.financial_account_id)
    pension.check_not_pension_account(fa)
    card = paying_card(session, user, body.payment_method_id)
    check_card_limit(card, body.amount)  # before anything is written (docs/trading.md "Wallet")
    account = verified_account(session, user, body.trade_password)

    def place() -> OrderOut:
        require_buy_verify(session, user=user, account=account, ticket=body.verify_ticket)
        broker = caller.broker_of(session, user)
        fund = wallet_fund_of(session, broker)
        if fund.status in NO_BUY:
            raise PurchaseSuspended(f"{broker.wallet_name}暂停申购，暂时无法充值")
        minimum = wallet_minimum(broker.super_wallet_min_purchase, fund.min_purchase_amount)
        if body.amount < minimum:
            raise AmountBelowMinimum(min=amount_text(minimum))
        moment = now()
        dates = order_dates(get_calendar(), fund, moment, PAY_WALLET)
        amount = round_amount(body.amount)
        order = new_order(
            user,
            fa,
            moment,
            dates,
            broker_order_no=new_order_no(moment),
            order_code=WALLET_RECHARGE,
            fund_code=fund.code,
            confirm_status="W0",
            pay_status=PAID,
            pay_method=PAY_CARD,
            payment_method_id=card.id,
            trade_amount=amount,
            fee_rate=ZERO,
            net_amount=amount,
        )
        session.add(order)
        session.flush()
        charge(card, amount, order.broker_order_no)
        return order_out(session, order)

    return once(session, user, body, "trade.rechargeWallet", place)
