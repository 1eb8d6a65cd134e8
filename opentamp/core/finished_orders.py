"""The orders a customer hears about when they finish (docs/notices.md#the-events): which
orders, and what a notice of one says, written once for settlement (which records one
``orders.finished`` event per user and day of them) and the notice centre (which makes a
notice of each, and reads its fields from the order).

A finished order is a top-level order (a portfolio order once, not per component fund) of a
notified code, confirmed or failed on its day (``confirmed_at``); not cancellations, dividends
or adviser fees (the fee has its own event)."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import ColumnElement, String, and_, case, cast, func, literal
from sqlalchemy.orm import aliased
from sqlalchemy.sql.elements import SQLCoreOperations

from opentamp.core.events import ORDER_CONFIRMED, ORDER_FAILED, ORDERS_FINISHED
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
from opentamp.rules.order_words import PLAN_MARK

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


def finished_on(o: Any, day: SQLCoreOperations[date]) -> list[ColumnElement[bool]]:
    """The conditions of an order ``o`` (``TradeOrder`` or an alias) finished on ``day``."""
    return [
        o.confirmed_at == day,
        o.parent_id.is_(None),
        o.order_code.in_(NOTIFIED_CODES),
        o.confirm_status.in_(DONE + FAILED_STATUSES),
    ]


def day_key(broker_user_id: int, day: date) -> str:
    """The key of a user's day of finished orders, without its kind (``record_event``'s
    ``key``): ``<user id>:<day>``."""
    return f"{broker_user_id}:{day.isoformat()}"


def day_key_column(broker_user_id: ColumnElement[int], day: date) -> ColumnElement[str]:
    """The full key ``orders.finished:<user id>:<day>`` of :func:`day_key`, as a column (the
    events of a set of users)."""
    return (
        literal(ORDERS_FINISHED + ":")
        + cast(broker_user_id, String)
        + literal(":" + day.isoformat())
    )


#: The kinds of the one event of an order that settlement recorded before 2026-11-27, under
#: the key ``<kind>:<order number>`` (their notices read the event, ``order_id`` 0).
ORDER_EVENT_KINDS = (ORDER_CONFIRMED, ORDER_FAILED)


def order_event_key(o: Any) -> ColumnElement[str]:
    """The key an order's own event had before 2026-11-27 (``order.confirmed:<order no>`` or
    ``order.failed:<order no>``, by :func:`order_kind`, as settlement recorded it then): an
    order with that event has its notice from it. One key, so one look-up in the outbox's
    unique index an order."""
    key: ColumnElement[str] = order_kind(o) + literal(":") + o.broker_order_no
    return key


def order_kind(o: Any) -> ColumnElement[str]:
    """``order.confirmed`` or ``order.failed``: the kind of a finished order's notice."""
    return case((o.confirm_status.in_(DONE), literal(ORDER_CONFIRMED)), else_=literal(ORDER_FAILED))


#: The order a notice reads (an alias: the notices' queries join it beside other tables).
NOTICE_ORDER = aliased(TradeOrder, name="notice_order")
_FUND = aliased(Fund, name="notice_fund")
_PORTFOLIO = aliased(Portfolio, name="notice_portfolio")


def _plan_mark(o: Any) -> ColumnElement[str]:
    """``+plan`` after the code of a portfolio purchase a 定投 plan placed (its
    ``extMetaInfo.investPlanId``), so that its notice reads 组合定投 (``rules.order_words``)."""
    planned = and_(o.order_code == PO_BUY, o.ext_meta_info["investPlanId"].as_string().is_not(None))
    return case((planned, literal(PLAN_MARK)), else_=literal(""))


def with_order_fields(rows: Any, order_id: SQLCoreOperations[int]) -> Any:
    """``rows`` with the fields of a finished order's notice added as columns (all NULL when
    ``order_id`` names no order): its number (``ref``), the fund's or portfolio's name
    (``subject``), the confirmed amount or, failed, the amount paid (``amount``) and
    ``<order code>|<fail reason>`` (``detail``; ``P02+plan`` for a plan's portfolio
    purchase). One query for a page of notices, whatever their number: the order by its id,
    the names by their codes."""
    o = NOTICE_ORDER
    return (
        rows.add_columns(
            o.broker_order_no.label("order_ref"),
            func.coalesce(_FUND.name, _PORTFOLIO.name, o.fund_code).label("order_subject"),
            case((o.confirm_status.in_(DONE), o.confirmed_amount), else_=o.trade_amount).label(
                "order_amount"
            ),
            (o.order_code + _plan_mark(o) + literal("|") + o.fail_reason).label("order_detail"),
        )
        .outerjoin(o, o.id == order_id)
        .outerjoin(_FUND, and_(_FUND.code == o.fund_code, o.portfolio_code == ""))
        .outerjoin(_PORTFOLIO, and_(_PORTFOLIO.code == o.portfolio_code, o.fund_code == ""))
    )


__all__ = [
    "DONE",
    "FAILED_STATUSES",
    "NOTICE_ORDER",
    "NOTIFIED_CODES",
    "ORDER_EVENT_KINDS",
    "day_key",
    "day_key_column",
    "finished_on",
    "order_event_key",
    "order_kind",
    "with_order_fields",
]
