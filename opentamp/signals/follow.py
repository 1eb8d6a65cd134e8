"""The follows of a day's signals (docs/signals.md#the-daily-follow).

``signals.follow`` runs for trading day D inside the pipeline's one transaction (order 18:
after the market published D's NAVs and the plans placed theirs, before settlement at 20):

1. **Records.** Every OPEN plan on a product with a signal dated D gets one follow record
   (``INSERT … SELECT … ON CONFLICT DO NOTHING``: unique per plan and signal), carrying the
   plan's base amount, the signal's multiple and the amount ``base × multiple`` (the SQL twin of
   ``rules.signals.follow_amount``; nothing for a sell signal). The checks a whole set can make
   in the same statement fail a record at once: the product 暂停申购 (a buy) or 暂停赎回 (a sell).
2. **Set refusals and set orders.** What a signal decides for all its followers (components,
   trading time, minimum) fails records in one UPDATE each; the buys of followers within their
   grade, by card or from the wallet, are placed as a set (:func:`_place_buys`), and so are the
   sells of a sell signal (:func:`_place_sells`), equal to the cent to the orders placed one
   by one (tests/signals/test_follow_parity.py).
3. **Orders one by one.** Each record still pending (what needs Python per order: suitability to
   record, a wallet short of the amount, a card not bound…) becomes an order through trading's
   ordinary purchase and sale (``place_po_buy``, ``place_po_sell``): the product's and its
   components' status, the minimum, the trading time, suitability (as confirmed when the plan
   was set up), the wallet's balance or the card's charge, the fee of each component; a sell
   signal sells its part of the holding as a signal sell order (isSignalSellOrder), the cash to
   the wallet (a wallet-paid plan) or the plan's card. The order is booked at 09:30 of D (the
   morning's run, as the plans' are), so it is priced at NAV_D and confirmed by settlement on D
   + the fund's confirm days. Its tradeUUID is ``SIGNAL{planId}-{sigId}``; a refusal is the
   record's reason (FAIL), in a savepoint, so one follower's refusal leaves the others' orders.

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

from sqlalchemy import (
    BigInteger,
    Column,
    ColumnElement,
    Date,
    String,
    Table,
    and_,
    case,
    cast,
    delete,
    exists,
    func,
    insert,
    literal,
    null,
    or_,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session, aliased

from opentamp import rules
from opentamp.core.calendar import get_calendar
from opentamp.core.caller import require_account
from opentamp.core.events import FOLLOW_EXECUTED, deliver_soon, record_events
from opentamp.core.idempotency import request_fingerprint
from opentamp.db import AwareDateTime
from opentamp.errors import AppError
from opentamp.kit.clock import BEIJING, as_beijing, now
from opentamp.kit.money import Fig, Rate, Shares, SqlMoney, amount_text, fig
from opentamp.kit.schema import TradeWriteIn
from opentamp.kit.sets import analyze, scratch
from opentamp.models.accounts import Account, FinancialAccount, PaymentMethod
from opentamp.models.auth import BrokerUser, TradeRequest
from opentamp.models.catalogue import ProductShelf, ProductSignal
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.models.orders import (
    PAID,
    PAY_CARD,
    PAY_WALLET,
    PO_BUY,
    PO_SELL,
    PO_WAITING,
    PURCHASE,
    REDEEM,
    WAITING,
    WALLET_PAID_PURCHASE,
    OrderLot,
    TradeOrder,
)
from opentamp.models.platform import Broker
from opentamp.models.products import (
    STATUS_STOP_REDEEM,
    STATUS_STOP_TRADE,
    WALLET_FUND_CODE,
    Fund,
    Portfolio,
)
from opentamp.models.queries import fee_tiers
from opentamp.models.signals import (
    FOLLOW_FAIL,
    FOLLOW_SUCCESS,
    OPEN,
    SignalFollowPlan,
    SignalFollowRecord,
)
from opentamp.rules import signals as signal_rules
from opentamp.rules.suitability import SURVEY_VALID_YEARS
from opentamp.signals.errors import SignalAlreadySold
from opentamp.signals.repository import sold_by_signal
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
        _place_buys(session, where, moment)
        _place_sells(session, where, moment)
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
        deliver_soon(session, f"{FOLLOW_EXECUTED}:{day}")


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
        below = trading.AmountBelowMinimum(min=amount_text(po.min_purchase_amount)).message
        session.execute(
            update(r)
            .where(*mine, r.amount < po.min_purchase_amount)
            .values(status=FOLLOW_FAIL, fail_reason=below, updated_at=stamp),
            execution_options={"synchronize_session": False},
        )


#: The columns a set-placed order is inserted with.
ORDER_COLUMNS = [
    "broker_order_no", "broker_user_id", "account_id", "financial_account_id", "parent_id",
    "order_code", "fund_code", "portfolio_code", "confirm_status", "pay_status", "pay_method",
    "payment_method_id", "trade_amount", "trade_share", "apply_time", "trade_date",
    "confirm_date", "fee_rate", "fee", "net_amount", "confirmed_shares", "confirmed_amount",
    "redeem_to", "ext_meta_info", "is_signal_sell_order", "fail_reason", "created_at",
    "updated_at",
]  # fmt: skip


def _order_no(m: SqlMoney, stamp: str, number: Any, width: int = 12) -> ColumnElement[str]:
    """A set-placed follow's order number: the moment (as ``new_order_no``) and the record's
    id in the twelve digits a hand-placed order draws at random; a child's two digits."""
    padded = (
        func.printf(f"%0{width}d", number)
        if m.sqlite
        else func.lpad(cast(number, String), width, "0")
    )
    return literal(stamp) + padded


def _place_buys(session: Session, where: list[Any], moment: datetime) -> None:
    """Step 3, set-based: the buys of followers within their grade, by card or from the
    wallet, placed for the whole signal in a few ``INSERT … SELECT``s
    (docs/signals.md#what-is-set-based-and-what-is-not).

    The rules are trading's: the split and each part's fee come from ``split_po``, computed
    once per distinct amount (base × the signal's one multiple: few amounts); the dates from
    ``order_dates`` once per component; the wallet's shares leave by trading's set twin of
    ``take_wallet_shares`` (first in first out). Followers whose purchase needs Python per
    order stay pending for :func:`_place`: a product above their grade or no valid survey
    (``judge_risk`` refuses or records the confirmation), a card not bound or not theirs, a
    broker that disables buying, a wallet short of the amount (trading's refusal and its
    message), a wallet paying an earlier follow of the day still pending (the follows of one
    wallet are taken in the order of their records). The bank is charged once per card order
    after the rows are written; a refused charge fails its record and removes its order."""
    r = SignalFollowRecord
    pending = [*where, r.status == PENDING, r.signal_type == "BUY"]
    signals = session.execute(
        select(r.sig_id, r.product_code).where(*pending).distinct().order_by(r.sig_id)
    ).all()
    calendar = get_calendar()
    wallet_fund = session.get(Fund, WALLET_FUND_CODE)
    for sig, code in signals:
        try:
            po = trading.tradable_portfolio(session, code)
            priced_at, period = trading.strategy_pricing(session, calendar, code, moment)
        except AppError:
            continue  # the per-order path answers it
        if period is not None:
            continue  # a strategy's period: the per-order path
        comps = trading.components(session, code)
        dates = {f.code: trading.order_dates(calendar, f, priced_at, PAY_CARD) for _c, f in comps}
        pays = (PAY_CARD, PAY_WALLET) if wallet_fund is not None else (PAY_CARD,)
        for pay in pays:
            chosen = _choose(session, sig, po, pay, moment)
            if chosen is None:
                continue
            _insert_buys(session, chosen, po, pay, dates, moment)
            _settle_buys(session, chosen, sig, pay)
            chosen.drop(session.connection())


def _choose(session: Session, sig: str, po: Portfolio, pay: str, moment: datetime) -> Table | None:
    """The pending buys of ``sig`` paid by ``pay`` the set places, materialised (the wallet's
    own check no longer holds once its shares are taken); None when there are none."""
    m = SqlMoney.of(session)
    e, p, a, pm, h = SignalFollowRecord, SignalFollowPlan, Account, PaymentMethod, Holding
    fa, u, b = FinancialAccount, BrokerUser, Broker
    local = as_beijing(moment)
    try:
        threshold = local.replace(year=local.year - SURVEY_VALID_YEARS)
    except ValueError:  # 29 February
        threshold = local.replace(year=local.year - SURVEY_VALID_YEARS, day=28)
    eligible = (
        select(e.id)
        .join(p, p.id == e.plan_id)
        .join(fa, and_(fa.id == e.financial_account_id, fa.broker_user_id == e.broker_user_id))
        .join(a, a.broker_user_id == e.broker_user_id)
        .join(u, u.id == e.broker_user_id)
        .join(b, b.id == u.broker_id)
        .where(
            e.sig_id == sig,
            e.status == PENDING,
            e.signal_type == "BUY",
            p.pay_type == pay,
            a.status != "closed",
            a.holder_type.not_in((0, 2)),
            a.risk_grade5.is_not(None),
            a.risk_grade5 >= po.risk_level,
            a.risk_assessed_at > threshold,
            b.is_disable_buy.is_(False),
            ~exists().where(
                ProductShelf.broker_id == b.id,
                ProductShelf.product_code == po.code,
                ProductShelf.is_disable_buy.is_(True),
            ),
        )
    )
    if pay == PAY_CARD:
        eligible = eligible.join(
            pm, and_(pm.id == p.payment_method_id, pm.broker_user_id == e.broker_user_id)
        ).where(pm.status == "bound")
    else:
        q, qp = aliased(SignalFollowRecord), aliased(SignalFollowPlan)
        eligible = eligible.join(
            h,
            and_(
                h.financial_account_id == e.financial_account_id,
                h.fund_code == WALLET_FUND_CODE,
                h.portfolio_code == "",
            ),
        ).where(
            h.shares - h.frozen_shares >= e.amount,
            ~exists().where(
                q.financial_account_id == e.financial_account_id,
                q.id < e.id,
                q.status == PENDING,
                q.signal_type == "BUY",
                qp.id == q.plan_id,
                qp.pay_type == PAY_WALLET,
            ),
        )
    eligible = eligible.correlate(None)
    if session.scalar(select(exists(eligible))) is not True:
        return None
    chosen = scratch(session, "follow_chosen", Column("rid", BigInteger, primary_key=True))
    session.execute(insert(chosen).from_select(["rid"], eligible))
    analyze(session, m, chosen)
    return chosen


def _insert_buys(
    session: Session,
    chosen: Table,
    po: Portfolio,
    pay: str,
    dates: dict[str, trading.OrderDates],
    moment: datetime,
) -> None:
    """The P02 parents and their children (022 by card, W04 from the wallet), one
    ``INSERT … SELECT`` each per distinct amount."""
    m = SqlMoney.of(session)
    r, p, a = SignalFollowRecord, SignalFollowPlan, Account
    by_card = pay == PAY_CARD
    last = max(dates.values(), key=lambda d: d.confirm)
    mine = r.id.in_(select(chosen.c.rid))
    parent_no = _order_no(m, f"{as_beijing(moment):%Y%m%d%H%M%S}", r.id)
    build = func.json_object if m.sqlite else func.json_build_object
    meta = build("signalFollowPlanId", r.plan_id, "sigId", r.sig_id,
                 type_=TradeOrder.ext_meta_info.type)  # fmt: skip
    at = literal(moment, TradeOrder.apply_time.type)
    made = literal(now(), TradeOrder.created_at.type)
    money = TradeOrder.trade_amount.type
    zero = literal(Decimal("0.00"), money)
    card_id = p.payment_method_id if by_card else null()
    amounts = session.scalars(select(r.amount).where(mine).distinct()).all()
    for amount in amounts:
        parts = trading.split_po(session, po, amount)
        same = and_(mine, r.amount == amount)
        fee = sum((x.fee.fee for x in parts), Decimal("0.00"))
        net = sum((x.fee.net_amount for x in parts), Decimal("0.00"))
        parents = (
            select(
                parent_no,
                r.broker_user_id,
                a.id,
                r.financial_account_id,
                null(),
                literal(PO_BUY),
                literal(""),
                r.product_code,
                literal(PO_WAITING),
                literal(PAID),
                literal(pay),
                card_id,
                r.amount,
                zero,
                at,
                literal(last.trade),
                literal(last.confirm),
                null(),
                literal(fee, money),
                literal(net, money),
                zero,
                zero,
                literal(""),
                meta,
                literal(False),
                literal(""),
                made,
                made,
            )  # fmt: skip
            .select_from(r)
            .join(p, p.id == r.plan_id)
            .join(a, a.broker_user_id == r.broker_user_id)
            .where(same)
        )
        session.execute(insert(TradeOrder).from_select(ORDER_COLUMNS, parents))
        parent = aliased(TradeOrder)
        for i, part in enumerate(parts, start=1):
            d = dates[part.fund.code]
            children = (
                select(
                    parent.broker_order_no + literal(f"{i:02d}"),
                    r.broker_user_id,
                    parent.account_id,
                    r.financial_account_id,
                    parent.id,
                    literal(PURCHASE if by_card else WALLET_PAID_PURCHASE),
                    literal(part.fund.code),
                    r.product_code,
                    literal(WAITING if by_card else "W0"),
                    literal(PAID),
                    literal(pay),
                    parent.payment_method_id,
                    literal(part.amount, money),
                    zero,
                    at,
                    literal(d.trade),
                    literal(d.confirm),
                    literal(part.fee.rate, TradeOrder.fee_rate.type),
                    literal(part.fee.fee, money),
                    literal(part.fee.net_amount, money),
                    zero,
                    zero,
                    literal(""),
                    meta,
                    literal(False),
                    literal(""),
                    made,
                    made,
                )  # fmt: skip
                .select_from(r)
                .join(parent, parent.broker_order_no == parent_no)
                .where(same)
            )
            session.execute(insert(TradeOrder).from_select(ORDER_COLUMNS, children))
    # the records' orders
    session.execute(
        update(r)
        .where(mine)
        .values(
            order_id=select(TradeOrder.id)
            .where(TradeOrder.broker_order_no == parent_no)
            .scalar_subquery()
        ),
        execution_options={"synchronize_session": False},
    )


def _settle_buys(session: Session, chosen: Table, sig: str, pay: str) -> None:
    """The tradeUUIDs of plan + signal, as a hand-placed follow's (core.idempotency); then the
    wallet's shares taken, or each card charged (a refusal fails its record and removes its
    order); the others SUCCESS."""
    r, o, pm, h = SignalFollowRecord, TradeOrder, PaymentMethod, Holding
    mine = r.id.in_(select(chosen.c.rid))
    rows = session.execute(
        select(r.id, r.plan_id, r.amount, r.multiple, r.broker_user_id, o.id, o.broker_order_no,
               pm.gateway_token)
        .join(o, o.id == r.order_id)
        .outerjoin(pm, pm.id == o.payment_method_id)
        .where(mine)
    ).all()  # fmt: skip
    _remember_requests(
        session,
        sig,
        [
            (user_id, plan_id, amount, multiple)
            for _rid, plan_id, amount, multiple, user_id, *_ in rows
        ],
    )
    stamp = now()
    if pay == PAY_WALLET:
        paid = (
            select(o.id, h.id, r.amount, literal(0))
            .select_from(r)
            .join(o, o.id == r.order_id)
            .join(
                h,
                and_(
                    h.financial_account_id == r.financial_account_id,
                    h.fund_code == WALLET_FUND_CODE,
                    h.portfolio_code == "",
                ),
            )
            .where(mine)
        )
        trading.take_wallet_shares_set(session, paid, record_cost=True)
    refused: list[tuple[int, int, str, str]] = []
    for rid, plan_id, amount, _mul, _user, oid, order_no, token in rows:
        if pay != PAY_CARD:
            break
        try:
            trading.charge_token(token, amount, order_no)
        except AppError as exc:
            refused.append((rid, oid, exc.message, trade_uuid(plan_id, sig)))
    session.execute(
        update(r).where(mine).values(status=FOLLOW_SUCCESS, updated_at=stamp),
        execution_options={"synchronize_session": False},
    )
    for rid, oid, message, uuid in refused:
        session.execute(
            update(r)
            .where(r.id == rid)
            .values(status=FOLLOW_FAIL, fail_reason=message, order_id=None),
            execution_options={"synchronize_session": False},
        )
        session.execute(delete(o).where(o.parent_id == oid))
        session.execute(delete(o).where(o.id == oid))
        session.execute(delete(TradeRequest).where(TradeRequest.trade_uuid == uuid))


def _place_sells(session: Session, where: list[Any], moment: datetime) -> None:
    """Step 3, set-based: the signal sell orders (isSignalSellOrder) of a sell signal's
    followers, as :func:`trading.sell_po` places each: of each component holding, the
    signal's part of the available shares (half-up to 0.01; all of it when the remainder
    would fall below the fund's minimum holding), a P03 parent over one 024 redemption per
    holding sold (numbered in fund-code order), the lots taken first in first out skipping
    what waiting redemptions claim, each with its redemption fee rate on T (trading's rule,
    computed once per fund and confirm date), the shares frozen; the cash to the wallet (a
    wallet-paid plan) or to the plan's card. Left to :func:`_place`: a signal one of whose
    held funds is suspended or in its trading-time limit, a card not named, not bound or not
    the follower's, a follower without an open account or without shares to sell, and one
    who has sold by the signal already (by hand: 按信号卖出)."""
    r = SignalFollowRecord
    pending = [*where, r.status == PENDING, r.signal_type == "SELL"]
    signals = session.execute(
        select(r.sig_id, r.product_code, r.multiple).where(*pending).distinct().order_by(r.sig_id)
    ).all()
    for sig, code, ratio in signals:
        _sell_signal(session, sig, code, ratio, moment)


def _sell_signal(session: Session, sig: str, code: str, ratio: Decimal, moment: datetime) -> None:
    m = SqlMoney.of(session)
    e, p, a, pm, h, f = SignalFollowRecord, SignalFollowPlan, Account, PaymentMethod, Holding, Fund
    fa, o = FinancialAccount, TradeOrder
    calendar = get_calendar()
    mine = [e.sig_id == sig, e.status == PENDING, e.signal_type == "SELL"]
    held = and_(
        h.financial_account_id == e.financial_account_id,
        h.portfolio_code == e.product_code,
        h.shares - h.frozen_shares > 0,
    )
    try:
        trading.tradable_portfolio(session, code)
        codes = session.scalars(select(h.fund_code).join(e, held).where(*mine).distinct()).all()
        funds = [trading.tradable_fund(session, c) for c in codes]
        for fund in funds:
            if fund.status in trading.NO_REDEEM:
                return  # the per-order path answers it with trading's message
            trading.check_trading_time(calendar, fund, moment)
    except AppError:
        return
    if not funds:
        return
    by_card = {fd.code: trading.order_dates(calendar, fd, moment, PAY_CARD) for fd in funds}
    by_wallet = {fd.code: trading.order_dates(calendar, fd, moment, PAY_WALLET) for fd in funds}
    if len({d.trade for d in (*by_card.values(), *by_wallet.values())}) != 1:
        return  # one trade date for every fund: the parent's is theirs
    # the followers the set sells for: an open personal account, a holding to sell, and the
    # plan's own bound card when the cash goes to a card
    eligible = (
        select(e.id)
        .join(p, p.id == e.plan_id)
        .join(fa, and_(fa.id == e.financial_account_id, fa.broker_user_id == e.broker_user_id))
        .join(a, a.id == fa.account_id)
        .outerjoin(pm, and_(pm.id == p.payment_method_id, pm.broker_user_id == e.broker_user_id))
        .where(
            *mine,
            a.broker_user_id == e.broker_user_id,
            a.status != "closed",
            a.holder_type.not_in((0, 2)),
            or_(p.pay_type == PAY_WALLET, pm.status == "bound"),
            exists().where(held),
            ~sold_by_signal(e.financial_account_id, e.sig_id),
        )
        .correlate(None)
    )
    if session.scalar(select(exists(eligible))) is not True:
        return
    chosen = scratch(session, "follow_chosen", Column("rid", BigInteger, primary_key=True))
    session.execute(insert(chosen).from_select(["rid"], eligible))
    analyze(session, m, chosen)
    picked = e.id.in_(select(chosen.c.rid))
    # each holding's part: the sales, numbered per record in fund-code order
    available = h.shares - h.frozen_shares
    part = m.mul(Fig(available, 2), fig(e.multiple), scale=2)
    share = case((e.multiple >= 1, available), (part > available, available), else_=part)
    share = case(
        (and_(available - share > 0, available - share < f.min_hold_shares), available),
        else_=share,
    )
    sales = scratch(
        session, "follow_sales", Column("rid", BigInteger), Column("hid", BigInteger),
        Column("fund_code", String(16)), Column("shares", Shares()),
        Column("rank", BigInteger),
    )  # fmt: skip
    sized = (
        select(e.id.label("rid"), h.id.label("hid"), h.fund_code, share.label("shares"))
        .join(h, held)
        .join(f, f.code == h.fund_code)
        .where(picked)
        .subquery()
    )
    rank = func.row_number().over(partition_by=sized.c.rid, order_by=sized.c.fund_code)
    session.execute(
        insert(sales).from_select(
            ["rid", "hid", "fund_code", "shares", "rank"],
            select(sized.c.rid, sized.c.hid, sized.c.fund_code, sized.c.shares, rank).where(
                sized.c.shares > 0
            ),
        )
    )
    analyze(session, m, sales)
    # the orders: the parents, then one redemption per sale
    wallet_paid = p.pay_type == PAY_WALLET
    redeem_to = case((wallet_paid, PAY_WALLET), else_=PAY_CARD)

    def per_fund(dates: dict[str, trading.OrderDates], field: str, fund: Any) -> Any:
        return case(*[(fund == c, literal(getattr(d, field))) for c, d in dates.items()])

    def dated(field: str, fund: Any) -> Any:
        return case(
            (wallet_paid, per_fund(by_wallet, field, fund)),
            else_=per_fund(by_card, field, fund),
        )

    trade_day = next(iter(by_card.values())).trade
    parent_no = _order_no(m, f"{as_beijing(moment):%Y%m%d%H%M%S}", e.id)
    build = func.json_object if m.sqlite else func.json_build_object
    meta = build("ratio", literal(format(ratio.normalize(), "f")), "signalFollowPlanId",
                 e.plan_id, "sigId", e.sig_id, type_=o.ext_meta_info.type)  # fmt: skip
    at = literal(moment, o.apply_time.type)
    made = literal(now(), o.created_at.type)
    zero = literal(Decimal("0.00"), o.trade_amount.type)
    totals = (
        select(
            sales.c.rid,
            func.max(dated("confirm", sales.c.fund_code)).label("confirm"),
            func.max(dated("arrival", sales.c.fund_code)).label("arrival"),
        )
        .join(e, e.id == sales.c.rid)
        .join(p, p.id == e.plan_id)
        .group_by(sales.c.rid)
        .subquery()
    )
    columns = [*ORDER_COLUMNS, "arrival_date"]
    card_id = case((wallet_paid, null()), else_=p.payment_method_id)
    parents = (
        select(
            parent_no,
            e.broker_user_id,
            fa.account_id,
            e.financial_account_id,
            null(),
            literal(PO_SELL),
            literal(""),
            e.product_code,
            literal(PO_WAITING),
            literal(PAID),
            literal(""),
            card_id,
            zero,
            # no shares of its own: a sale of a ratio, each fund's shares on its child
            literal(Decimal("0.00"), o.trade_share.type),
            at,
            literal(trade_day),
            totals.c.confirm,
            null(),
            zero,
            zero,
            zero,
            zero,
            redeem_to,
            meta,
            literal(True),
            literal(""),
            made,
            made,
            totals.c.arrival,
        )  # fmt: skip
        .select_from(totals)
        .join(e, e.id == totals.c.rid)
        .join(p, p.id == e.plan_id)
        .join(fa, fa.id == e.financial_account_id)
    )
    session.execute(insert(o).from_select(columns, parents))
    parent = aliased(TradeOrder)
    children = (
        select(
            parent.broker_order_no + _order_no(m, "", sales.c.rank, width=2),
            e.broker_user_id,
            parent.account_id,
            e.financial_account_id,
            parent.id,
            literal(REDEEM),
            sales.c.fund_code,
            e.product_code,
            literal(WAITING),
            literal(PAID),
            literal(""),
            parent.payment_method_id,
            zero,
            sales.c.shares,
            at,
            literal(trade_day),
            dated("confirm", sales.c.fund_code),
            null(),
            zero,
            zero,
            zero,
            zero,
            parent.redeem_to,
            null(),
            literal(False),
            literal(""),
            made,
            made,
            dated("arrival", sales.c.fund_code),
        )  # fmt: skip
        .select_from(sales)
        .join(e, e.id == sales.c.rid)
        .join(p, p.id == e.plan_id)
        .join(parent, parent.broker_order_no == parent_no)
    )
    session.execute(insert(o).from_select(columns, children))
    session.execute(
        update(e)
        .where(picked)
        .values(
            order_id=select(o.id).where(o.broker_order_no == parent_no).scalar_subquery(),
            status=FOLLOW_SUCCESS,
            updated_at=now(),
        ),
        execution_options={"synchronize_session": False},
    )
    _take_lots(session, m, sales, trade_day)
    session.execute(
        update(h).where(h.id == sales.c.hid).values(frozen_shares=h.frozen_shares + sales.c.shares),
        execution_options={"synchronize_session": False},
    )
    rows = session.execute(select(e.plan_id, e.broker_user_id, e.multiple).where(picked)).all()
    _remember_requests(
        session,
        sig,
        [(user_id, plan_id, Decimal("0.00"), multiple) for plan_id, user_id, multiple in rows],
    )
    sales.drop(session.connection())
    chosen.drop(session.connection())


def _remember_requests(
    session: Session, sig: str, follows: list[tuple[int, int, Decimal, Decimal]]
) -> None:
    """The idempotency rows of follows placed as a set, (user, plan, amount, part) each: what a
    follow placed one by one through ``trading.once`` would have stored, so a replay of either
    answers the same order."""
    session.execute(
        insert(TradeRequest),
        [
            {
                "broker_user_id": user_id,
                "trade_uuid": trade_uuid(plan_id, sig),
                "action": "signal.follow",
                "request_hash": request_fingerprint(
                    FollowOrderIn(
                        trade_uuid=trade_uuid(plan_id, sig),
                        follow_plan_id=plan_id,
                        sig_id=sig,
                        amount=amount,
                        part=part,
                    )
                ),
            }
            for user_id, plan_id, amount, part in follows
        ],
    )


def _take_lots(session: Session, m: SqlMoney, sales: Table, trade_day: date) -> None:
    """Each redemption's lots, first in first out over the shares not claimed by waiting
    redemptions, with the fee rate of trading's rule for the lot's confirm date on T (one
    computation per fund and confirm date)."""
    lot = HoldingLot
    claim, claimer = aliased(OrderLot), aliased(TradeOrder)
    sold = lot.holding_id.in_(select(sales.c.hid))
    claimed = (
        select(claim.lot_id, func.sum(claim.shares).label("claimed"))
        .join(claimer, claimer.id == claim.order_id)
        .where(
            claim.lot_id.in_(select(lot.id).where(sold)),
            claimer.order_code.in_(trading.FREEZING_CODES),
            claimer.confirm_status.in_(trading.WAITING_REDEMPTIONS),
        )
        .group_by(claim.lot_id)
        .subquery()
    )
    lots = scratch(
        session, "follow_lots", Column("lid", BigInteger), Column("hid", BigInteger),
        Column("confirm_date", Date), Column("free", Shares()), Column("before", Shares()),
    )  # fmt: skip
    free = lot.shares - func.coalesce(claimed.c.claimed, 0)
    window = func.sum(free).over(partition_by=lot.holding_id, order_by=(lot.confirm_date, lot.id))
    session.execute(
        insert(lots).from_select(
            ["lid", "hid", "confirm_date", "free", "before"],
            select(lot.id, lot.holding_id, lot.confirm_date, free, window - free)
            .outerjoin(claimed, claimed.c.lot_id == lot.id)
            .where(sold),
        )
    )
    analyze(session, m, lots)
    # the fee rates, trading's rule once per fund and confirm date
    rates = scratch(
        session, "follow_rates", Column("fund_code", String(16)), Column("confirm_date", Date),
        Column("rate", Rate()),
    )  # fmt: skip
    pairs = session.execute(
        select(sales.c.fund_code, lots.c.confirm_date)
        .join(lots, lots.c.hid == sales.c.hid)
        .where(lots.c.free > 0)
        .distinct()
    ).all()
    funds = {c: trading.tradable_fund(session, c) for c in {fc for fc, _d in pairs}}
    tiers = {c: fee_tiers(session, c, "redeem") for c in funds}
    if pairs:
        session.execute(
            insert(rates),
            [
                {
                    "fund_code": fc,
                    "confirm_date": d,
                    "rate": rules.lot_redeem_fee_rate(
                        d, trade_day, tiers[fc], money_market=funds[fc].is_money_market
                    ),
                }
                for fc, d in pairs
            ],
        )
    # each redemption's part of each lot: the overlap of [0, shares) and [before, before+free)
    end_l = lots.c.before + lots.c.free
    high = case((sales.c.shares < end_l, sales.c.shares), else_=end_l)
    child = aliased(TradeOrder)
    parent = aliased(TradeOrder)
    overlap = (
        select(child.id, lots.c.lid, high - lots.c.before, rates.c.rate)
        .select_from(sales)
        .join(lots, lots.c.hid == sales.c.hid)
        .join(
            rates,
            and_(
                rates.c.fund_code == sales.c.fund_code, rates.c.confirm_date == lots.c.confirm_date
            ),
        )
        .join(SignalFollowRecord, SignalFollowRecord.id == sales.c.rid)
        .join(parent, parent.id == SignalFollowRecord.order_id)
        .join(child, and_(child.parent_id == parent.id, child.fund_code == sales.c.fund_code))
        .where(high > lots.c.before, lots.c.free > 0)
    )
    session.execute(
        insert(OrderLot).from_select(["order_id", "lot_id", "shares", "fee_rate"], overlap)
    )
    for table in (rates, lots):
        table.drop(session.connection())


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
            if session.scalar(select(sold_by_signal(fa.id, record.sig_id))):
                raise SignalAlreadySold()
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
