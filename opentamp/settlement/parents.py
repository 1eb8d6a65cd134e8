"""Settlement stage 6: portfolio parents (P02/P03/P04) and conversions (036) follow their
children once all are final (see :mod:`opentamp.settlement.service`)."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import (
    case,
    exists,
    func,
    literal,
    or_,
    select,
    update,
)
from sqlalchemy.orm import Session, aliased
from sqlalchemy.sql.elements import ColumnElement

from opentamp.kit.money import SqlMoney
from opentamp.models.orders import (
    CANCELLED,
    CONFIRMED,
    CONVERT,
    FAILED,
    PART,
    PO_ADJUST,
    PO_ALL_CONFIRMED,
    PO_ALL_FAILED,
    PO_CANCELLED,
    PO_PART,
    PO_SELL,
    REDEEM,
    TradeOrder,
)
from opentamp.settlement.common import (
    CANCELLED_STATUSES,
    CONFIRMED_STATUSES,
    FINAL_STATUSES,
    FUNDED_PARENT_WAITING,
    PARENT_CODES,
    PURCHASE_CODES,
    ZERO_SQL,
    execute,
)


def finalise_parents(session: Session, m: SqlMoney, day: date) -> int:
    """Stage 6: a portfolio parent follows its children once all are final
    (docs/rules.md#fund-trading)."""
    parent = TradeOrder
    child = aliased(TradeOrder)

    def children(*where: Any) -> ColumnElement[bool]:
        return exists().where(child.parent_id == parent.id, *where)

    def children_sum(column: Any, *where: Any) -> Any:
        return (
            select(func.coalesce(func.sum(column), ZERO_SQL))
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
    return execute(
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
