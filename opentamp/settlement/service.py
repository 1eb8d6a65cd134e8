"""The daily settlement of day D (docs/trading.md "Settlement" and "Rules", DESIGN §4–§5).

Set-based SQL: each stage is a few ``INSERT … SELECT`` / ``UPDATE … FROM`` statements over all
of the day's rows, never a Python loop over orders or holdings, so the step scales with the
database (DESIGN §1). It runs inside the pipeline's one transaction (``jobs.run_day``): a crash
leaves the whole day or nothing. Every stage is guarded by status or date so that running D
again changes nothing:

1. **Wallet income** (:func:`credit_wallet_income`) — holdings of a fund publishing 万份收益 on D
   (the wallet 000509 and any money-market fund) valued before D: ``round(shares × 万份收益 /
   10000)`` for each calendar day since the last valued day (a Monday credits Saturday, Sunday
   and Monday), added as shares and a lot; the guard is ``nav_date < D``. It runs *before* the
   day's confirmations so that the income of D accrues on the shares held before D: shares
   confirmed on D earn from the next day (profit shows from the day after confirmation), and
   shares redeemed on D still earn their last day.
2. **Rebalancing buys funded** (:func:`fund_rebalancing_buys`) — a P04 parent's buys are
   placed unpaid (``pay_status`` '0') at amounts planned from the latest NAVs; once all its
   sells are final, the buys get the sells' real proceeds (Σ net at NAV_T of the confirmed
   sells): the largest buy (ties: smallest id) takes the whole difference, its fee and net
   recomputed 外扣法 at its rate, and all the buys become paid ('2', the guard). If the largest
   buy would end at or below 0.00, all the buys fail and the proceeds go to the wallet. So for
   every P04, Σ funded buys' amounts + wallet credits = Σ sells' net, to the cent.
3. **Purchases** (:func:`confirm_purchases`) — 022/039/W01/W04/W11 waiting (``0``/``W0``), paid,
   due (``confirm_date ≤ D``) and priced (NAV of the trade date published): ``shares =
   round(net_amount / NAV_T)``; the holding (created on first purchase) gets the shares, a lot
   dated D, cost and paid-in += the amount paid (fees included). A purchase of a fund that is
   暂停申购 (STOP_ALLOT / STOP_TRADE) when it is due fails (``1``/``W1``): paid from the wallet,
   or funded by a rebalancing's sells (P04, no card was charged), its amount returns to the
   wallet as shares at once; paid by card, the order records the refund
   (``fail_reason``, ``arrival_date`` = D) and the transfer back is the payment interface's.
4. **Redemptions** (:func:`confirm_redemptions`) — 024/W02/W03 waiting and due, with the lots
   they took (``order_lot``, each with its fee rate fixed at order time): per lot ``gross =
   round(shares × NAV_T)``, ``fee = round(gross × rate)``; the order's gross, fee and net are
   the sums; the holding loses the shares (and the frozen shares), the average cost of them
   (``round(cost × redeemed / shares)``) and gains ``redeemed_net``. Cash bound for the wallet
   becomes wallet shares 1:1 at confirmation (the wallet's T+1 arrival is the confirmation day).
   Cash bound for a card is *recorded*, not transferred: the order keeps the net amount and its
   ``arrival_date``; the payments feature's daily payout step (``payments/payouts.py``, after
   settlement) sends it through the payment interface, so no gateway call sits in a stage.
4b. **Conversions** (:func:`settle_conversions`) — a fund conversion's (036) buy is funded by
   its redemption confirmed just now (stage 2's machinery) and confirmed in the same run.
5. **Dividends** (:func:`pay_dividends`) — for each dividend with ex-date D, every holding of the
   fund with shares gets a 143 order (the record, numbered ``DV<yyyymmdd>H<holding id>``):
   ``cash = round(shares × cash per share)``; a cash holding adds it to ``cash_dividends`` (paid
   to the card on the pay date), a reinvest holding gets ``round(cash / NAV_D)`` shares and a
   lot.
6. **Portfolio parents** (:func:`finalise_parents`) — P02/P03/P04 parents whose children are
   all final: P2 all confirmed, P3 none confirmed, P4 some; the confirmed amount (and for a
   sale the fee and net) is the children's sum. A rebalancing (P04) confirms its sells' gross
   amount, the fees of all its children and its confirmed buys' net; its buys
   (``extMetaInfo.fundedBy`` P04) are confirmed by stage 3 only once funded (below) and no
   sibling sell waits (their confirm date, set at order time, is after the sells').
   A conversion (036) ends 2 (both legs), 3 (the buy failed: its cash went to the wallet) or
   1 (nothing moved), its figures those of what entered fund B.
7. **Valuation** (:func:`value_holdings`) — every holding with shares, or not yet cleared, of a
   fund with a NAV on D and valued before D, at NAV_D (DESIGN §5): ``market_value =
   round(shares × NAV)``, ``holding_profit = market_value − cost``, ``accumulated_profit =
   market_value + redeemed_net + cash_dividends − paid_in``, ``previous_profit`` its change
   since the last valuation; one ``holding_daily_profit`` row per holding and day. A holding
   left without shares becomes 已清仓 (cleared) and keeps its accumulated profit.

All arithmetic goes through :mod:`opentamp.settlement.sqlmoney`, which rounds half-up exactly
as ``kit.money`` does, on either dialect.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, time
from typing import Any

from sqlalchemy import (
    Date,
    String,
    and_,
    case,
    cast,
    exists,
    func,
    insert,
    literal,
    literal_column,
    null,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session, aliased
from sqlalchemy.sql import Subquery
from sqlalchemy.sql.elements import ColumnElement

from opentamp.db import AwareDateTime
from opentamp.kit.clock import BEIJING
from opentamp.models.holdings import CLEARED, HOLDING, Holding, HoldingDailyProfit, HoldingLot
from opentamp.models.orders import (
    CANCELLED,
    CONFIRMED,
    CONVERT,
    DIVIDEND,
    FAILED,
    PAID,
    PART,
    PAY_WALLET,
    PAYING,
    PLAN_PURCHASE,
    PO_ADJUST,
    PO_ALL_CONFIRMED,
    PO_ALL_FAILED,
    PO_BUY,
    PO_CANCELLED,
    PO_PART,
    PO_SELL,
    PURCHASE,
    REDEEM,
    WALLET_FAST_WITHDRAW,
    WALLET_PAID_PURCHASE,
    WALLET_PLAN_PURCHASE,
    WALLET_RECHARGE,
    WALLET_WITHDRAW,
    OrderLot,
    TradeOrder,
)
from opentamp.models.products import (
    STATUS_STOP_ALLOT,
    STATUS_STOP_TRADE,
    WALLET_FUND_CODE,
    Fund,
    FundDividend,
    FundNav,
)
from opentamp.settlement.sqlmoney import Fig, SqlMoney, fig

PURCHASE_CODES = (
    PURCHASE,
    PLAN_PURCHASE,
    WALLET_RECHARGE,
    WALLET_PAID_PURCHASE,
    WALLET_PLAN_PURCHASE,
)
REDEEM_CODES = (REDEEM, WALLET_WITHDRAW, WALLET_FAST_WITHDRAW)
PARENT_CODES = (PO_BUY, PO_SELL, PO_ADJUST, CONVERT)
#: Parents whose buys are paid by their own sells' proceeds: a rebalancing (P04) and a fund
#: conversion (036, docs/trading.md "Convert").
FUNDED_PARENT_CODES = (PO_ADJUST, CONVERT)
WAITING = ("0", "W0")
PARENT_WAITING = ("P0", "P1")
#: A conversion parent (036) keeps the plain digits: '0' waiting.
FUNDED_PARENT_WAITING = (*PARENT_WAITING, "0")
CONFIRMED_STATUSES = ("2", "W2")
FINAL_STATUSES = ("1", "2", "9", "W1", "W2", "W9")
CANCELLED_STATUSES = ("9", "W9")
STOPPED = (STATUS_STOP_ALLOT, STATUS_STOP_TRADE)
REINVEST = "reinvest"
REDEEM_TO_WALLET = "wallet"
REDEEM_TO_CARD = "card"

#: Why a due purchase failed (shown on the order).
FAIL_STOPPED_CARD = "基金暂停申购，申购失败，款项将原路退回银行卡"
FAIL_STOPPED_WALLET = "基金暂停申购，申购失败，款项已退回钱包"
#: Why a rebalancing's buys failed: its sells' proceeds cannot fund the largest buy.
FAIL_UNFUNDED = "调仓卖出所得不足以买入，买入失败，卖出款项已转入钱包"
#: Why a conversion's buy failed: its redemption brought nothing (nothing moved).
FAIL_CONVERT_UNFUNDED = "转出基金赎回未成功，转入申购未执行"

#: A dividend order's apply time: the day's close.
DIVIDEND_TIME = time(15, 0)

_ZERO: ColumnElement[Any] = literal_column("0")
NO_SYNC = {"synchronize_session": False}

Stage = Callable[[Session, SqlMoney, date], int]


def _done(status: Any, digit: str) -> ColumnElement[str]:
    """The final status of a waiting order, keeping the wallet prefix (W0 → W2)."""
    return case((status == "W0", literal("W" + digit)), else_=literal(digit))


def _same_holding(h: Any, row: Any) -> ColumnElement[bool]:
    """A holding row is keyed (financial account, fund, portfolio)."""
    return and_(
        h.financial_account_id == row.financial_account_id,
        h.fund_code == row.fund_code,
        h.portfolio_code == row.portfolio_code,
    )


def _unit(m: SqlMoney, scale: int) -> ColumnElement[Any]:
    """The figure 1 as a column of ``scale`` stores it (minor units on SQLite)."""
    return literal_column(str(10**scale) if m.sqlite else "1")


def _day(day: date) -> ColumnElement[date]:
    return literal(day, Date())


def _execute(session: Session, stmt: Any) -> int:
    result = session.execute(stmt, execution_options=NO_SYNC)
    return max(int(result.rowcount or 0), 0)  # type: ignore[attr-defined]


# -- the wallet -----------------------------------------------------------------------------


def credit_wallet(session: Session, credits: Subquery, day: date) -> int:
    """Wallet shares 1:1 for cash (``credits``: financial_account_id, broker_user_id,
    account_id, amount): the wallet holding (opened if needed) gets the shares, a lot dated D,
    and cost and paid-in += the amount (cash coming in, so the wallet's profit is unchanged)."""
    w = Holding
    wallet_of = and_(
        w.financial_account_id == credits.c.financial_account_id,
        w.fund_code == WALLET_FUND_CODE,
        w.portfolio_code == "",
    )
    session.execute(
        insert(Holding).from_select(
            [
                "broker_user_id",
                "account_id",
                "financial_account_id",
                "fund_code",
                "portfolio_code",
                "dividend_method",
            ],
            select(
                credits.c.broker_user_id,
                credits.c.account_id,
                credits.c.financial_account_id,
                literal(WALLET_FUND_CODE),
                literal(""),
                literal("cash"),
            ).where(~exists().where(wallet_of)),
        )
    )
    session.execute(
        insert(HoldingLot).from_select(
            ["holding_id", "confirm_date", "shares"],
            select(w.id, _day(day), credits.c.amount).where(wallet_of),
        )
    )
    return _execute(
        session,
        update(Holding)
        .where(wallet_of)
        .values(
            shares=Holding.shares + credits.c.amount,
            cost=Holding.cost + credits.c.amount,
            paid_in=Holding.paid_in + credits.c.amount,
            first_confirm_date=func.coalesce(Holding.first_confirm_date, _day(day)),
            status=HOLDING,
            cleared_date=null(),
        ),
    )


def credit_wallet_income(session: Session, m: SqlMoney, day: date) -> int:
    """Stage 1: money-market income as shares (docs/trading.md "Wallet")."""
    h, n = Holding, FundNav
    income_funds = select(n.fund_code).where(n.nav_date == day, n.income_per_10k.is_not(None))
    # A publication's 万份收益 covers its day and the closed days up to the next trading day
    # (Friday's carries the weekend), so each published day is credited once.
    income = m.mul(fig(h.shares), fig(n.income_per_10k), shift=4)
    added = _execute(
        session,
        insert(HoldingLot).from_select(
            ["holding_id", "confirm_date", "shares"],
            select(h.id, _day(day), income)
            .join(n, and_(n.fund_code == h.fund_code, n.nav_date == day))
            .where(
                n.income_per_10k.is_not(None),
                h.nav_date < day,
                h.shares > 0,
                income > _ZERO,
            ),
        ),
    )
    # The only lots dated D so far are the income lots just written (the day's confirmations
    # come after this stage).
    lots_today = (
        select(func.sum(HoldingLot.shares))
        .where(HoldingLot.holding_id == Holding.id, HoldingLot.confirm_date == day)
        .scalar_subquery()
    )
    _execute(
        session,
        update(Holding)
        .where(
            Holding.fund_code.in_(income_funds),
            Holding.nav_date < day,
            exists().where(HoldingLot.holding_id == Holding.id, HoldingLot.confirm_date == day),
        )
        .values(shares=Holding.shares + lots_today),
    )
    return added


# -- purchases ------------------------------------------------------------------------------


def _due_purchase(o: Any, day: date) -> ColumnElement[bool]:
    return and_(
        o.order_code.in_(PURCHASE_CODES),
        o.confirm_status.in_(WAITING),
        o.pay_status == PAID,
        o.confirm_date <= day,
    )


def _rebalancing_buy(o: Any) -> ColumnElement[bool]:
    """A buy under a rebalancing (P04) or conversion (036) parent: paid by its sibling sells,
    never by a card."""
    parent = aliased(TradeOrder)
    return and_(
        o.order_code.in_(PURCHASE_CODES),
        o.parent_id.in_(select(parent.id).where(parent.order_code.in_(FUNDED_PARENT_CODES))),
    )


def _unfunded_buy(o: Any) -> ColumnElement[bool]:
    return and_(
        o.order_code.in_(PURCHASE_CODES), o.confirm_status.in_(WAITING), o.pay_status == PAYING
    )


def _ready_rebalancings(parent_code: str = PO_ADJUST) -> Any:
    """Ids of the waiting P04 (or 036) parents whose sells are all final (none waiting)."""
    parent, sell = aliased(TradeOrder), aliased(TradeOrder)
    return select(parent.id).where(
        parent.order_code == parent_code,
        parent.confirm_status.in_(FUNDED_PARENT_WAITING),
        ~exists().where(
            sell.parent_id == parent.id,
            sell.order_code.in_(REDEEM_CODES),
            sell.confirm_status.in_(WAITING),
        ),
    )


def fund_rebalancing_buys(session: Session, m: SqlMoney, day: date) -> int:
    """Stage 2: a rebalancing's buys get its sells' real proceeds (docs/trading.md
    "Rebalancing"); returns the buys funded or failed. See :func:`_fund_buys_from_sells`."""
    return _fund_buys_from_sells(session, m, day, parent_code=PO_ADJUST, fail_reason=FAIL_UNFUNDED)


def _fund_buys_from_sells(
    session: Session, m: SqlMoney, day: date, *, parent_code: str, fail_reason: str
) -> int:
    """The buys of ``parent_code`` parents (P04, 036) get their sells' real proceeds.

    Once every sell of a parent is final, ``proceeds`` = Σ net_amount of its confirmed
    sells (a failed sell keeps its shares and brings nothing) and ``planned`` = Σ trade_amount
    of its unfunded buys (``pay_status`` '0'). The largest buy (ties: smallest id) takes the
    whole difference: ``trade_amount += proceeds − planned``, then 外扣法 again at its fee rate,
    ``net = round(amount / (1 + rate))``, ``fee = amount − net``; a buy without a rate (fixed
    fee) keeps its fee (capped at the amount) and ``net = amount − fee``. If that would leave
    the largest buy at or below 0.00, all the parent's buys fail and the whole proceeds go to
    the wallet. Every buy of the parent is then paid ('2'): the stage's guard.

    Each parent's figures are read by an uncorrelated ``IN (SELECT …)`` (evaluated once) or by
    correlated subqueries over rows the statement does not change (one buy per parent is
    updated), so SQLite's row-by-row UPDATE sees the same figures as PostgreSQL.
    """
    o = TradeOrder
    sell, buy, pick = aliased(TradeOrder), aliased(TradeOrder), aliased(TradeOrder)
    proceeds_of = (
        select(sell.parent_id, func.sum(sell.net_amount).label("proceeds"))
        .where(
            sell.order_code.in_(REDEEM_CODES),
            sell.confirm_status.in_(CONFIRMED_STATUSES),
            sell.parent_id.in_(_ready_rebalancings(parent_code)),
        )
        .group_by(sell.parent_id)
        .subquery()
    )
    planned_of = (
        select(
            buy.parent_id,
            func.sum(buy.trade_amount).label("planned"),
            func.max(buy.trade_amount).label("largest"),
        )
        .where(_unfunded_buy(buy), buy.parent_id.in_(_ready_rebalancings(parent_code)))
        .group_by(buy.parent_id)
        .subquery()
    )
    proceeds = func.coalesce(proceeds_of.c.proceeds, _ZERO)
    plan = select(planned_of.c.parent_id, planned_of.c.largest).outerjoin(
        proceeds_of, proceeds_of.c.parent_id == planned_of.c.parent_id
    )
    # The largest buy would end at or below 0.00.
    short = proceeds - planned_of.c.planned + planned_of.c.largest <= _ZERO
    short_parents = plan.with_only_columns(planned_of.c.parent_id).where(short)
    enough = plan.where(~short).subquery()
    largest_buys = (
        select(func.min(pick.id))
        .join(enough, enough.c.parent_id == pick.parent_id)
        .where(_unfunded_buy(pick), pick.trade_amount == enough.c.largest)
        .group_by(pick.parent_id)
    )

    parent = aliased(TradeOrder)
    to_wallet = (
        select(
            parent.financial_account_id,
            func.min(parent.broker_user_id).label("broker_user_id"),
            func.min(parent.account_id).label("account_id"),
            func.sum(proceeds).label("amount"),
        )
        .join(planned_of, planned_of.c.parent_id == parent.id)
        .outerjoin(proceeds_of, proceeds_of.c.parent_id == parent.id)
        .where(short, proceeds > _ZERO)
        .group_by(parent.financial_account_id)
        .subquery()
    )
    credit_wallet(session, to_wallet, day)
    failed = _execute(
        session,
        update(TradeOrder)
        .where(_unfunded_buy(o), o.parent_id.in_(short_parents))
        .values(
            confirm_status=_done(o.confirm_status, "1"),
            pay_status=PAID,
            confirmed_at=day,
            arrival_date=day,
            fail_reason=fail_reason,
        ),
    )

    s2, b2 = aliased(TradeOrder), aliased(TradeOrder)
    sells_net = (
        select(func.coalesce(func.sum(s2.net_amount), _ZERO))
        .where(
            s2.parent_id == o.parent_id,
            s2.order_code.in_(REDEEM_CODES),
            s2.confirm_status.in_(CONFIRMED_STATUSES),
        )
        .scalar_subquery()
    )
    buys_planned = (
        select(func.sum(b2.trade_amount))
        .where(b2.parent_id == o.parent_id, _unfunded_buy(b2))
        .scalar_subquery()
    )
    amount = o.trade_amount + sells_net - buys_planned
    rate = fig(o.fee_rate)
    one_plus_rate = Fig(rate.expr + _unit(m, rate.scale), rate.scale)
    fixed_fee = case((o.fee > amount, amount), else_=o.fee)
    net = case(
        (o.fee_rate.is_(None), amount - fixed_fee),
        else_=m.div(Fig(amount, 2), one_plus_rate),
    )
    _execute(
        session,
        update(TradeOrder)
        .where(o.id.in_(largest_buys))
        .values(trade_amount=amount, net_amount=net, fee=amount - net),
    )
    funded = _execute(
        session,
        update(TradeOrder)
        .where(_unfunded_buy(o), o.parent_id.in_(_ready_rebalancings(parent_code)))
        .values(pay_status=PAID),
    )
    return failed + funded


def fail_stopped_purchases(session: Session, m: SqlMoney, day: date) -> int:
    """Stage 3a: due purchases of a fund now 暂停申购 fail and are refunded: to the wallet when
    paid from it or by a rebalancing's sells (P04), else to the card."""
    o = TradeOrder
    stopped = select(Fund.code).where(Fund.status.in_(STOPPED))
    failing = and_(_due_purchase(o, day), o.fund_code.in_(stopped))
    to_wallet = or_(o.pay_method == PAY_WALLET, _rebalancing_buy(o))
    refunds = (
        select(
            o.financial_account_id,
            func.min(o.broker_user_id).label("broker_user_id"),
            func.min(o.account_id).label("account_id"),
            func.sum(o.trade_amount).label("amount"),
        )
        .where(failing, to_wallet)
        .group_by(o.financial_account_id)
        .subquery()
    )
    credit_wallet(session, refunds, day)
    return _execute(
        session,
        update(TradeOrder)
        .where(failing)
        .values(
            confirm_status=_done(o.confirm_status, "1"),
            confirmed_at=day,
            arrival_date=day,
            fail_reason=case(
                (to_wallet, literal(FAIL_STOPPED_WALLET)),
                else_=literal(FAIL_STOPPED_CARD),
            ),
        ),
    )


def _sells_waiting(o: Any) -> ColumnElement[bool]:
    """A rebalancing (P04) buy is paid by its sibling sells: it is not confirmed while one of
    them waits (its confirm date, set at order time after theirs, normally sees to that)."""
    sibling = aliased(TradeOrder)
    return and_(
        o.parent_id.is_not(None),
        exists().where(
            sibling.parent_id == o.parent_id,
            sibling.order_code.in_(REDEEM_CODES),
            sibling.confirm_status.in_(WAITING),
        ),
    )


def confirm_purchases(session: Session, m: SqlMoney, day: date) -> int:
    """Stage 3b: confirm due purchases at NAV_T (DESIGN §4 "Purchase").

    The due orders are summed per holding once (``bought``); one upsert on the holding's key
    creates the holdings bought for the first time and adds shares, cost and paid-in to the
    others, and the day's lots are written from it: on PostgreSQL in the same statement (the
    upsert's ``RETURNING`` joined back to ``bought``, so every holding row is written once),
    on SQLite right after it. Then the orders are confirmed."""
    o, n, h = TradeOrder, FundNav, Holding
    priced = and_(n.fund_code == o.fund_code, n.nav_date == o.trade_date)
    stopped = select(Fund.code).where(Fund.status.in_(STOPPED))
    due = and_(_due_purchase(o, day), o.fund_code.not_in(stopped), ~_sells_waiting(o))
    shares = m.div(fig(o.net_amount), fig(n.nav))

    bought = (
        select(
            o.financial_account_id,
            o.fund_code,
            o.portfolio_code,
            func.min(o.broker_user_id).label("broker_user_id"),
            func.min(o.account_id).label("account_id"),
            func.min(Fund.default_dividend_method).label("dividend_method"),
            func.sum(shares).label("shares"),
            func.sum(o.trade_amount).label("amount"),
        )
        .join(n, priced)
        .join(Fund, Fund.code == o.fund_code)
        .where(due)
        .group_by(o.financial_account_id, o.fund_code, o.portfolio_code)
        .cte("bought")
    )
    b = bought.c
    upsert = (sqlite_insert if m.sqlite else pg_insert)(Holding).from_select(
        [
            "broker_user_id",
            "account_id",
            "financial_account_id",
            "fund_code",
            "portfolio_code",
            "dividend_method",
            "shares",
            "cost",
            "paid_in",
            "first_confirm_date",
            "status",
        ],
        # WHERE: SQLite reads "FROM bought ON CONFLICT" as a join without it.
        select(
            b.broker_user_id,
            b.account_id,
            b.financial_account_id,
            b.fund_code,
            b.portfolio_code,
            b.dividend_method,
            b.shares,
            b.amount,
            b.amount,
            _day(day),
            literal(HOLDING),
        ).where(b.shares.is_not(None)),
    )
    new = upsert.excluded
    upsert = upsert.on_conflict_do_update(
        index_elements=[h.financial_account_id, h.fund_code, h.portfolio_code],
        set_={
            "shares": h.shares + new.shares,
            "cost": h.cost + new.cost,
            "paid_in": h.paid_in + new.paid_in,
            "first_confirm_date": func.coalesce(h.first_confirm_date, new.first_confirm_date),
            "status": HOLDING,
            "cleared_date": null(),
            "updated_at": new.updated_at,
        },
    )
    lot_columns = ["holding_id", "confirm_date", "shares"]
    if m.sqlite:
        session.execute(upsert)
        session.execute(
            insert(HoldingLot).from_select(
                lot_columns, select(h.id, _day(day), b.shares).join(bought, _same_holding(h, b))
            )
        )
    else:
        upserted = upsert.returning(
            h.id, h.financial_account_id, h.fund_code, h.portfolio_code
        ).cte("upserted")
        session.execute(
            insert(HoldingLot).from_select(
                lot_columns,
                select(upserted.c.id, _day(day), b.shares).join(
                    bought, _same_holding(upserted.c, b)
                ),
            )
        )
    return _execute(
        session,
        update(TradeOrder)
        .where(due, priced)
        .values(
            nav=n.nav,
            confirmed_shares=shares,
            confirmed_amount=o.net_amount,
            confirmed_at=day,
            confirm_status=_done(o.confirm_status, "2"),
        ),
    )


# -- redemptions ----------------------------------------------------------------------------


def confirm_redemptions(session: Session, m: SqlMoney, day: date) -> int:
    """Stage 4: confirm due redemptions at NAV_T, lot by lot (DESIGN §4 "Redemption")."""
    o, n, ol = TradeOrder, FundNav, OrderLot
    priced = and_(n.fund_code == o.fund_code, n.nav_date == o.trade_date)
    due = and_(o.order_code.in_(REDEEM_CODES), o.confirm_status.in_(WAITING), o.confirm_date <= day)
    gross_lot = m.mul(fig(ol.shares), fig(n.nav))
    fee_lot = m.mul(Fig(gross_lot, 2), fig(ol.fee_rate))
    per_order = (
        select(
            o.id,
            o.broker_user_id,
            o.account_id,
            o.financial_account_id,
            o.fund_code,
            o.portfolio_code,
            o.redeem_to,
            o.trade_share,
            n.nav,
            func.sum(gross_lot).label("gross"),
            func.sum(fee_lot).label("fee"),
        )
        .join(ol, ol.order_id == o.id)
        .join(n, priced)
        .where(due)
        .group_by(
            o.id,
            o.broker_user_id,
            o.account_id,
            o.financial_account_id,
            o.fund_code,
            o.portfolio_code,
            o.redeem_to,
            o.trade_share,
            n.nav,
        )
        .subquery()
    )
    taken = (
        select(ol.lot_id, func.sum(ol.shares).label("shares"))
        .join(o, ol.order_id == o.id)
        .join(n, priced)
        .where(due)
        .group_by(ol.lot_id)
        .subquery()
    )
    _execute(
        session,
        update(HoldingLot)
        .where(HoldingLot.id == taken.c.lot_id)
        .values(shares=HoldingLot.shares - taken.c.shares),
    )
    p = per_order.c
    sold = (
        select(
            p.financial_account_id,
            p.fund_code,
            p.portfolio_code,
            func.sum(p.trade_share).label("shares"),
            func.sum(p.gross - p.fee).label("net"),
        )
        .group_by(p.financial_account_id, p.fund_code, p.portfolio_code)
        .subquery()
    )
    h = Holding
    cost_share = m.muldiv([fig(h.cost), Fig(sold.c.shares, 2)], [fig(h.shares)], scale=2)
    _execute(
        session,
        update(Holding)
        .where(_same_holding(Holding, sold.c))
        .values(
            shares=h.shares - sold.c.shares,
            frozen_shares=case(
                (h.frozen_shares > sold.c.shares, h.frozen_shares - sold.c.shares), else_=_ZERO
            ),
            cost=h.cost - case((sold.c.shares >= h.shares, h.cost), else_=cost_share),
            redeemed_net=h.redeemed_net + sold.c.net,
        ),
    )
    to_wallet = (
        select(
            p.financial_account_id,
            func.min(p.broker_user_id).label("broker_user_id"),
            func.min(p.account_id).label("account_id"),
            func.sum(p.gross - p.fee).label("amount"),
        )
        .where(p.redeem_to == REDEEM_TO_WALLET, p.fund_code != WALLET_FUND_CODE)
        .group_by(p.financial_account_id)
        .subquery()
    )
    credit_wallet(session, to_wallet, day)
    return _execute(
        session,
        update(TradeOrder)
        .where(TradeOrder.id == p.id)
        .values(
            nav=p.nav,
            confirmed_amount=p.gross,
            fee=p.fee,
            net_amount=p.gross - p.fee,
            confirmed_shares=TradeOrder.trade_share,
            confirmed_at=day,
            confirm_status=_done(TradeOrder.confirm_status, "2"),
        ),
    )


# -- conversions ----------------------------------------------------------------------------


def settle_conversions(session: Session, m: SqlMoney, day: date) -> int:
    """Stage 4b: a fund conversion (036, docs/trading.md "Convert") buys fund B with the cash
    of its redemption of fund A, both priced at T and confirmed in the same run.

    Once the redemption is confirmed (stage 4), its net funds the buy with the rebalancing's
    machinery (:func:`_fund_buys_from_sells`: the one buy takes the whole proceeds, its fee
    difference taken 外扣法 at the rate fixed at order time; a redemption that brought nothing
    fails the buy), and the purchase stages run again for the buys just funded (a fund now
    暂停申购 fails its buy and the cash goes to the wallet). Returns the buys funded or failed
    plus the purchases failed and confirmed. When nothing was funded (a day without a due
    conversion, and any second run of a day) nothing else runs."""
    funded = _fund_buys_from_sells(
        session, m, day, parent_code=CONVERT, fail_reason=FAIL_CONVERT_UNFUNDED
    )
    if not funded:
        return 0
    return funded + fail_stopped_purchases(session, m, day) + confirm_purchases(session, m, day)


# -- dividends ------------------------------------------------------------------------------


def pay_dividends(session: Session, m: SqlMoney, day: date) -> int:
    """Stage 5: dividends with ex-date D, in cash or reinvested (DESIGN §4 "Dividends")."""
    h, dv, n = Holding, FundDividend, FundNav
    o = TradeOrder
    cash = m.mul(fig(h.shares), fig(dv.cash_per_share))
    reinvest = h.dividend_method == REINVEST
    order_no = literal(f"DV{day:%Y%m%d}H", String()) + cast(h.id, String())
    apply_time = literal(datetime.combine(day, DIVIDEND_TIME, BEIJING), AwareDateTime())
    recorded = exists().where(_same_holding(o, h), o.order_code == DIVIDEND, o.trade_date == day)
    session.execute(
        insert(TradeOrder).from_select(
            [
                "broker_order_no",
                "broker_user_id",
                "account_id",
                "financial_account_id",
                "order_code",
                "fund_code",
                "portfolio_code",
                "confirm_status",
                "pay_status",
                "pay_method",
                "trade_amount",
                "trade_share",
                "apply_time",
                "trade_date",
                "confirm_date",
                "arrival_date",
                "net_amount",
                "nav",
                "confirmed_shares",
                "confirmed_amount",
                "confirmed_at",
                "redeem_to",
            ],
            select(
                order_no,
                h.broker_user_id,
                h.account_id,
                h.financial_account_id,
                literal(DIVIDEND),
                h.fund_code,
                h.portfolio_code,
                literal("0"),  # until the holdings are credited below
                literal(PAID),
                literal(""),
                cash,
                h.shares,
                apply_time,
                _day(day),
                _day(day),
                dv.pay_date,
                cash,
                n.nav,
                case((reinvest, m.div(Fig(cash, 2), fig(n.nav))), else_=_ZERO),
                cash,
                _day(day),
                case((reinvest, literal("")), else_=literal(REDEEM_TO_CARD)),
            )
            .join(dv, and_(dv.fund_code == h.fund_code, dv.ex_date == day))
            .join(n, and_(n.fund_code == h.fund_code, n.nav_date == day))
            .where(h.shares > 0, cash > _ZERO, ~recorded),
        )
    )
    new = and_(o.order_code == DIVIDEND, o.confirm_status == "0", o.trade_date == day)
    paid = (
        select(
            o.financial_account_id,
            o.fund_code,
            o.portfolio_code,
            func.sum(case((o.redeem_to == REDEEM_TO_CARD, o.trade_amount), else_=_ZERO)).label(
                "cash"
            ),
            func.sum(o.confirmed_shares).label("shares"),
        )
        .where(new)
        .group_by(o.financial_account_id, o.fund_code, o.portfolio_code)
        .subquery()
    )
    session.execute(
        insert(HoldingLot).from_select(
            ["holding_id", "confirm_date", "shares"],
            select(Holding.id, _day(day), o.confirmed_shares)
            .join(o, _same_holding(Holding, o))
            .where(new, o.confirmed_shares > 0),
        )
    )
    _execute(
        session,
        update(Holding)
        .where(_same_holding(Holding, paid.c))
        .values(
            cash_dividends=Holding.cash_dividends + paid.c.cash,
            shares=Holding.shares + paid.c.shares,
        ),
    )
    return _execute(session, update(TradeOrder).where(new).values(confirm_status="2"))


# -- portfolio parents ----------------------------------------------------------------------


def finalise_parents(session: Session, m: SqlMoney, day: date) -> int:
    """Stage 6: a portfolio parent follows its children once all are final (DESIGN §4)."""
    parent = TradeOrder
    child = aliased(TradeOrder)

    def children(*where: Any) -> ColumnElement[bool]:
        return exists().where(child.parent_id == parent.id, *where)

    def children_sum(column: Any, *where: Any) -> Any:
        return (
            select(func.coalesce(func.sum(column), _ZERO))
            .where(
                child.parent_id == parent.id,
                child.confirm_status.in_(CONFIRMED_STATUSES),
                *where,
            )
            .scalar_subquery()
        )

    is_sale = parent.order_code == PO_SELL
    # A rebalancing (P04): the amount is what its sells redeemed (gross), the fee both the
    # sells' redemption fees and the buys' purchase fees; net_amount (the buys' net) stays.
    is_adjust = parent.order_code == PO_ADJUST
    # A conversion (036) keeps plain digits (2 both legs confirmed, 3 part, 1 failed); its
    # amount and net are what entered fund B (the buy's net), its confirmed shares the shares
    # of A redeemed, its fee the redemption fee and the purchase-fee difference.
    is_convert = parent.order_code == CONVERT

    def status(po: str, digit: str) -> ColumnElement[str]:
        return case((is_convert, literal(digit)), else_=literal(po))

    bought = child.order_code.in_(PURCHASE_CODES)
    return _execute(
        session,
        update(parent)
        .where(
            parent.order_code.in_(PARENT_CODES),
            parent.confirm_status.in_(FUNDED_PARENT_WAITING),
            children(),
            ~children(child.confirm_status.not_in(FINAL_STATUSES)),
        )
        .values(
            confirm_status=case(
                (
                    ~children(child.confirm_status.not_in(CONFIRMED_STATUSES)),
                    status(PO_ALL_CONFIRMED, CONFIRMED),
                ),
                (children(child.confirm_status.in_(CONFIRMED_STATUSES)), status(PO_PART, PART)),
                (
                    children(child.confirm_status.not_in(CANCELLED_STATUSES)),
                    status(PO_ALL_FAILED, FAILED),
                ),
                else_=status(PO_CANCELLED, CANCELLED),
            ),
            confirmed_at=day,
            confirmed_amount=case(
                (is_adjust, children_sum(child.confirmed_amount, child.order_code == REDEEM)),
                (is_convert, children_sum(child.confirmed_amount, bought)),
                else_=children_sum(child.confirmed_amount),
            ),
            fee=case(
                (or_(is_sale, is_adjust, is_convert), children_sum(child.fee)), else_=parent.fee
            ),
            net_amount=case(
                (is_sale, children_sum(child.net_amount)),
                # A rebalancing or conversion: its confirmed buys' net, as funded by its sells.
                (or_(is_adjust, is_convert), children_sum(child.net_amount, bought)),
                else_=parent.net_amount,
            ),
            confirmed_shares=case(
                (is_convert, children_sum(child.confirmed_shares, child.order_code == REDEEM)),
                else_=parent.confirmed_shares,
            ),
        ),
    )


# -- valuation ------------------------------------------------------------------------------


def value_holdings(session: Session, m: SqlMoney, day: date) -> int:
    """Stage 7: value holdings at NAV_D and write the day's profit rows (DESIGN §5)."""
    h, n = Holding, FundNav
    market_value = m.mul(fig(h.shares), fig(n.nav))
    accumulated = market_value + h.redeemed_net + h.cash_dividends - h.paid_in
    due = and_(
        n.fund_code == h.fund_code,
        n.nav_date == day,
        or_(h.nav_date.is_(None), h.nav_date < day),
        or_(h.shares > 0, h.status == HOLDING),
    )
    session.execute(
        insert(HoldingDailyProfit).from_select(
            [
                "holding_id",
                "profit_date",
                "broker_user_id",
                "financial_account_id",
                "profit",
                "market_value",
                "accumulated_profit",
            ],
            select(
                h.id,
                _day(day),
                h.broker_user_id,
                h.financial_account_id,
                accumulated - h.accumulated_profit,
                market_value,
                accumulated,
            ).where(due),
        )
    )
    # No NOT EXISTS on holding_daily_profit: the row is keyed (holding_id, profit_date) and is
    # written together with the valuation below, in the same transaction and under the same
    # guard (nav_date < D), so a second run selects nothing. (An anti-join on the table being
    # inserted into also rescans its growing heap on PostgreSQL: quadratic.)
    empty = h.shares == 0
    return _execute(
        session,
        update(Holding)
        .where(due)
        .values(
            nav=n.nav,
            nav_date=day,
            market_value=market_value,
            holding_profit=market_value - h.cost,
            accumulated_profit=accumulated,
            previous_profit=accumulated - h.accumulated_profit,
            profit_date=day,
            status=case((empty, CLEARED), else_=HOLDING),
            cleared_date=case((empty, func.coalesce(h.cleared_date, _day(day))), else_=null()),
        ),
    )


#: The stages in the order they run.
STAGES: list[tuple[str, Stage]] = [
    ("wallet_income", credit_wallet_income),
    ("rebalancing_funded", fund_rebalancing_buys),
    ("purchases_failed", fail_stopped_purchases),
    ("purchases", confirm_purchases),
    ("redemptions", confirm_redemptions),
    ("conversions", settle_conversions),
    ("dividends", pay_dividends),
    ("parents", finalise_parents),
    ("valued", value_holdings),
]


def settle_day(session: Session, *, day: date) -> dict[str, int]:
    """Settle ``day`` in the caller's transaction; returns the rows each stage touched.
    Idempotent: a second run of the same day touches nothing."""
    session.flush()
    m = SqlMoney.of(session)
    if not m.sqlite:
        # Each statement runs once, over all of the day's rows, with long exact-rounding
        # expressions: PostgreSQL's LLVM compilation of them (jit, chosen above its cost
        # threshold) takes longer than it saves, about a second per statement.
        session.execute(text("SET LOCAL jit = off"))
    report = {name: stage(session, m, day) for name, stage in STAGES}
    session.expire_all()
    return report
