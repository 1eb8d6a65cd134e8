"""Stage 7: the day's finished orders recorded as events of the outbox
(docs/notices.md#the-events), in one ``INSERT … SELECT`` over the orders the day confirmed or
failed: a top-level order each (a portfolio order once, not per component fund). Cancelled
orders, dividends and adviser fees are not such events (the fee has its own)."""

from __future__ import annotations

from datetime import date

from sqlalchemy import and_, case, func, literal, select, text
from sqlalchemy.orm import Session

from opentamp.core.events import ORDER_CONFIRMED, ORDER_FAILED, event_time, record_events
from opentamp.kit.money import SqlMoney
from opentamp.models.auth import BrokerUser
from opentamp.models.orders import (
    CONFIRMED,
    CONVERT,
    FAILED,
    PLAN_PURCHASE,
    PO_ADJUST,
    PO_ALL_CONFIRMED,
    PO_ALL_FAILED,
    PO_BUY,
    PO_PART,
    PO_SELL,
    PURCHASE,
    REDEEM,
    SUBSCRIBE,
    WALLET_PAID_PURCHASE,
    WALLET_PLAN_PURCHASE,
    WALLET_RECHARGE,
    WALLET_WITHDRAW,
    TradeOrder,
)
from opentamp.models.products import Fund, Portfolio
from opentamp.settlement.common import day_literal

#: The order codes a customer hears about when they finish.
NOTIFIED_CODES = (
    SUBSCRIBE,
    PURCHASE,
    PLAN_PURCHASE,
    REDEEM,
    CONVERT,
    PO_BUY,
    PO_SELL,
    PO_ADJUST,
    WALLET_RECHARGE,
    WALLET_WITHDRAW,
    WALLET_PAID_PURCHASE,
    WALLET_PLAN_PURCHASE,
)
DONE = (CONFIRMED, "W" + CONFIRMED, PO_ALL_CONFIRMED, PO_PART)
FAILED_STATUSES = (FAILED, "W" + FAILED, PO_ALL_FAILED)


def record_order_events(session: Session, m: SqlMoney, day: date) -> int:
    """Record ``order.confirmed`` / ``order.failed`` for the orders finished on ``day``.

    The broker and the fund's or portfolio's name are joined by key. The day's finished
    orders were set by the stages just before, so PostgreSQL's statistics still count none of
    them: planned for one row, each join would be a loop that scans the (small) catalogue
    table once per order. The statement runs with nested loops off, which leaves hash joins
    over the catalogue, read once."""
    o = TradeOrder
    done = o.confirm_status.in_(DONE)
    kind = case((done, literal(ORDER_CONFIRMED)), else_=literal(ORDER_FAILED))
    rows = (
        select(
            kind + literal(":") + o.broker_order_no,
            kind,
            BrokerUser.broker_id,
            o.broker_user_id,
            o.broker_order_no,
            func.coalesce(Fund.name, Portfolio.name, o.fund_code),
            case((done, o.confirmed_amount), else_=o.trade_amount),
            o.order_code + literal("|") + o.fail_reason,
            day_literal(day),
            event_time(day),
        )
        .outerjoin(BrokerUser, BrokerUser.id == o.broker_user_id)
        .outerjoin(Fund, and_(Fund.code == o.fund_code, o.portfolio_code == ""))
        .outerjoin(Portfolio, and_(Portfolio.code == o.portfolio_code, o.fund_code == ""))
        .where(
            o.confirmed_at == day_literal(day),
            o.parent_id.is_(None),
            o.order_code.in_(NOTIFIED_CODES),
            o.confirm_status.in_(DONE + FAILED_STATUSES),
        )
    )
    if m.sqlite:
        return record_events(session, rows)
    nestloop = session.execute(text("SELECT current_setting('enable_nestloop')")).scalar_one()
    session.execute(text("SET LOCAL enable_nestloop = off"))
    recorded = record_events(session, rows)
    session.execute(text("SELECT set_config('enable_nestloop', :was, true)"), {"was": nestloop})
    return recorded
