"""Stage 7: the day's finished orders recorded as events of the outbox
(docs/notices.md#the-events), in one ``INSERT … SELECT`` over the orders the day confirmed or
failed: a top-level order each (a portfolio order once, not per component fund). Cancelled
orders, dividends and adviser fees are not such events (the fee has its own)."""

from __future__ import annotations

from datetime import date

from sqlalchemy import case, func, literal, select
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

    The broker and the fund's or portfolio's name are looked up by key per order (scalar
    subqueries) rather than joined: the day's finished orders were set by the stages just
    before, so PostgreSQL's statistics still count none of them, and a join planned for one
    row scans the fund table once per order."""
    o = TradeOrder
    done = o.confirm_status.in_(DONE)
    kind = case((done, literal(ORDER_CONFIRMED)), else_=literal(ORDER_FAILED))
    broker_id = (
        select(BrokerUser.broker_id).where(BrokerUser.id == o.broker_user_id).scalar_subquery()
    )
    fund_name = (
        select(Fund.name).where(Fund.code == o.fund_code, o.portfolio_code == "").scalar_subquery()
    )
    portfolio_name = (
        select(Portfolio.name)
        .where(Portfolio.code == o.portfolio_code, o.fund_code == "")
        .scalar_subquery()
    )
    rows = select(
        kind + literal(":") + o.broker_order_no,
        kind,
        broker_id,
        o.broker_user_id,
        o.broker_order_no,
        func.coalesce(fund_name, portfolio_name, o.fund_code),
        case((done, o.confirmed_amount), else_=o.trade_amount),
        o.order_code + literal("|") + o.fail_reason,
        day_literal(day),
        event_time(day),
    ).where(
        o.confirmed_at == day_literal(day),
        o.parent_id.is_(None),
        o.order_code.in_(NOTIFIED_CODES),
        o.confirm_status.in_(DONE + FAILED_STATUSES),
    )
    return record_events(session, rows)
