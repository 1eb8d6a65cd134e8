"""The demo user's trading history (docs/demo.md): some months of orders placed through the real
trade calls on a stopped clock, each trading day settled by the real settlement step, so every
holding, lot, profit row and order status in the demo world is one the system itself produced.

李明 (13800138000) ends with, in 默认账户, a wallet, a stock fund partly redeemed, a bond fund
bought from the wallet, a portfolio, a cancelled order and a purchase still awaiting
confirmation (当前资产待确认); in 养老钱 an index fund bought and sold again (已清仓); in 子女教育
a short-term bond fund.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.core.calendar import get_calendar
from opentamp.core.market_day import market_date
from opentamp.demo import advisory as advisory_demo
from opentamp.demo import pension as pension_demo
from opentamp.demo import plans as plans_demo
from opentamp.demo import robo as robo_demo
from opentamp.demo import signals as signals_demo
from opentamp.demo import targets as targets_demo
from opentamp.demo.accounts import DEMO_TRADE_PASSWORD
from opentamp.demo.world import DemoWorld
from opentamp.kit.clock import BEIJING, frozen, now
from opentamp.models.accounts import Account, FinancialAccount, PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding
from opentamp.payments.payouts import pay_out
from opentamp.plans.api import execute_due, take_profit
from opentamp.settlement.service import settle_day
from opentamp.signals.api import follow_day
from opentamp.trading import buying, cancelling, selling
from opentamp.trading.schemas import (
    BuyFundIn,
    BuyPoIn,
    CancelOrderIn,
    RechargeWalletIn,
    RedeemFundIn,
    RedeemWalletIn,
)

#: How many trading days before the market date the history starts.
HISTORY_DAYS = 70

Action = Callable[[Session, "_Demo"], None]


class _Demo:
    def __init__(self, session: Session, user: BrokerUser) -> None:
        self.user = user
        accounts = session.scalars(
            select(FinancialAccount)
            .where(FinancialAccount.broker_user_id == user.id)
            .order_by(FinancialAccount.sort_order)
        ).all()
        self.fa = {a.name: a.id for a in accounts}
        self.card = session.scalars(
            select(PaymentMethod.id)
            .where(PaymentMethod.broker_user_id == user.id, PaymentMethod.bank_no == "002")
            .limit(1)
        ).one()
        self.count = 0

    def uuid(self) -> str:
        self.count += 1
        return f"demo-history-{self.count:04d}"


#: The demo user opened his account and bound his cards this many days before his history.
OPENED_DAYS_BEFORE = 14


def _opened_before(session: Session, user: BrokerUser, start: date) -> None:
    """Date the demo user's account, its own financial accounts, his cards and his pension
    account (开户日期, 绑定日期) before the history that follows, not on the day the world was
    seeded."""
    opened = datetime.combine(start - timedelta(days=OPENED_DAYS_BEFORE), time(9, 0), BEIJING)
    for account in session.scalars(select(Account).where(Account.broker_user_id == user.id)):
        account.created_at = opened
    for fa in session.scalars(
        select(FinancialAccount).where(
            FinancialAccount.broker_user_id == user.id,
            FinancialAccount.type.in_(("default", "normal")),
        )
    ):
        fa.created_at = opened
    for card in session.scalars(
        select(PaymentMethod).where(PaymentMethod.broker_user_id == user.id)
    ):
        card.created_at = opened
        if card.is_signed:
            card.signed_at = opened
    pension_demo.opened_before(session, user, opened)
    session.flush()


def _money(value: str) -> Decimal:
    return Decimal(value)


def _open_and_recharge(session: Session, d: _Demo) -> None:
    buying.open_wallet(session, user=d.user, financial_account_id=d.fa["默认账户"])
    buying.recharge_wallet(
        session,
        user=d.user,
        body=RechargeWalletIn(
            financial_account_id=d.fa["默认账户"],
            amount=_money("50000.00"),
            payment_method_id=d.card,
            trade_password=DEMO_TRADE_PASSWORD,
            trade_uuid=d.uuid(),
        ),
    )


def _place(session: Session, d: _Demo, account: str, code: str, amount: str, pay: str) -> str:
    """A fund purchase; its order number."""
    return buying.buy_fund(
        session,
        user=d.user,
        body=BuyFundIn(
            financial_account_id=d.fa[account],
            fund_code=code,
            amount=_money(amount),
            pay_type=pay,
            payment_method_id=d.card if pay == "card" else None,
            trade_password=DEMO_TRADE_PASSWORD,
            trade_uuid=d.uuid(),
        ),
    ).broker_order_no


def _buy(account: str, code: str, amount: str, pay: str = "card") -> Action:
    def act(session: Session, d: _Demo) -> None:
        _place(session, d, account, code, amount, pay)

    return act


def _buy_po(account: str, code: str, amount: str) -> Action:
    def act(session: Session, d: _Demo) -> None:
        buying.buy_po(
            session,
            user=d.user,
            body=BuyPoIn(
                financial_account_id=d.fa[account],
                po_code=code,
                amount=_money(amount),
                payment_method_id=d.card,
                trade_password=DEMO_TRADE_PASSWORD,
                trade_uuid=d.uuid(),
            ),
        )

    return act


def _redeem(account: str, code: str, shares: str | None) -> Action:
    """Redeem ``shares`` (all available when None) to the card."""

    def act(session: Session, d: _Demo) -> None:
        amount = shares if shares is not None else f"{_available(session, d, account, code)}"
        selling.redeem_fund(
            session,
            user=d.user,
            body=RedeemFundIn(
                financial_account_id=d.fa[account],
                fund_code=code,
                shares=_money(amount),
                payment_method_id=d.card,
                trade_password=DEMO_TRADE_PASSWORD,
                trade_uuid=d.uuid(),
            ),
        )

    return act


def _available(session: Session, d: _Demo, account: str, code: str) -> Decimal:
    return session.scalars(
        select(Holding.shares - Holding.frozen_shares).where(
            Holding.financial_account_id == d.fa[account],
            Holding.fund_code == code,
            Holding.portfolio_code == "",
        )
    ).one()


def _withdraw(amount: str) -> Action:
    def act(session: Session, d: _Demo) -> None:
        selling.redeem_wallet(
            session,
            user=d.user,
            body=RedeemWalletIn(
                financial_account_id=d.fa["默认账户"],
                amount=_money(amount),
                payment_method_id=d.card,
                trade_password=DEMO_TRADE_PASSWORD,
                trade_uuid=d.uuid(),
            ),
        )

    return act


def _buy_and_cancel(account: str, code: str, amount: str) -> Action:
    def act(session: Session, d: _Demo) -> None:
        order_no = _place(session, d, account, code, amount, "card")
        cancelling.cancel_fund_order(
            session,
            user=d.user,
            body=CancelOrderIn(broker_order_no=order_no, trade_password=DEMO_TRADE_PASSWORD),
        )

    return act


#: Trading day offset from the start of the history → what 李明 does that morning.
PLAN: dict[int, list[Action]] = {
    0: [_open_and_recharge],
    1: [_buy("默认账户", "004101", "20000.00")],
    2: [_buy_po("默认账户", "ZH000001", "10000.00")],
    3: [_buy("养老钱", "005601", "8000.00")],
    5: [_buy("默认账户", "002301", "5000.00", pay="wallet")],
    10: [_buy("子女教育", "002201", "3000.00")],
    20: [_redeem("默认账户", "004101", "5000.00")],
    40: [_redeem("养老钱", "005601", None)],
    50: [_withdraw("2000.00")],
    60: [_buy_and_cancel("默认账户", "003304", "1000.00")],
}


def seed_trading(session: Session, world: DemoWorld) -> None:
    """Place the plan day by day up to the market date, settling each day and paying out what
    reaches a card that day (as the daily pipeline does); then leave one purchase of today
    awaiting confirmation."""
    demo = _Demo(session, world.users["demo"])
    end = market_date(session)
    if end is None:  # pragma: no cover - the market step records it
        return
    calendar = get_calendar()
    start = calendar.add_trading_days(end, -HISTORY_DAYS)
    _opened_before(session, demo.user, start)
    plans: plans_demo.Created = {}
    days = list(calendar.trading_days(start, end))
    this_year = [d for d in days if d.year == end.year]
    for offset, day in enumerate(days):
        with frozen(datetime.combine(day, time(10, 0), tzinfo=BEIJING)):
            for action in PLAN.get(offset, []):
                action(session, demo)
            pension_demo.pension_day(session, demo.user, demo.card, day, this_year)
            for plan_action in plans_demo.PLANS.get(offset, []):
                plan_action(session, demo.user, demo.fa, demo.card, plans)
            for follow_action in signals_demo.FOLLOWS.get(offset, []):
                follow_action(session, demo.user, demo.fa, demo.card)
            for advisory_action in advisory_demo.ACTIONS.get(offset, []):
                advisory_action(session, demo.user)
            for robo_action in robo_demo.ACTIONS.get(offset, []):
                robo_action(session, demo.user)
            targets_demo.morning(session, demo.user, demo.fa, demo.card, offset, day)
        session.flush()
        # The day's pipeline after the NAVs: appointments (12), target phases (16), plans (17),
        # signal follows (18), advisory adjustments (19), settlement (20), take-profit (25), stop
        # profit (26), payouts (30), advisory outcomes, accruals and charges (39-41).
        # All of it on the evening of the day, as the pipeline runs: what it records (the
        # events behind the notices of confirmations and payouts) is dated that evening.
        with frozen(datetime.combine(day, time(20, 0), tzinfo=BEIJING)):
            targets_demo.before_settlement(session, day)
            execute_due(session, day)
            follow_day(session, day)
            advisory_demo.before_settlement(session, day)
            settle_day(session, day=day)
            take_profit(session, day)
            targets_demo.after_settlement(session, day)
            pay_out(session, day=day)
            advisory_demo.daily(session, day)
    # Today's purchase: priced at a NAV not yet published, so it shows 当前资产待确认.
    with frozen(max(now(), datetime.combine(end, time(20, 30), tzinfo=BEIJING))):
        _buy("默认账户", "003302", "1000.00")(session, demo)
    session.flush()
