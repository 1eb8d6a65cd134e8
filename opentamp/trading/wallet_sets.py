"""The SQL twin of :func:`~opentamp.trading.wallet_shares.take_wallet_shares` for a whole set
of wallet-paid orders at once (the daily steps of the plans and of the signal follows)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    String,
    case,
    cast,
    func,
    insert,
    select,
    type_coerce,
    update,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Session, aliased
from sqlalchemy.sql.elements import ColumnElement

from opentamp import rules
from opentamp.kit.money import Fig, Money, SqlMoney, fig
from opentamp.kit.sets import analyze, constant, scratch
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.models.orders import OrderLot, TradeOrder
from opentamp.trading import repository as repo

#: Orders whose lots are claimed until they are confirmed: trading's own definition, the one
#: ``plan_lots`` skips (``repository.claimed_shares``).
FREEZING_CODES = repo.FREEZING_CODES
WAITING_REDEMPTIONS = repo.WAITING_STATUSES
NO_SYNC = {"synchronize_session": False}


def take_wallet_shares_set(session: Session, paid: Any, *, record_cost: bool = False) -> None:
    """The wallet shares paying a set of orders leave the wallet at once, as W04's do.

    ``paid`` selects ``(order id, wallet holding id, amount, start)``: ``start`` is the sum
    of the amounts of the holding's orders before this one (a running sum in the order the
    orders take their shares). Per wallet holding the total ``t``; the lots shrink first in
    first out over their shares not claimed by waiting redemptions, each order recording the
    part of each lot it took (``order_lot``, fee rate 0, the overlap of its running range with
    the lot's); the holding loses ``t`` shares and their average cost, and ``t`` counts as
    paid out (``redeemed_net``). With ``record_cost``, an order that is its holding's only one
    keeps the cost it took in ``extMetaInfo.walletCostTaken``, as the order placed alone does
    (a cancel gives it back)."""
    m = SqlMoney.of(session)
    h, lot = Holding, HoldingLot
    table = scratch(
        session, "wallet_paid", Column("oid", BigInteger), Column("hid", BigInteger),
        Column("amount", Money()), Column("start", Money()),
    )  # fmt: skip
    session.execute(
        insert(table).from_select(["oid", "hid", "amount", "start"], paid),
        execution_options=NO_SYNC,
    )
    if session.scalar(select(func.count()).select_from(table)) == 0:
        table.drop(session.connection())
        return
    analyze(session, m, table)
    holdings = select(table.c.hid).distinct()
    claim, claimer = aliased(OrderLot), aliased(TradeOrder)
    claimed = (
        select(claim.lot_id, func.sum(claim.shares).label("claimed"))
        .join(claimer, claimer.id == claim.order_id)
        .where(
            claim.lot_id.in_(select(lot.id).where(lot.holding_id.in_(holdings))),
            claimer.order_code.in_(FREEZING_CODES),
            claimer.confirm_status.in_(WAITING_REDEMPTIONS),
        )
        .group_by(claim.lot_id)
        .subquery()
    )
    lots = scratch(
        session, "wallet_lots", Column("lid", BigInteger), Column("hid", BigInteger),
        Column("free", Money()), Column("before", Money()),
    )  # fmt: skip
    free = lot.shares - func.coalesce(claimed.c.claimed, 0)
    window = func.sum(free).over(partition_by=lot.holding_id, order_by=(lot.confirm_date, lot.id))
    session.execute(
        insert(lots).from_select(
            ["lid", "hid", "free", "before"],
            select(lot.id, lot.holding_id, free, window - free)
            .outerjoin(claimed, claimed.c.lot_id == lot.id)
            .where(lot.holding_id.in_(holdings)),
        ),
        execution_options=NO_SYNC,
    )
    analyze(session, m, lots)
    # Each order's part of each lot: the overlap of [start, start + amount) and
    # [before, before + free).
    low = case((table.c.start > lots.c.before, table.c.start), else_=lots.c.before)
    end_o, end_l = table.c.start + table.c.amount, lots.c.before + lots.c.free
    high = case((end_o < end_l, end_o), else_=end_l)
    overlap = (
        select(table.c.oid, lots.c.lid, high - low, constant(m, Decimal(0), 8))
        .join(lots, lots.c.hid == table.c.hid)
        .where(high > low)
    )
    session.execute(
        insert(OrderLot).from_select(["order_id", "lot_id", "shares", "fee_rate"], overlap),
        execution_options=NO_SYNC,
    )
    taken = (
        select(OrderLot.lot_id.label("lid"), func.sum(OrderLot.shares).label("taken"))
        .where(OrderLot.order_id.in_(select(table.c.oid)))
        .group_by(OrderLot.lot_id)
        .subquery()
    )
    session.execute(
        update(lot).where(lot.id == taken.c.lid).values(shares=lot.shares - taken.c.taken),
        execution_options=NO_SYNC,
    )
    totals = scratch(
        session, "wallet_totals", Column("hid", BigInteger), Column("total", Money()),
        Column("orders", BigInteger), Column("cost_taken", Money()),
    )  # fmt: skip
    sums = (
        select(
            table.c.hid,
            func.sum(table.c.amount).label("total"),
            func.count().label("orders"),
        )
        .group_by(table.c.hid)
        .subquery()
    )
    cost_taken = rules.redeemed_cost_sql(m, fig(h.cost), Fig(sums.c.total, 2), fig(h.shares))
    session.execute(
        insert(totals).from_select(
            ["hid", "total", "orders", "cost_taken"],
            select(sums.c.hid, sums.c.total, sums.c.orders, cost_taken).join(h, h.id == sums.c.hid),
        ),
        execution_options=NO_SYNC,
    )
    if record_cost:
        _record_cost(session, m, table, totals)
    left = h.shares - totals.c.total
    nav = Fig(func.coalesce(h.nav, constant(m, Decimal(1), 4)), 4)
    session.execute(
        update(h)
        .where(h.id == totals.c.hid)
        .values(
            cost=h.cost - totals.c.cost_taken,
            redeemed_net=h.redeemed_net + totals.c.total,
            shares=left,
            market_value=rules.market_value_sql(m, Fig(left, 2), nav),
        ),
        execution_options=NO_SYNC,
    )
    session.execute(
        update(h)
        .where(h.id.in_(select(totals.c.hid)))
        .values(holding_profit=h.market_value - h.cost),
        execution_options=NO_SYNC,
    )
    for scratch_table in (totals, lots, table):
        scratch_table.drop(session.connection())


def _record_cost(session: Session, m: SqlMoney, paid: Any, totals: Any) -> None:
    """``extMetaInfo.walletCostTaken`` of each order that is its holding's only one: the cost
    as text, as ``f"{cost}"`` writes a Decimal of two places."""
    o = TradeOrder
    cost = totals.c.cost_taken
    meta: ColumnElement[Any]
    if m.sqlite:  # minor units
        units = type_coerce(func.abs(cost), BigInteger())
        text = case((cost < 0, "-"), else_="") + func.printf("%d.%02d", units // 100, units % 100)
        meta = func.json_set(o.ext_meta_info, "$.walletCostTaken", text)
    else:
        meta = cast(
            cast(o.ext_meta_info, JSONB).op("||")(
                func.jsonb_build_object("walletCostTaken", cast(cost, String))
            ),
            o.ext_meta_info.type,
        )
    session.execute(
        update(o)
        .where(o.id == paid.c.oid, paid.c.hid == totals.c.hid, totals.c.orders == 1)
        .values(ext_meta_info=meta),
        execution_options=NO_SYNC,
    )


__all__ = ["FREEZING_CODES", "WAITING_REDEMPTIONS", "take_wallet_shares_set"]
