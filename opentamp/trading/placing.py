"""What placing any order needs (docs/trading.md): the product and the caller's broker, account
and card, the order number, the buyability and trading-time checks, the purchase fee, the
order's dates, the new order row, the idempotent run and the bank charge. The rules themselves
(dates, fees) are in opentamp/rules/.

Every write is one transaction owned by the request (services only ``flush()``): the checks
run first, then the rows are written and flushed, and the bank is called last, so a refused
charge raises before anything is committed and the request writes nothing. Trade writes run
inside ``core.idempotency.run_once`` (one order per user and tradeUUID); the trade password is
checked before it, since a wrong try is counted (and kept) while the request fails."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.accounts.api import verify_trade_password
from opentamp.core.caller import require_account
from opentamp.core.idempotency import run_once
from opentamp.kit.calendar import TradingCalendar
from opentamp.kit.clock import BEIJING
from opentamp.kit.money import amount_text, round_amount
from opentamp.kit.ownership import owned
from opentamp.kit.schema import TradeWriteIn
from opentamp.models.accounts import Account, FinancialAccount, PaymentMethod
from opentamp.models.appointments import FundOpenPeriod
from opentamp.models.auth import BrokerUser
from opentamp.models.orders import (
    CONVERT,
    PO_BUY,
    PO_SELL,
    PO_WAITING,
    PURCHASE,
    REDEEM,
    WAITING,
    WALLET_PAID_PURCHASE,
    WALLET_RECHARGE,
    WALLET_WITHDRAW,
    TradeOrder,
)
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
from opentamp.rules.targets import TARGET_STRATEGY, purchase_trade_date
from opentamp.trading import repository as repo
from opentamp.trading.errors import (
    AmountAboveCardLimit,
    BuyDisabled,
    OutsideOpenPeriod,
    OutsideTradingTime,
    PaymentFailed,
    PaymentMethodUnavailable,
    PayTypeInvalid,
    ProductNotTradable,
    PurchaseSuspended,
    StrategyNotOnSale,
    WalletNotAvailable,
)
from opentamp.trading.schemas import (
    OrderOut,
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


def tradable_fund(session: Session, code: str) -> Fund:
    fund = repo.fund(session, code)
    if fund is None:
        raise ProductNotTradable()
    return fund


def tradable_portfolio(session: Session, code: str) -> Portfolio:
    po = repo.portfolio(session, code)
    if po is None:
        raise ProductNotTradable()
    return po


def strategy_pricing(
    session: Session, calendar: TradingCalendar, code: str, moment: datetime
) -> tuple[datetime, int | None]:
    """When a purchase of ``code`` is priced, and the strategy period it buys (None for a
    plain portfolio). A target strategy sells in its reservation and build phases only; in
    RESERVE buy mode a reservation is priced on the build phase's first day
    (docs/targets.md "Buying")."""
    sale = repo.strategy_sale(session, code, moment)
    if sale is None:
        return moment, None
    info, phase, period, build_start = sale
    if info.strategy_type != TARGET_STRATEGY:
        return moment, None
    usual = rules.trade_date(calendar, moment)
    day = purchase_trade_date(phase, info.buy_mode, usual, build_start)
    if day is None or period is None:
        raise StrategyNotOnSale()
    if day == usual:
        return moment, period
    return datetime.combine(day, time(9, 30), tzinfo=BEIJING), period


def check_open_period(session: Session, fund: Fund, day: date) -> None:
    """A fund with fixed open periods (定期开放) redeems only on a trade date within one of
    them (docs/appointments.md); a fund without open periods redeems on any trading day."""
    periods = session.execute(
        select(FundOpenPeriod.start_date, FundOpenPeriod.end_date).where(
            FundOpenPeriod.fund_code == fund.code
        )
    ).all()
    if periods and not any(start <= day <= end for start, end in periods):
        raise OutsideOpenPeriod()


def wallet_fund_of(session: Session, broker: Broker) -> Fund:
    fund = repo.fund(session, WALLET_FUND_CODE)
    if fund is None:
        raise WalletNotAvailable(wallet=broker.wallet_name)
    return fund


def financial_account_of(session: Session, user: BrokerUser, fa_id: int) -> FinancialAccount:
    return owned(session, FinancialAccount, fa_id, owner_id=user.id)


def paying_card(session: Session, user: BrokerUser, payment_method_id: int | None) -> PaymentMethod:
    if payment_method_id is None:
        raise PayTypeInvalid()
    card = owned(session, PaymentMethod, payment_method_id, owner_id=user.id)
    if card.status != "bound":
        raise PaymentMethodUnavailable()
    return card


def payout_card(
    session: Session, user: BrokerUser, account: Account, payment_method_id: int | None
) -> PaymentMethod:
    """The card redemption cash goes to: the one named, or the first bound card."""
    if payment_method_id is not None:
        return paying_card(session, user, payment_method_id)
    card = repo.first_bound_card(session, account.id)
    if card is None:
        raise PaymentMethodUnavailable("请先绑定银行卡")
    return card


def new_order_no(moment: datetime) -> str:
    """A readable unique order number: the Beijing date and time of the application and 12
    random digits (26 characters; a portfolio's children add two digits to their parent's)."""
    return f"{moment.astimezone(BEIJING):%Y%m%d%H%M%S}{secrets.randbelow(10**12):012d}"


def check_buyable(
    session: Session, user: BrokerUser, broker: Broker, *, code: str, status: str, name: str = ""
) -> None:
    if status in NO_BUY:
        raise PurchaseSuspended(f"{name}暂停申购，暂时无法购买" if name else None)
    if broker.is_disable_buy or repo.disables_buying(session, user.broker_id, code):
        raise BuyDisabled()


def check_trading_time(calendar: TradingCalendar, fund: Fund, moment: datetime) -> None:
    if rules.in_trade_limit(
        moment,
        fund.trade_limit_start,
        fund.trade_limit_end,
        is_trading_day=calendar.is_trading_day(moment.date()),
    ):
        # both are set when the limit applies; "14:30:00" is written 14:30, as the notice does
        start, end = fund.trade_limit_start or "", fund.trade_limit_end or ""
        raise OutsideTradingTime(start=start[:5], end=end[:5])


def purchase_fee_of(session: Session, fund: Fund, amount: Decimal) -> rules.PurchaseFee:
    return rules.purchase_fee(
        amount,
        repo.purchase_tiers(session, fund.code),
        discount=fund.purchase_discount,
        money_market=fund.is_money_market,
    )


@dataclass(frozen=True)
class OrderDates:
    trade: date
    confirm: date
    profit: date
    arrival: date


def order_dates(
    calendar: TradingCalendar, fund: Fund, moment: datetime, redeem_to: str
) -> OrderDates:
    t = rules.trade_date(calendar, moment)
    confirm = rules.confirm_date(calendar, t, fund.confirm_days)
    return OrderDates(
        trade=t,
        confirm=confirm,
        profit=rules.profit_date(calendar, confirm),
        arrival=rules.arrival_date(
            calendar,
            t,
            redeem_to=redeem_to,
            redeem_settle_days=fund.redeem_settle_days,
            confirm_days=fund.confirm_days,
        ),
    )


def new_order(
    user: BrokerUser, fa: FinancialAccount, moment: datetime, dates: OrderDates, **fields: object
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


def once(
    session: Session,
    user: BrokerUser,
    body: TradeWriteIn,
    action: str,
    place: Callable[[], OrderOut],
) -> OrderOut:
    """An order-placing write at most once per (user, tradeUUID); the tradeUUID sent again
    with another body is refused (docs/architecture.md#transport)."""
    return run_once(
        session,
        user_id=user.id,
        trade_uuid=body.trade_uuid,
        action=action,
        request=body,
        schema=OrderOut,
        run=place,
    )


def above_card_limit(card: PaymentMethod, amount: Decimal) -> bool:
    """A charge of ``amount`` to ``card`` above the card's single-payment limit (单笔限额, the
    figure the buy and recharge screens show under the card), which the bank refuses: the one
    rule of every card charge, a purchase's, a recharge's, a plan's period's, a follow's buy."""
    return amount > card.single_limit


def check_card_limit(card: PaymentMethod, amount: Decimal) -> None:
    """60025 超过银行卡单笔支付限额 {limit} 元 for a charge of ``amount`` to ``card`` above its
    single-payment limit. The purchases and the recharge make it before they write anything
    (no order, no idempotent run); :func:`charge` makes it again, so no charge ever passes it."""
    if above_card_limit(card, amount):
        raise AmountAboveCardLimit(limit=amount_text(card.single_limit))


def largest_charge_above_limit(
    card: PaymentMethod, amount: Decimal, multiple: Decimal
) -> Decimal | None:
    """The largest charge of a recurring buy of ``amount`` by ``card``, ``amount × multiple``
    half-up to the cent as it is charged (a smart plan's period at its biggest multiplier, a
    follow's buy at the strongest signal's multiple, 1 for a plain plan), when it is above the
    card's single-payment limit (:func:`above_card_limit`); None when every charge fits. Each
    feature refuses it with its own error when the plan is set, not on the day the bank would."""
    most = round_amount(amount * multiple)
    return most if above_card_limit(card, most) else None


def charge(card: PaymentMethod, amount: Decimal, order_no: str) -> None:
    """The bank charge of an order paid by ``card``, never above its single-payment limit
    (:func:`check_card_limit`, 60025, made before the bank is called, as the bank would
    refuse it)."""
    check_card_limit(card, amount)
    charge_token(card.gateway_token, amount, order_no)


def charge_token(token: str, amount: Decimal, order_no: str) -> None:
    """The bank charge of an order paid by the card of ``token``; a refusal raises 60xxx
    PaymentFailed with the bank's reason."""
    result = payment_gateway().charge(token=token, amount=amount, order_no=order_no)
    if not result.ok:
        raise PaymentFailed(reason=result.reason or "银行未返回原因")


def verified_account(session: Session, user: BrokerUser, password: str) -> Account:
    return verified(session, require_account(session, user), password)


def verified(session: Session, account: Account, password: str) -> Account:
    """``account`` (the caller's, read in this transaction) once ``password`` is its trade
    password."""
    verify_trade_password(session, account, password=password)
    return account
