"""Settlement stages 2–3: rebalancing buys funded by their sells' proceeds, purchases of a
fund now 暂停申购 failed, due purchases confirmed at NAV_T (see
:mod:`opentamp.settlement.service`)."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace
from typing import Any

from sqlalchemy import (
    and_,
    case,
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
from sqlalchemy.sql.elements import ColumnElement

from opentamp import rules
from opentamp.kit.clock import now
from opentamp.kit.money import SqlMoney, fig
from opentamp.models.holdings import HOLDING, Holding, HoldingLot
from opentamp.models.orders import (
    PAID,
    PAY_WALLET,
    PAYING,
    PO_ADJUST,
    TradeOrder,
)
from opentamp.models.products import (
    Fund,
    FundNav,
)
from opentamp.settlement.common import (
    CONFIRMED_STATUSES,
    FAIL_STOPPED_CARD,
    FAIL_STOPPED_WALLET,
    FAIL_UNFUNDED,
    FUNDED_PARENT_CODES,
    FUNDED_PARENT_WAITING,
    PURCHASE_CODES,
    REDEEM_CODES,
    STOPPED,
    WAITING,
    ZERO_SQL,
    day_literal,
    execute,
    final_status,
    local_settings,
    same_holding,
)
from opentamp.settlement.valuation import market_value_at, profit_upsert, valued_figures
from opentamp.settlement.wallet import credit_wallet, wallet_credits


def due_purchase(o: Any, day: date) -> ColumnElement[bool]:
    return and_(
        o.order_code.in_(PURCHASE_CODES),
        o.confirm_status.in_(WAITING),
        o.pay_status == PAID,
        o.confirm_date <= day,
    )


def rebalancing_buy(o: Any) -> ColumnElement[bool]:
    """A buy under a rebalancing (P04) or conversion (036) parent: paid by its sibling sells,
    never by a card."""
    parent = aliased(TradeOrder)
    return and_(
        o.order_code.in_(PURCHASE_CODES),
        o.parent_id.in_(select(parent.id).where(parent.order_code.in_(FUNDED_PARENT_CODES))),
    )


def unfunded_buy(o: Any) -> ColumnElement[bool]:
    return and_(
        o.order_code.in_(PURCHASE_CODES), o.confirm_status.in_(WAITING), o.pay_status == PAYING
    )


def ready_rebalancings(parent_code: str = PO_ADJUST) -> Any:
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
    "Rebalancing"); returns the buys funded or failed. See :func:`fund_buys_from_sells`."""
    return fund_buys_from_sells(session, m, day, parent_code=PO_ADJUST, fail_reason=FAIL_UNFUNDED)


def fund_buys_from_sells(
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
    # Every statement below touches only the children of ready parents: without one (most
    # days, and any second run of a day) one scan of the orders decides it, instead of the
    # statements' several.
    if not session.scalar(select(exists(ready_rebalancings(parent_code)))):
        return 0
    sell, buy, pick = aliased(TradeOrder), aliased(TradeOrder), aliased(TradeOrder)
    proceeds_of = (
        select(sell.parent_id, func.sum(sell.net_amount).label("proceeds"))
        .where(
            sell.order_code.in_(REDEEM_CODES),
            sell.confirm_status.in_(CONFIRMED_STATUSES),
            sell.parent_id.in_(ready_rebalancings(parent_code)),
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
        .where(unfunded_buy(buy), buy.parent_id.in_(ready_rebalancings(parent_code)))
        .group_by(buy.parent_id)
        .subquery()
    )
    proceeds = func.coalesce(proceeds_of.c.proceeds, ZERO_SQL)
    plan = select(planned_of.c.parent_id, planned_of.c.largest).outerjoin(
        proceeds_of, proceeds_of.c.parent_id == planned_of.c.parent_id
    )
    # The largest buy would end at or below 0.00.
    short = proceeds - planned_of.c.planned + planned_of.c.largest <= ZERO_SQL
    short_parents = plan.with_only_columns(planned_of.c.parent_id).where(short)
    enough = plan.where(~short).subquery()
    largest_buys = (
        select(func.min(pick.id))
        .join(enough, enough.c.parent_id == pick.parent_id)
        .where(unfunded_buy(pick), pick.trade_amount == enough.c.largest)
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
        .where(short, proceeds > ZERO_SQL)
        .group_by(parent.financial_account_id)
        .subquery()
    )
    credit_wallet(session, to_wallet, day)
    failed = execute(
        session,
        update(TradeOrder)
        .where(unfunded_buy(o), o.parent_id.in_(short_parents))
        .values(
            confirm_status=final_status(o.confirm_status, "1"),
            pay_status=PAID,
            confirmed_at=day,
            arrival_date=day,
            fail_reason=fail_reason,
        ),
    )

    s2, b2 = aliased(TradeOrder), aliased(TradeOrder)
    sells_net = (
        select(func.coalesce(func.sum(s2.net_amount), ZERO_SQL))
        .where(
            s2.parent_id == o.parent_id,
            s2.order_code.in_(REDEEM_CODES),
            s2.confirm_status.in_(CONFIRMED_STATUSES),
        )
        .scalar_subquery()
    )
    buys_planned = (
        select(func.sum(b2.trade_amount))
        .where(b2.parent_id == o.parent_id, unfunded_buy(b2))
        .scalar_subquery()
    )
    amount = o.trade_amount + sells_net - buys_planned
    net = rules.purchase_net_sql(m, amount, fig(o.fee_rate), o.fee)
    execute(
        session,
        update(TradeOrder)
        .where(o.id.in_(largest_buys))
        .values(trade_amount=amount, net_amount=net, fee=amount - net),
    )
    funded = execute(
        session,
        update(TradeOrder)
        .where(unfunded_buy(o), o.parent_id.in_(ready_rebalancings(parent_code)))
        .values(pay_status=PAID),
    )
    return failed + funded


def fail_stopped_purchases(session: Session, m: SqlMoney, day: date) -> int:
    """Stage 3a: due purchases of a fund now 暂停申购 fail and are refunded: to the wallet when
    paid from it or by a rebalancing's sells (P04), else to the card."""
    o = TradeOrder
    stopped = select(Fund.code).where(Fund.status.in_(STOPPED))
    # Without a fund 暂停申购 (most days) nothing fails: the catalogue says so without a
    # scan of the orders.
    if not session.scalar(select(exists(stopped))):
        return 0
    failing = and_(due_purchase(o, day), o.fund_code.in_(stopped))
    to_wallet = or_(o.pay_method == PAY_WALLET, rebalancing_buy(o))
    credit_wallet(session, wallet_credits(o, o.trade_amount, failing, to_wallet), day)
    return execute(
        session,
        update(TradeOrder)
        .where(failing)
        .values(
            confirm_status=final_status(o.confirm_status, "1"),
            confirmed_at=day,
            arrival_date=day,
            fail_reason=case(
                (to_wallet, literal(FAIL_STOPPED_WALLET)),
                else_=literal(FAIL_STOPPED_CARD),
            ),
        ),
    )


def sells_waiting(o: Any) -> ColumnElement[bool]:
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
    """Stage 3b: confirm due purchases at NAV_T (docs/rules.md#fund-trading "Purchase").

    The due orders are summed per holding once (``bought``); one upsert on the holding's key
    creates the holdings bought for the first time and adds shares, cost and paid-in to the
    others, and the day's lots are written from it. On PostgreSQL a holding held before is
    updated by its id instead (the figures' read of it gives the id) and only the new ones go
    through the upsert; both also value the holding at NAV_D when D's NAV is published (the
    figures of stage 7, :mod:`valuation`, which then leaves the row alone unless a later stage
    changes it), and their ``RETURNING`` feeds the lots and the day's profit rows in the same
    statement: each holding row is written once. On SQLite the lots follow the upsert and
    stage 7 values the holdings. Then the orders are confirmed."""
    o, n, h = TradeOrder, FundNav, Holding
    priced = and_(n.fund_code == o.fund_code, n.nav_date == o.trade_date)
    stopped = select(Fund.code).where(Fund.status.in_(STOPPED))
    due = and_(due_purchase(o, day), o.fund_code.not_in(stopped), ~sells_waiting(o))
    shares = rules.purchase_shares_sql(m, o.net_amount, fig(n.nav))

    nav_d = aliased(FundNav)
    bought = (
        select(
            o.financial_account_id,
            o.fund_code,
            o.portfolio_code,
            func.min(o.broker_user_id).label("broker_user_id"),
            func.min(o.account_id).label("account_id"),
            func.min(Fund.default_dividend_method).label("dividend_method"),
            func.min(nav_d.nav).label("nav_d"),
            func.sum(shares).label("shares"),
            func.sum(o.trade_amount).label("amount"),
        )
        .join(n, priced)
        .join(Fund, Fund.code == o.fund_code)
        .outerjoin(nav_d, and_(nav_d.fund_code == o.fund_code, nav_d.nav_date == day))
        .where(due)
        .group_by(o.financial_account_id, o.fund_code, o.portfolio_code)
        .cte("bought")
    )
    b = bought.c
    columns = [
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
    ]

    def inserted(c: Any) -> list[Any]:
        """A new holding's row from the bought sums ``c`` (cost and paid-in: the amount)."""
        return [
            c.broker_user_id,
            c.account_id,
            c.financial_account_id,
            c.fund_code,
            c.portfolio_code,
            c.dividend_method,
            c.shares,
            c.amount,
            c.amount,
            day_literal(day),
            literal(HOLDING),
        ]

    values = inserted(b)
    source: Any = bought
    if not m.sqlite:
        # Valued at NAV_D in the same write: each holding's figures after the purchase are
        # computed once per holding, from the row as it stands (none for a new holding), and
        # are the inserted row's; the update takes them. One without D's NAV (or valued after
        # D) keeps its figures. (Should another writer change the row between the read and
        # the update, stage 7 finds its figures disagreeing with its shares and values it.)
        was = aliased(Holding)
        figures = (
            select(
                *b,
                (func.coalesce(was.cost, ZERO_SQL) + b.amount).label("cost"),
                (func.coalesce(was.paid_in, ZERO_SQL) + b.amount).label("paid_in"),
                func.coalesce(was.redeemed_net, ZERO_SQL).label("redeemed_net"),
                func.coalesce(was.cash_dividends, ZERO_SQL).label("cash_dividends"),
                was.id.label("was_id"),
                was.nav_date.label("nav_date_was"),
                func.coalesce(was.accumulated_profit, ZERO_SQL).label("accumulated_was"),
                func.coalesce(was.previous_profit, ZERO_SQL).label("previous_was"),
                market_value_at(m, func.coalesce(was.shares, ZERO_SQL) + b.shares, b.nav_d).label(
                    "market_value"
                ),
            )
            .select_from(bought)
            .outerjoin(was, same_holding(was, b))
            # Materialized: the market value's exact rounding is computed once, not once per
            # figure that adds it.
            .cte("figures")
            .prefix_with("MATERIALIZED")
        )
        source, f = figures, figures.c
        priced_d = f.nav_d.is_not(None)
        after = valued_figures(
            day,
            market_value=f.market_value,
            cost=f.cost,
            redeemed_net=f.redeemed_net,
            cash_dividends=f.cash_dividends,
            paid_in=f.paid_in,
            last=(f.nav_date_was, f.accumulated_was, f.previous_was),
        )
        columns += ["nav", "nav_date", "profit_date", *after]
        values = [
            *inserted(f),
            f.nav_d,
            case((priced_d, day_literal(day)), else_=null()),
            case((priced_d, day_literal(day)), else_=null()),
            *(case((priced_d, x), else_=ZERO_SQL) for x in after.values()),
        ]
    # WHERE: SQLite reads "FROM bought ON CONFLICT" as a join without it.
    new_rows = source.c.shares.is_not(None)
    if not m.sqlite:
        new_rows = and_(new_rows, f.was_id.is_(None))
    upsert = (sqlite_insert if m.sqlite else pg_insert)(Holding).from_select(
        columns, select(*values).select_from(source).where(new_rows)
    )
    new = upsert.excluded

    def added(row: Any) -> dict[str, Any]:
        """The update of a bought holding from the new row's figures ``row``: shares, cost
        and paid-in added, and on PostgreSQL its valuation taken when D's NAV values it."""
        set_: dict[str, Any] = {}
        if not m.sqlite:
            valued = and_(
                row.nav.is_not(None), or_(h.nav_date.is_(None), h.nav_date <= day_literal(day))
            )
            set_ = {
                "nav": case((valued, row.nav), else_=h.nav),
                "nav_date": case((valued, row.nav_date), else_=h.nav_date),
                "profit_date": case((valued, row.profit_date), else_=h.profit_date),
                **{k: case((valued, getattr(row, k)), else_=getattr(h, k)) for k in after},
            }
        return {
            "shares": h.shares + row.shares,
            "cost": h.cost + row.cost,
            "paid_in": h.paid_in + row.paid_in,
            "first_confirm_date": func.coalesce(h.first_confirm_date, row.first_confirm_date),
            "status": HOLDING,
            "cleared_date": null(),
            **set_,
        }

    upsert = upsert.on_conflict_do_update(
        index_elements=[h.financial_account_id, h.fund_code, h.portfolio_code],
        set_={**added(new), "updated_at": new.updated_at},
    )
    lot_columns = ["holding_id", "confirm_date", "shares"]
    if m.sqlite:
        session.execute(upsert)
        session.execute(
            insert(HoldingLot).from_select(
                lot_columns,
                select(h.id, day_literal(day), b.shares).join(bought, same_holding(h, b)),
            )
        )
    else:
        # A holding held before is updated by its id (joined by the figures' read of it); an
        # upsert on the holding's key would look each row up in the unique index and lock it
        # before updating it. The new holdings are inserted (and, should another writer have
        # inserted one meanwhile, updated by the upsert).
        returned = (
            h.id,
            h.broker_user_id,
            h.financial_account_id,
            h.fund_code,
            h.portfolio_code,
            h.nav_date,
            h.previous_profit,
            h.market_value,
            h.accumulated_profit,
        )
        bought_row = {
            "nav": f.nav_d,
            "nav_date": day_literal(day),
            "profit_date": day_literal(day),
            "shares": f.shares,
            "cost": f.amount,
            "paid_in": f.amount,
            "first_confirm_date": day_literal(day),
            **after,
        }
        updated = (
            update(Holding)
            .where(h.id == f.was_id)
            .values(
                {
                    **added(SimpleNamespace(**bought_row)),
                    # A bind of its own: the insert's default is named updated_at too.
                    "updated_at": literal(now(), Holding.updated_at.type),
                }
            )
            .returning(*returned)
            .cte("updated")
        )
        inserted_rows = upsert.returning(*returned).cte("inserted")
        upserted = select(*updated.c).union_all(select(*inserted_rows.c)).cte("upserted")
        u = upserted.c
        lots = insert(HoldingLot).from_select(
            lot_columns,
            select(u.id, day_literal(day), b.shares).join(bought, same_holding(u, b)),
        )
        # The statement's hashes and common table expressions (the day's sums, the figures,
        # the written rows: about 400 MB at 1 000 000 orders) held in memory instead of
        # temporary files; the day's sums stay an index-ordered group aggregate.
        with local_settings(session, work_mem="512MB", enable_hashagg="off"):
            session.execute(
                profit_upsert(
                    m,
                    select(
                        u.id,
                        day_literal(day),
                        u.broker_user_id,
                        u.financial_account_id,
                        u.previous_profit,
                        u.market_value,
                        u.accumulated_profit,
                    )
                    .join(bought, same_holding(u, b))
                    .where(b.nav_d.is_not(None), u.nav_date == day_literal(day)),
                ).add_cte(lots.cte("lots"))
            )
    return execute(
        session,
        update(TradeOrder)
        .where(due, priced)
        .values(
            nav=n.nav,
            confirmed_shares=shares,
            confirmed_amount=o.net_amount,
            confirmed_at=day,
            confirm_status=final_status(o.confirm_status, "2"),
        ),
    )
