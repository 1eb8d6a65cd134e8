"""The trade calls (docs/trading.md): buying, redeeming, the wallet, cancelling and the order
reads. The rules themselves (dates, fees) are in opentamp/rules/.

Every write is one transaction owned by the request (services only ``flush()``): the checks
run first, then the rows are written and flushed, and the bank is called last, so a refused
charge raises before anything is committed and the request writes nothing. Trade writes run
inside ``core.idempotency.run_once`` (one order per user and tradeUUID); the trade password is
checked before it, since a wrong try is counted (and kept) while the request fails.

Shares are never taken twice: a redemption locks its holding (``FOR UPDATE``; on SQLite the
writing request holds the database lock), freezes the shares (``frozen_shares``) and records
the lots it takes first-in-first-out in ``order_lot`` with each lot's fee rate on T; a lot's
shares already claimed by unconfirmed redemptions are skipped. Wallet shares spent on a
purchase (W04) or a fast withdrawal (W03) leave the wallet at once: the lots shrink, the rows
of ``order_lot`` (fee rate 0) record which, and a cancel puts them back.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any, Literal

from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.accounts.api import needs_trade_sms, verify_trade_password
from opentamp.core.calendar import get_calendar
from opentamp.core.caller import require_account
from opentamp.core.idempotency import run_once
from opentamp.core.tickets import spend_ticket
from opentamp.errors import InvalidParams, NotFound
from opentamp.kit.calendar import TradingCalendar
from opentamp.kit.clock import BEIJING, now
from opentamp.kit.money import round_amount, round_shares, split_by_weights
from opentamp.kit.ownership import owned
from opentamp.kit.pagination import has_more
from opentamp.models.accounts import Account, FinancialAccount, PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.models.orders import (
    CANCELLED,
    CONVERT,
    PAID,
    PAY_CARD,
    PAY_WALLET,
    PO_BUY,
    PO_CANCELLED,
    PO_SELL,
    PO_WAITING,
    PURCHASE,
    REDEEM,
    WAITING,
    WALLET_FAST_WITHDRAW,
    WALLET_PAID_PURCHASE,
    WALLET_RECHARGE,
    WALLET_WITHDRAW,
    OrderLot,
    TradeOrder,
)
from opentamp.models.payouts import PayoutStatus
from opentamp.models.platform import Broker
from opentamp.models.products import (
    STATUS_STOP_ALLOT,
    STATUS_STOP_REDEEM,
    STATUS_STOP_TRADE,
    WALLET_FUND_CODE,
    Fund,
    Portfolio,
)
from opentamp.outside.payment import payment_gateway
from opentamp.payments.api import bank_name, payout_statuses, record_fast_payout
from opentamp.products import api as products
from opentamp.suitability.api import judge_risk
from opentamp.trading import repository as repo
from opentamp.trading.errors import (
    AmountBelowMinimum,
    BuyDisabled,
    BuyVerifyRequired,
    CancelDeadlinePassed,
    CancelRefundFailed,
    CancelThroughPortfolio,
    FastWithdrawLimit,
    NoHolding,
    OrderNotCancellable,
    OutsideTradingTime,
    PaymentFailed,
    PaymentMethodUnavailable,
    PayTypeInvalid,
    ProductNotTradable,
    PurchaseSuspended,
    RatioInvalid,
    RedeemSuspended,
    RemainderBelowMinimum,
    SharesBelowMinimum,
    SharesExceedAvailable,
    WalletEmpty,
    WalletInsufficient,
    WalletNotAvailable,
)
from opentamp.trading.schemas import (
    BuyFundIn,
    BuyPoIn,
    CancelOrderIn,
    DividendMethodIn,
    DividendMethodOut,
    FeeEstimateOut,
    OpenWalletOut,
    OrderOut,
    OrderPageOut,
    PoBuyItemOut,
    PrepareBuyPoOut,
    PrepareRedeemPoOut,
    RechargeWalletIn,
    RedeemFundIn,
    RedeemPoIn,
    RedeemPoItemOut,
    RedeemWalletIn,
    TradeDateOut,
    WalletTypeOut,
)

ZERO = Decimal("0.00")
#: Fast withdrawal (W03) is capped per user per calendar day (docs/trading.md).
FAST_WITHDRAW_DAILY_LIMIT = Decimal("10000.00")
WALLET_NAV = Decimal("1.0000")
PORTFOLIO_PREFIX = "ZH"
NO_BUY = frozenset({STATUS_STOP_ALLOT, STATUS_STOP_TRADE})
NO_REDEEM = frozenset({STATUS_STOP_REDEEM, STATUS_STOP_TRADE})
#: Order codes a customer may cancel on their own (children go with their parent).
CANCELLABLE = frozenset(
    {
        PURCHASE, WALLET_PAID_PURCHASE, REDEEM, WALLET_RECHARGE, WALLET_WITHDRAW, PO_BUY, PO_SELL,
        CONVERT,
    }
)  # fmt: skip
WAITING_STATUSES = frozenset({WAITING, "W0", PO_WAITING, "P1"})
#: The scene of the ticket a checked buy verify code gives (``/trade/buyVerifyCode/check``).
BUY_VERIFY_SCENE = "buyVerify"
OrderType = Literal["all", "buy", "sell", "ing"]


# -- small helpers ----------------------------------------------------------------------------


def _fund(session: Session, code: str) -> Fund:
    fund = repo.fund(session, code)
    if fund is None:
        raise ProductNotTradable()
    return fund


def _portfolio(session: Session, code: str) -> Portfolio:
    po = repo.portfolio(session, code)
    if po is None:
        raise ProductNotTradable()
    return po


def _wallet_fund(session: Session, broker: Broker) -> Fund:
    fund = repo.fund(session, WALLET_FUND_CODE)
    if fund is None:
        raise WalletNotAvailable(wallet=broker.wallet_name)
    return fund


def _broker(session: Session, user: BrokerUser) -> Broker:
    broker = session.get(Broker, user.broker_id)
    assert broker is not None
    return broker


def _financial_account(session: Session, user: BrokerUser, fa_id: int) -> FinancialAccount:
    return owned(session, FinancialAccount, fa_id, owner_id=user.id)


def _card(session: Session, user: BrokerUser, payment_method_id: int | None) -> PaymentMethod:
    if payment_method_id is None:
        raise PayTypeInvalid()
    card = owned(session, PaymentMethod, payment_method_id, owner_id=user.id)
    if card.status != "bound":
        raise PaymentMethodUnavailable()
    return card


def _payout_card(
    session: Session, user: BrokerUser, account: Account, payment_method_id: int | None
) -> PaymentMethod:
    """The card redemption cash goes to: the one named, or the first bound card."""
    if payment_method_id is not None:
        return _card(session, user, payment_method_id)
    card = repo.first_bound_card(session, account.id)
    if card is None:
        raise PaymentMethodUnavailable("请先绑定银行卡")
    return card


def _order_no(moment: datetime) -> str:
    """A readable unique order number: the Beijing date and time of the application and 12
    random digits (26 characters; a portfolio's children add two digits to their parent's)."""
    return f"{moment.astimezone(BEIJING):%Y%m%d%H%M%S}{secrets.randbelow(10**12):012d}"


def _check_buyable(
    session: Session, user: BrokerUser, broker: Broker, *, code: str, status: str, name: str = ""
) -> None:
    if status in NO_BUY:
        raise PurchaseSuspended(f"{name}暂停申购，暂时无法购买" if name else None)
    if broker.is_disable_buy or products.disabled_for_broker(session, user.broker_id, [code]):
        raise BuyDisabled()


def _check_trading_time(calendar: TradingCalendar, fund: Fund, moment: datetime) -> None:
    if rules.in_trade_limit(
        moment,
        fund.trade_limit_start,
        fund.trade_limit_end,
        is_trading_day=calendar.is_trading_day(moment.date()),
    ):
        raise OutsideTradingTime(start=fund.trade_limit_start, end=fund.trade_limit_end)


def _purchase_fee(session: Session, fund: Fund, amount: Decimal) -> rules.PurchaseFee:
    return rules.purchase_fee(
        amount,
        repo.fee_tiers(session, fund.code, "purchase"),
        discount=fund.purchase_discount,
        money_market=fund.is_money_market,
    )


@dataclass(frozen=True)
class _Dates:
    trade: date
    confirm: date
    profit: date
    arrival: date


def _dates(calendar: TradingCalendar, fund: Fund, moment: datetime, redeem_to: str) -> _Dates:
    t = rules.trade_date(calendar, moment)
    confirm = rules.confirm_date(calendar, t, fund.confirm_days)
    return _Dates(
        trade=t,
        confirm=confirm,
        profit=rules.profit_date(calendar, confirm),
        arrival=rules.arrival_date(
            calendar, t, redeem_to=redeem_to, redeem_settle_days=fund.redeem_settle_days
        ),
    )


def _new_order(
    user: BrokerUser, fa: FinancialAccount, moment: datetime, dates: _Dates, **fields: object
) -> TradeOrder:
    money: dict[str, object] = {
        name: ZERO
        for name in (
            "trade_amount", "trade_share", "fee", "net_amount", "confirmed_shares",
            "confirmed_amount",
        )
    }  # fmt: skip
    return TradeOrder(
        **{**money, **fields},
        broker_user_id=user.id,
        account_id=fa.account_id,
        financial_account_id=fa.id,
        apply_time=moment,
        trade_date=dates.trade,
        confirm_date=dates.confirm,
    )


def _once(
    session: Session, user: BrokerUser, trade_uuid: str, action: str, place: Callable[[], OrderOut]
) -> OrderOut:
    """An order-placing write at most once per (user, tradeUUID)
    (docs/architecture.md#transport)."""
    return run_once(
        session, user_id=user.id, trade_uuid=trade_uuid, action=action, schema=OrderOut, run=place
    )


def _charge(card: PaymentMethod, amount: Decimal, order_no: str) -> None:
    result = payment_gateway().charge(token=card.gateway_token, amount=amount, order_no=order_no)
    if not result.ok:
        raise PaymentFailed(reason=result.reason or "银行未返回原因")


# -- wallet shares ------------------------------------------------------------------------------


def _wallet_holding(session: Session, fa: FinancialAccount, *, lock: bool = True) -> Holding | None:
    return repo.holding(session, financial_account_id=fa.id, fund_code=WALLET_FUND_CODE, lock=lock)


def _available(holding: Holding | None) -> Decimal:
    if holding is None:
        return ZERO
    return holding.shares - holding.frozen_shares


@dataclass(frozen=True)
class _LotTake:
    lot: HoldingLot
    shares: Decimal
    fee_rate: Decimal


def _plan_lots(
    session: Session,
    holding: Holding,
    shares: Decimal,
    *,
    trade_day: date,
    fund: Fund,
    with_fees: bool = True,
) -> list[_LotTake]:
    """The lots ``shares`` come from, first in first out, skipping what unconfirmed
    redemptions already claimed; each with its redemption fee rate on ``trade_day``."""
    lots = repo.lots(session, holding.id)
    claimed = repo.claimed_shares(session, [lot.id for lot in lots])
    tiers = repo.fee_tiers(session, fund.code, "redeem") if with_fees else []
    takes: list[_LotTake] = []
    left = shares
    for lot in lots:
        if left <= 0:
            break
        free = lot.shares - claimed.get(lot.id, ZERO)
        if free <= 0:
            continue
        take = min(free, left)
        rate = (
            rules.lot_redeem_fee_rate(
                lot.confirm_date, trade_day, tiers, money_market=fund.is_money_market
            )
            if with_fees
            else ZERO
        )
        takes.append(_LotTake(lot, take, rate))
        left -= take
    if left > 0:  # the lots do not cover the holding's available shares
        raise SharesExceedAvailable(available=f"{shares - left}")
    return takes


def _record_lots(session: Session, order: TradeOrder, takes: Sequence[_LotTake]) -> None:
    for take in takes:
        session.add(
            OrderLot(
                order_id=order.id, lot_id=take.lot.id, shares=take.shares, fee_rate=take.fee_rate
            )
        )


def _take_wallet_shares(
    session: Session, order: TradeOrder, holding: Holding, amount: Decimal, fund: Fund
) -> None:
    """Spend ``amount`` of wallet shares at once (NAV 1.0000, shares = yuan): the lots shrink
    first-in-first-out, the cost basis by its average, and the amount counts as cash the
    wallet paid out (``redeemed_net``) so the wallet's accumulated profit is unchanged."""
    takes = _plan_lots(
        session, holding, amount, trade_day=order.trade_date, fund=fund, with_fees=False
    )
    for take in takes:
        take.lot.shares -= take.shares
    cost_taken = rules.redeemed_cost(holding.cost, amount, holding.shares)
    holding.shares -= amount
    holding.cost -= cost_taken
    holding.redeemed_net += amount
    holding.market_value = rules.market_value(holding.shares, holding.nav or WALLET_NAV)
    holding.holding_profit = rules.holding_profit(holding.market_value, holding.cost)
    _record_lots(session, order, takes)
    order.ext_meta_info = {**(order.ext_meta_info or {}), "walletCostTaken": f"{cost_taken}"}


def _return_wallet_shares(session: Session, order: TradeOrder) -> None:
    """Undo :func:`_take_wallet_shares` (a cancelled wallet-paid purchase)."""
    holding = _wallet_holding_of(session, order)
    amount = order.trade_amount
    for row in repo.order_lots(session, order.id):
        lot = session.get(HoldingLot, row.lot_id)
        assert lot is not None
        lot.shares += row.shares
    cost_taken = Decimal((order.ext_meta_info or {}).get("walletCostTaken", "0"))
    holding.shares += amount
    holding.cost += cost_taken
    holding.redeemed_net -= amount
    holding.market_value = rules.market_value(holding.shares, holding.nav or WALLET_NAV)
    holding.holding_profit = rules.holding_profit(holding.market_value, holding.cost)
    session.execute(delete(OrderLot).where(OrderLot.order_id == order.id))


def _wallet_holding_of(session: Session, order: TradeOrder) -> Holding:
    holding = repo.holding(
        session,
        financial_account_id=order.financial_account_id,
        fund_code=WALLET_FUND_CODE,
        lock=True,
    )
    assert holding is not None, "a wallet order without its wallet holding"
    return holding


def _check_wallet_funds(holding: Holding | None, amount: Decimal, broker: Broker) -> Holding:
    available = _available(holding)
    if holding is None or available <= 0:
        raise WalletEmpty(wallet=broker.wallet_name)
    if available < amount:
        raise WalletInsufficient(wallet=broker.wallet_name, available=f"{available}")
    return holding


# -- estimates and dates ------------------------------------------------------------------------


def estimate_buy_fund_fee(session: Session, *, fund_code: str, amount: Decimal) -> FeeEstimateOut:
    fund = _fund(session, fund_code)
    fee = _purchase_fee(session, fund, amount)
    dates = _dates(get_calendar(), fund, now(), PAY_CARD)
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
class _PoPart:
    fund: Fund
    weight: Decimal
    amount: Decimal
    fee: rules.PurchaseFee


def _split_po(session: Session, po: Portfolio, amount: Decimal) -> list[_PoPart]:
    """A portfolio purchase split by weight (remainder cent to the largest weight), each
    part's fee from its own fund's schedule; parts of 0.00 are left out."""
    comps = repo.components(session, po.code)
    if not comps:
        raise ProductNotTradable("该组合暂无成分基金，暂时无法交易")
    amounts = split_by_weights(round_amount(amount), [c.weight for c, _ in comps])
    return [
        _PoPart(fund, comp.weight, part, _purchase_fee(session, fund, part))
        for (comp, fund), part in zip(comps, amounts, strict=True)
        if part > 0
    ]


def prepare_buy_po(session: Session, *, po_code: str, amount: Decimal) -> PrepareBuyPoOut:
    po = _portfolio(session, po_code)
    parts = _split_po(session, po, amount)
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
    if product_code.upper().startswith(PORTFOLIO_PREFIX):
        po = _portfolio(session, product_code)
        funds = [f for _, f in repo.components(session, po.code)]
        if not funds:
            raise ProductNotTradable("该组合暂无成分基金，暂时无法交易")
    else:
        funds = [_fund(session, product_code)]
    all_dates = [_dates(calendar, f, moment, PAY_CARD) for f in funds]
    confirm = max(d.confirm for d in all_dates)
    return TradeDateOut(
        trade_date=all_dates[0].trade,
        confirm_date=confirm,
        profit_date=rules.profit_date(calendar, confirm),
        arrival_date=max(d.arrival for d in all_dates),
    )


# -- buying ---------------------------------------------------------------------------------------


def _verified_account(session: Session, user: BrokerUser, password: str) -> Account:
    account = require_account(session, user)
    verify_trade_password(account, password=password)
    return account


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


def _suitable(
    session: Session, account: Account, *, confirmed: bool, level: int, code: str, kind: str
) -> None:
    """Suitability of a purchase (judgeRisk): a product above the investor's grade needs
    ``riskConfirmed``, and the confirmation is recorded. A fund conversion checks its target
    fund with it."""
    judge_risk(
        session,
        account=account,
        product_level=level,
        confirmed=confirmed,
        product_code=code,
        product_type=kind,
    )


def _suitable_and_paid(
    session: Session,
    account: Account,
    fa: FinancialAccount,
    broker: Broker,
    body: BuyFundIn | BuyPoIn,
    *,
    level: int,
    code: str,
    kind: str,
) -> Holding | None:
    """The two checks every purchase makes last: suitability (:func:`_suitable`) and, when
    paid from the wallet, enough wallet shares (the wallet holding to take them from; None for
    a card)."""
    _suitable(session, account, confirmed=body.risk_confirmed, level=level, code=code, kind=kind)
    if body.pay_type != PAY_WALLET:
        return None
    return _check_wallet_funds(_wallet_holding(session, fa), body.amount, broker)


def buy_fund(session: Session, *, user: BrokerUser, body: BuyFundIn) -> OrderOut:
    """POST /trade/buyFund: a fund purchase paid by card (022) or from the wallet (W04)."""
    fa = _financial_account(session, user, body.financial_account_id)
    card = _card(session, user, body.payment_method_id) if body.pay_type == PAY_CARD else None
    account = _verified_account(session, user, body.trade_password)

    def place() -> OrderOut:
        require_buy_verify(session, user=user, account=account, ticket=body.verify_ticket)
        broker = _broker(session, user)
        fund = _fund(session, body.fund_code)
        if fund.code == WALLET_FUND_CODE:
            raise InvalidParams(f"请通过充值买入{broker.wallet_name}")
        _check_buyable(session, user, broker, code=fund.code, status=fund.status)
        if body.amount < fund.min_purchase_amount:
            raise AmountBelowMinimum(min=f"{fund.min_purchase_amount}")
        calendar = get_calendar()
        moment = now()
        _check_trading_time(calendar, fund, moment)
        wallet = _suitable_and_paid(
            session, account, fa, broker, body, level=fund.risk_level, code=fund.code, kind="fund"
        )
        fee = _purchase_fee(session, fund, body.amount)
        dates = _dates(calendar, fund, moment, PAY_CARD)
        order = _new_order(
            user,
            fa,
            moment,
            dates,
            broker_order_no=_order_no(moment),
            order_code=PURCHASE if card else WALLET_PAID_PURCHASE,
            fund_code=fund.code,
            confirm_status=WAITING if card else "W0",
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
            _take_wallet_shares(session, order, wallet, fee.amount, _wallet_fund(session, broker))
        session.flush()
        if card is not None:
            _charge(card, fee.amount, order.broker_order_no)
        return order_out(session, order)

    return _once(session, user, body.trade_uuid, "trade.buyFund", place)


def buy_po(session: Session, *, user: BrokerUser, body: BuyPoIn) -> OrderOut:
    """POST /trade/buyPo: a P02 parent over one fund purchase per component, paid once."""
    fa = _financial_account(session, user, body.financial_account_id)
    card = _card(session, user, body.payment_method_id) if body.pay_type == PAY_CARD else None
    account = _verified_account(session, user, body.trade_password)

    def place() -> OrderOut:
        require_buy_verify(session, user=user, account=account, ticket=body.verify_ticket)
        broker = _broker(session, user)
        po = _portfolio(session, body.po_code)
        _check_buyable(session, user, broker, code=po.code, status=po.status)
        if body.amount < po.min_purchase_amount:
            raise AmountBelowMinimum(min=f"{po.min_purchase_amount}")
        parts = _split_po(session, po, body.amount)
        calendar = get_calendar()
        moment = now()
        for part in parts:
            if part.fund.status in NO_BUY:
                raise PurchaseSuspended(f"成分基金{part.fund.name}暂停申购，该组合暂时无法购买")
            _check_trading_time(calendar, part.fund, moment)
        wallet = _suitable_and_paid(
            session, account, fa, broker, body, level=po.risk_level, code=po.code, kind="po"
        )
        child_dates = [_dates(calendar, p.fund, moment, PAY_CARD) for p in parts]
        parent_no = _order_no(moment)
        parent = _new_order(
            user,
            fa,
            moment,
            max(child_dates, key=lambda d: d.confirm),
            broker_order_no=parent_no,
            order_code=PO_BUY,
            portfolio_code=po.code,
            confirm_status=PO_WAITING,
            pay_status=PAID,
            pay_method=body.pay_type,
            payment_method_id=card.id if card else None,
            trade_amount=round_amount(body.amount),
            fee=sum((p.fee.fee for p in parts), ZERO),
            net_amount=sum((p.fee.net_amount for p in parts), ZERO),
        )
        session.add(parent)
        session.flush()
        for i, (part, dates) in enumerate(zip(parts, child_dates, strict=True), start=1):
            session.add(
                _new_order(
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
                    pay_method=body.pay_type,
                    payment_method_id=card.id if card else None,
                    trade_amount=part.amount,
                    fee_rate=part.fee.rate,
                    fee=part.fee.fee,
                    net_amount=part.fee.net_amount,
                )
            )
        session.flush()
        if wallet is not None:
            _take_wallet_shares(
                session, parent, wallet, parent.trade_amount, _wallet_fund(session, broker)
            )
            session.flush()
        if card is not None:
            _charge(card, parent.trade_amount, parent_no)
        return order_out(session, parent)

    return _once(session, user, body.trade_uuid, "trade.buyPo", place)


def open_wallet(session: Session, *, user: BrokerUser, financial_account_id: int) -> OpenWalletOut:
    """POST /trade/openWallet: the wallet holding (fund 000509, zero shares) of the account.
    Opening it again changes nothing."""
    require_account(session, user)
    fa = _financial_account(session, user, financial_account_id)
    fund = _wallet_fund(session, _broker(session, user))
    if _wallet_holding(session, fa, lock=False) is None:
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
    """POST /trade/rechargeWallet: W01, paid by card, wallet shares confirmed on T+1."""
    fa = _financial_account(session, user, body.financial_account_id)
    card = _card(session, user, body.payment_method_id)
    account = _verified_account(session, user, body.trade_password)

    def place() -> OrderOut:
        require_buy_verify(session, user=user, account=account, ticket=body.verify_ticket)
        broker = _broker(session, user)
        fund = _wallet_fund(session, broker)
        if fund.status in NO_BUY:
            raise PurchaseSuspended(f"{broker.wallet_name}暂停申购，暂时无法充值")
        if body.amount < fund.min_purchase_amount:
            raise AmountBelowMinimum(min=f"{fund.min_purchase_amount}")
        moment = now()
        dates = _dates(get_calendar(), fund, moment, PAY_WALLET)
        amount = round_amount(body.amount)
        order = _new_order(
            user,
            fa,
            moment,
            dates,
            broker_order_no=_order_no(moment),
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
        _charge(card, amount, order.broker_order_no)
        return order_out(session, order)

    return _once(session, user, body.trade_uuid, "trade.rechargeWallet", place)


# -- selling --------------------------------------------------------------------------------------


def _check_redeemable(fund: Fund, available: Decimal, shares: Decimal) -> None:
    """Shares within what is available, at least the fund's minimum (unless all of it), and
    leaving either nothing or at least the minimum holding."""
    if shares > available:
        raise SharesExceedAvailable(available=f"{available}")
    if shares < fund.min_redeem_shares and shares != available:
        raise SharesBelowMinimum(min=f"{fund.min_redeem_shares}")
    remainder = available - shares
    if 0 < remainder < fund.min_hold_shares:
        raise RemainderBelowMinimum(min=f"{fund.min_hold_shares}")


def _redeem_child(
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
    dates = _dates(get_calendar(), fund, moment, redeem_to)
    takes = _plan_lots(session, holding, shares, trade_day=dates.trade, fund=fund)
    order = _new_order(
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
    _record_lots(session, order, takes)
    return order


def redeem_fund(session: Session, *, user: BrokerUser, body: RedeemFundIn) -> OrderOut:
    """POST /trade/redeemFundByFundCode: 024 on a fund held directly."""
    fa = _financial_account(session, user, body.financial_account_id)
    account = _verified_account(session, user, body.trade_password)

    def place() -> OrderOut:
        fund = _fund(session, body.fund_code)
        if fund.status in NO_REDEEM:
            raise RedeemSuspended()
        moment = now()
        _check_trading_time(get_calendar(), fund, moment)
        card = (
            _payout_card(session, user, account, body.payment_method_id)
            if body.redeem_to == PAY_CARD
            else None
        )
        if body.redeem_to == PAY_WALLET:
            _wallet_fund(session, _broker(session, user))
        holding = repo.holding(session, financial_account_id=fa.id, fund_code=fund.code, lock=True)
        if holding is None or holding.shares <= 0:
            raise NoHolding()
        _check_redeemable(fund, _available(holding), body.shares)
        order = _redeem_child(
            session,
            user=user,
            fa=fa,
            holding=holding,
            fund=fund,
            shares=body.shares,
            moment=moment,
            redeem_to=body.redeem_to,
            card=card,
            order_no=_order_no(moment),
        )
        session.flush()
        return order_out(session, order)

    return _once(session, user, body.trade_uuid, "trade.redeemFund", place)


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
        available = _available(holding)
        if available <= 0:
            continue
        fund = _fund(session, holding.fund_code)
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
    fa = _financial_account(session, user, financial_account_id)
    po = _portfolio(session, po_code)
    sales = _po_sale(session, fa_id=fa.id, po_code=po.code, ratio=ratio, lock=False)
    navs = repo.latest_navs(session, [s.fund.code for s in sales])
    calendar = get_calendar()
    t = rules.trade_date(calendar, now())
    items = []
    for sale in sales:
        nav = navs.get(sale.fund.code) or sale.holding.nav or ZERO
        takes = _plan_lots(session, sale.holding, sale.shares, trade_day=t, fund=sale.fund)
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


def redeem_po(session: Session, *, user: BrokerUser, body: RedeemPoIn) -> OrderOut:
    """POST /trade/redeemPo: a P03 parent over one 024 redemption per component."""
    fa = _financial_account(session, user, body.financial_account_id)
    account = _verified_account(session, user, body.trade_password)

    def place() -> OrderOut:
        po = _portfolio(session, body.po_code)
        sales = _po_sale(session, fa_id=fa.id, po_code=po.code, ratio=body.ratio, lock=True)
        calendar = get_calendar()
        moment = now()
        for sale in sales:
            if sale.fund.status in NO_REDEEM:
                raise RedeemSuspended(f"成分基金{sale.fund.name}暂停赎回，该组合暂时无法卖出")
            _check_trading_time(calendar, sale.fund, moment)
        card = (
            _payout_card(session, user, account, body.payment_method_id)
            if body.redeem_to == PAY_CARD
            else None
        )
        parent_no = _order_no(moment)
        all_dates = [_dates(calendar, s.fund, moment, body.redeem_to) for s in sales]
        parent = _new_order(
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
            trade_share=sum((s.shares for s in sales), ZERO),
            arrival_date=max(d.arrival for d in all_dates),
            redeem_to=body.redeem_to,
            ext_meta_info={"ratio": format(body.ratio.normalize(), "f")},
        )
        session.add(parent)
        session.flush()
        for i, sale in enumerate(sales, start=1):
            _redeem_child(
                session,
                user=user,
                fa=fa,
                holding=sale.holding,
                fund=sale.fund,
                shares=sale.shares,
                moment=moment,
                redeem_to=body.redeem_to,
                card=card,
                order_no=f"{parent_no}{i:02d}",
                parent=parent,
            )
        session.flush()
        return order_out(session, parent)

    return _once(session, user, body.trade_uuid, "trade.redeemPo", place)


def redeem_wallet(session: Session, *, user: BrokerUser, body: RedeemWalletIn) -> OrderOut:
    """POST /trade/redeemWallet: a normal withdrawal W02 (shares frozen, paid to the card on
    T+1 by settlement) or a fast one W03 (paid at once, at most 10 000.00 a user a day)."""
    fa = _financial_account(session, user, body.financial_account_id)
    card = _card(session, user, body.payment_method_id)
    _verified_account(session, user, body.trade_password)

    def place() -> OrderOut:
        broker = _broker(session, user)
        fund = _wallet_fund(session, broker)
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
                raise FastWithdrawLimit(limit=f"{FAST_WITHDRAW_DAILY_LIMIT}", left=f"{left}")
        holding = _check_wallet_funds(_wallet_holding(session, fa), amount, broker)
        dates = _dates(get_calendar(), fund, moment, PAY_WALLET)
        order = _new_order(
            user,
            fa,
            moment,
            dates,
            broker_order_no=_order_no(moment),
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
            _take_wallet_shares(session, order, holding, amount, fund)
            order.nav = WALLET_NAV
            order.confirmed_shares = amount
            order.confirmed_amount = amount
            order.net_amount = amount
            order.confirm_date = moment.date()
            order.confirmed_at = moment.date()
        else:
            takes = _plan_lots(
                session, holding, amount, trade_day=dates.trade, fund=fund, with_fees=False
            )
            holding.frozen_shares += amount
            _record_lots(session, order, takes)
        session.flush()
        if body.fast:
            result = payment_gateway().payout(
                token=card.gateway_token, amount=amount, order_no=order.broker_order_no
            )
            if not result.ok:
                raise PaymentFailed(f"快速取现失败：{result.reason or '银行未返回原因'}")
            record_fast_payout(session, order=order, reference=result.reference)
        return order_out(session, order)

    return _once(session, user, body.trade_uuid, "trade.redeemWallet", place)


# -- cancelling -----------------------------------------------------------------------------------


def _cancellable_order(
    session: Session, user: BrokerUser, body: CancelOrderIn, *, portfolio: bool
) -> TradeOrder:
    order = repo.order_by_no(session, body.broker_order_no, lock=True)
    if order is None or order.broker_user_id != user.id:
        raise NotFound()
    _verified_account(session, user, body.trade_password)
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
        _return_wallet_shares(session, order)
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
        _return_wallet_shares(session, parent)
    parent.confirm_status = PO_CANCELLED
    session.flush()
    if parent.order_code == PO_BUY and parent.pay_method == PAY_CARD:
        _refund(session, parent)
    return order_out(session, parent)


# -- dividends and wallet type ------------------------------------------------------------------


def set_dividend_method(
    session: Session, *, user: BrokerUser, body: DividendMethodIn
) -> DividendMethodOut:
    fa = _financial_account(session, user, body.financial_account_id)
    holding = repo.holding(session, financial_account_id=fa.id, fund_code=body.fund_code)
    if holding is None:
        raise NoHolding("您未持有该基金，无法修改分红方式")
    holding.dividend_method = body.method
    session.flush()
    return DividendMethodOut(fund_code=holding.fund_code, method=holding.dividend_method)


def wallet_type(session: Session, *, user: BrokerUser) -> WalletTypeOut:
    """getUserWalletType: this platform's wallet is the plain wallet (isSuperWalletUser is
    false); the super wallet's funds are listed by the products feature's superWallet shelf."""
    broker = _broker(session, user)
    return WalletTypeOut(
        wallet_type="WALLET", is_super_wallet_user=False, wallet_name=broker.wallet_name
    )


# -- order reads ----------------------------------------------------------------------------------

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
    return _broker(session, user)


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


#: Orders whose shares earn: the purchases (a portfolio's through its parent).
PROFIT_CODES = frozenset({"020", PURCHASE, "039", WALLET_PAID_PURCHASE, "W11", PO_BUY})


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
        _financial_account(session, user, financial_account_id)
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
