"""The follows of a day's signals (docs/signals.md#the-daily-follow).

``signals.follow`` runs for trading day D inside the pipeline's one transaction (order 18:
after the market published D's NAVs and the plans placed theirs, before settlement at 20):

1. **Records.** Every OPEN plan on a product with a signal dated D gets one follow record
   (``INSERT … SELECT … ON CONFLICT DO NOTHING``: unique per plan and signal), carrying the
   plan's base amount, the signal's multiple and the amount ``base × multiple`` (the SQL twin of
   ``rules.signals.follow_amount``; nothing for a sell signal). The checks a whole set can make
   in the same statement fail a record at once: the product 暂停申购 (a buy) or 暂停赎回 (a sell).
2. **Orders.** Each record still pending becomes an order through trading's ordinary purchase
   and sale (``place_po_buy``, ``place_po_sell``): the product's and its components' status,
   the minimum, the trading time, suitability (as confirmed when the plan was set up), the
   wallet's balance or the card's charge, the fee of each component; a sell signal sells its
   part of the holding as a signal sell order (isSignalSellOrder), the cash to the wallet (a
   wallet-paid plan) or the plan's card. The order is booked at 09:30 of D (the morning's run,
   as the plans' are), so it is priced at NAV_D and confirmed by settlement on D + the fund's
   confirm days. Its tradeUUID is ``SIGNAL{planId}-{sigId}``; a refusal is the record's
   reason (FAIL), in a savepoint, so one follower's refusal leaves the others' orders.

A record is made once per plan and signal, and D's pending records are all settled before the
step ends, so running D again changes nothing. A signal published for today before the cut-off
is followed at once (:func:`follow_now`, the orders booked at the publication's moment);
its day's run then finds nothing left to do.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

from sqlalchemy import Date, String, and_, case, cast, func, literal, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.core.calendar import get_calendar
from opentamp.core.caller import require_account
from opentamp.core.events import DELIVER_TASK, FOLLOW_EXECUTED, record_events
from opentamp.core.tasks import defer, definitions
from opentamp.db import AwareDateTime
from opentamp.errors import AppError
from opentamp.kit.clock import BEIJING, as_beijing, now
from opentamp.kit.money import SqlMoney, fig
from opentamp.kit.schema import TradeWriteIn
from opentamp.models.accounts import FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import ProductSignal
from opentamp.models.orders import PAY_CARD, PAY_WALLET, TradeOrder
from opentamp.models.products import STATUS_STOP_REDEEM, STATUS_STOP_TRADE, Portfolio
from opentamp.models.signals import (
    FOLLOW_FAIL,
    FOLLOW_SUCCESS,
    OPEN,
    SignalFollowPlan,
    SignalFollowRecord,
)
from opentamp.rules import signals as signal_rules
from opentamp.trading import api as trading

#: A day's follows are booked at the morning's run, as the plans' orders are.
FOLLOW_TIME = time(9, 30)
PENDING = "PENDING"
FAIL_BUY_SUSPENDED = "产品暂停申购"
FAIL_SELL_SUSPENDED = "产品暂停赎回"
NO_SELL = (STATUS_STOP_REDEEM, STATUS_STOP_TRADE)


class FollowOrderIn(TradeWriteIn):
    """The body a follow's order is fingerprinted by (its tradeUUID: plan and signal)."""

    follow_plan_id: int
    sig_id: str
    amount: Decimal
    part: Decimal


@dataclass
class FollowReport:
    recorded: int = 0
    ordered: int = 0
    failed: int = 0

    def __str__(self) -> str:
        return f"recorded {self.recorded}, ordered {self.ordered}, failed {self.failed}"


def trade_uuid(plan_id: int, sig_id: str) -> str:
    return f"SIGNAL{plan_id}-{sig_id}"


def follow_day(session: Session, day: date) -> FollowReport:
    """Record and place the follows of D's signals (module docstring)."""
    moment = datetime.combine(day, FOLLOW_TIME, tzinfo=BEIJING)
    return _follow(session, day, moment, sig_id=None)


def follow_now(session: Session, signal: ProductSignal) -> FollowReport | None:
    """The follows of a signal published for today before the cut-off, at once; None when its
    day's pipeline will place them."""
    moment = now()
    local = as_beijing(moment)
    if signal.sig_date != local.date() or local >= rules.cut_off(signal.sig_date):
        return None
    return _follow(session, signal.sig_date, moment, sig_id=signal.sig_id)


def _follow(
    session: Session,
    day: date,
    moment: datetime,
    *,
    sig_id: str | None,
    refuse_set: bool = True,
) -> FollowReport:
    session.flush()
    report = FollowReport()
    _record(session, day, sig_id)
    r = SignalFollowRecord
    where = [r.follow_date == day]
    if sig_id is not None:
        where.append(r.sig_id == sig_id)
    if refuse_set:
        _refuse_buys(session, where, moment)
    pending = session.scalars(select(r).where(*where, r.status == PENDING).order_by(r.id)).all()
    for record in pending:
        _place(session, record, moment)
    _record_events(session, where, moment.date())
    counts = dict(
        session.execute(select(r.status, func.count()).where(*where).group_by(r.status)).all()
    )
    report.ordered = int(counts.get(FOLLOW_SUCCESS, 0))
    report.failed = int(counts.get(FOLLOW_FAIL, 0))
    report.recorded = report.ordered + report.failed
    return report


def _record(session: Session, day: date, sig_id: str | None) -> None:
    """Step 1: one record per OPEN plan and signal of D, failed at once when the product is
    suspended for the signal's side."""
    m = SqlMoney.of(session)
    p, s, po = SignalFollowPlan, ProductSignal, Portfolio
    is_buy = s.signal_type == "BUY"
    amount = case(
        (
            is_buy,
            signal_rules.follow_amount_sql(m, fig(p.base_amount), fig(s.auto_follow_buy_rate)),
        ),
        else_=literal(0) if m.sqlite else literal(Decimal("0.00")),
    )
    reason = case(
        (and_(is_buy, po.status.in_(tuple(trading.NO_BUY))), FAIL_BUY_SUSPENDED),
        (and_(~is_buy, po.status.in_(NO_SELL)), FAIL_SELL_SUSPENDED),
        else_="",
    )
    stamp = now()
    rows = (
        select(
            p.id,
            s.sig_id,
            p.broker_user_id,
            p.financial_account_id,
            p.product_code,
            s.signal_type,
            literal(day),
            p.base_amount,
            s.auto_follow_buy_rate,
            amount,
            case((reason == "", PENDING), else_=FOLLOW_FAIL),
            reason,
            literal(stamp, SignalFollowRecord.created_at.type),
            literal(stamp, SignalFollowRecord.created_at.type),
        )
        .join(s, and_(s.product_code == p.product_code, s.sig_date == day))
        .join(po, po.code == p.product_code)
        .where(p.status == OPEN)
    )
    if sig_id is not None:
        rows = rows.where(s.sig_id == sig_id)
    table = SignalFollowRecord.__table__
    stmt = (
        (sqlite_insert if m.sqlite else pg_insert)(table)  # type: ignore[arg-type]
        .from_select(
            [
                "plan_id",
                "sig_id",
                "broker_user_id",
                "financial_account_id",
                "product_code",
                "signal_type",
                "follow_date",
                "base_amount",
                "multiple",
                "amount",
                "status",
                "fail_reason",
                "created_at",
                "updated_at",
            ],  # fmt: skip
            rows,
        )
        .on_conflict_do_nothing(index_elements=["plan_id", "sig_id"])
    )
    session.execute(stmt, execution_options={"synchronize_session": False})


def _record_events(session: Session, where: list[Any], day: date) -> None:
    """Step 3's notices: one ``follow.executed`` event per followed record (key plan:signal,
    the order's number, the product's name), in one ``INSERT … SELECT``; one delivery task
    delivers them (docs/notices.md)."""
    r = SignalFollowRecord
    rows = (
        select(
            literal(f"{FOLLOW_EXECUTED}:") + cast(r.plan_id, String) + literal(":") + r.sig_id,
            literal(FOLLOW_EXECUTED),
            BrokerUser.broker_id,
            r.broker_user_id,
            TradeOrder.broker_order_no,
            func.coalesce(Portfolio.name, r.product_code),
            case((r.signal_type == "BUY", r.amount), else_=None),
            r.signal_type,
            literal(day, Date),
            literal(now(), AwareDateTime()),
        )
        .join(BrokerUser, BrokerUser.id == r.broker_user_id)
        .join(TradeOrder, TradeOrder.id == r.order_id)
        .outerjoin(Portfolio, Portfolio.code == r.product_code)
        .where(*where, r.status == FOLLOW_SUCCESS)
    )
    if record_events(session, rows):
        deliver = definitions().get(DELIVER_TASK)
        if deliver is not None:
            defer(session, deliver, key=f"{DELIVER_TASK}:{FOLLOW_EXECUTED}:{day}")


def _refuse_buys(session: Session, where: list[Any], moment: datetime) -> None:
    """Step 2a: the purchase rules one signal decides for all its followers, applied to the
    set: each buy signal's components and their trading time (checked once, with trading's
    own checks and messages; a refusal fails every pending record of the signal in one
    UPDATE), then the product's minimum purchase (one UPDATE of the records below it). What
    is left depends on the follower (docs/signals.md#the-daily-follow)."""
    r = SignalFollowRecord
    pending = [*where, r.status == PENDING, r.signal_type == "BUY"]
    stamp = now()
    signals = session.execute(select(r.sig_id, r.product_code).where(*pending).distinct()).all()
    calendar = get_calendar()
    for sig, code in signals:
        mine = [*pending, r.sig_id == sig]
        try:
            po = trading.tradable_portfolio(session, code)
            comps = trading.components(session, code)
            if not comps:
                raise trading.ProductNotTradable("该组合暂无成分基金，暂时无法交易")
            for _comp, fund in comps:
                if fund.status in trading.NO_BUY:
                    raise trading.PurchaseSuspended(
                        f"成分基金{fund.name}暂停申购，该组合暂时无法购买"
                    )
                trading.check_trading_time(calendar, fund, moment)
        except AppError as exc:
            session.execute(
                update(r)
                .where(*mine)
                .values(status=FOLLOW_FAIL, fail_reason=exc.message, updated_at=stamp),
                execution_options={"synchronize_session": False},
            )
            continue
        below = trading.AmountBelowMinimum(min=f"{po.min_purchase_amount}").message
        session.execute(
            update(r)
            .where(*mine, r.amount < po.min_purchase_amount)
            .values(status=FOLLOW_FAIL, fail_reason=below, updated_at=stamp),
            execution_options={"synchronize_session": False},
        )


def _place(session: Session, record: SignalFollowRecord, moment: datetime) -> None:
    """Step 2 for one record: the order through the ordinary purchase or sale, or the reason."""
    plan = session.get(SignalFollowPlan, record.plan_id)
    user = session.get(BrokerUser, record.broker_user_id)
    fa = session.get(FinancialAccount, record.financial_account_id)
    assert plan is not None and user is not None and fa is not None
    body = FollowOrderIn(
        trade_uuid=trade_uuid(plan.id, record.sig_id),
        follow_plan_id=plan.id,
        sig_id=record.sig_id,
        amount=record.amount,
        part=record.multiple,
    )
    meta: dict[str, Any] = {"signalFollowPlanId": plan.id, "sigId": record.sig_id}

    def place() -> trading.OrderOut:
        account = require_account(session, user)
        if record.signal_type == "BUY":
            card = (
                trading.paying_card(session, user, plan.payment_method_id)
                if plan.pay_type == PAY_CARD
                else None
            )
            order = trading.place_po_buy(
                session,
                user=user,
                account=account,
                fa=fa,
                card=card,
                po_code=record.product_code,
                amount=record.amount,
                pay_type=plan.pay_type,
                risk_confirmed=plan.risk_confirmed,
                moment=moment,
                ext_meta_info=meta,
            )
        else:
            order = trading.place_po_sell(
                session,
                user=user,
                account=account,
                fa=fa,
                po_code=record.product_code,
                ratio=record.multiple,
                redeem_to=PAY_WALLET if plan.pay_type == PAY_WALLET else PAY_CARD,
                payment_method_id=plan.payment_method_id,
                moment=moment,
                signal_sell=True,
                ext_meta_info=meta,
            )
        return trading.order_out(session, order)

    try:
        with session.begin_nested():
            out = trading.once(session, user, body, "signal.follow", place)
    except AppError as exc:
        record.status = FOLLOW_FAIL
        record.fail_reason = exc.message
    else:
        record.status = FOLLOW_SUCCESS
        record.order_id = session.scalar(
            select(TradeOrder.id).where(TradeOrder.broker_order_no == out.broker_order_no)
        )
    record.updated_at = now()
    session.flush()


__all__ = ["follow_day", "follow_now", "trade_uuid"]
