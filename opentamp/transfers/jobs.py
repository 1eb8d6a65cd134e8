"""The transfer-in daily step (docs/transfers.md#states), order 35: after settlement valued
the day's holdings (20) and the payouts (30). Each application moves at most one state a day,
so an application taken in on T is READY on T, TRANSFER_IN on T+1 and COMPLETE on T+2 (when
every fund of it published T+2's NAV; otherwise it waits a day). A fund that stopped trading
when the transfer would start fails it (TA_ERROR) with the reason on its orders."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from opentamp.jobs import daily_step
from opentamp.models.orders import CONFIRMED, FAILED, TradeOrder
from opentamp.models.products import STATUS_STOP_TRADE, Fund, FundNav
from opentamp.models.transfers import (
    APPLYING,
    COMPLETE,
    READY,
    TA_ERROR,
    TRANSFER_IN,
    TransferApplication,
    TransferItem,
)
from opentamp.settlement.api import book_transfer_in

NO_SYNC = {"synchronize_session": False}


def execute(session: Session, stmt: Any) -> int:
    result = session.execute(stmt, execution_options=NO_SYNC)
    return max(int(result.rowcount or 0), 0)  # type: ignore[attr-defined]


def _complete(session: Session, day: date) -> int:
    done = 0
    due = session.scalars(
        select(TransferApplication)
        .where(TransferApplication.status == TRANSFER_IN, TransferApplication.status_date < day)
        .order_by(TransferApplication.id)
    ).all()
    for application in due:
        items = session.scalars(
            select(TransferItem).where(TransferItem.application_id == application.id)
        ).all()
        navs = {
            code: nav
            for code, nav in session.execute(
                select(FundNav.fund_code, FundNav.nav).where(
                    FundNav.nav_date == day, FundNav.fund_code.in_([i.fund_code for i in items])
                )
            )
        }
        if any(i.fund_code not in navs for i in items):
            continue
        for item in items:
            book_transfer_in(
                session,
                broker_user_id=application.broker_user_id,
                account_id=application.account_id,
                financial_account_id=application.financial_account_id,
                fund_code=item.fund_code,
                shares=item.shares,
                cost=item.cost,
                nav=navs[item.fund_code],
                day=day,
            )
            session.execute(
                update(TradeOrder)
                .where(TradeOrder.id == item.order_id)
                .values(
                    confirm_status=CONFIRMED,
                    confirmed_shares=item.shares,
                    confirmed_amount=item.cost,
                    nav=navs[item.fund_code],
                    confirmed_at=day,
                    confirm_date=day,
                ),
                execution_options=NO_SYNC,
            )
        application.status, application.status_date = COMPLETE, day
        application.complete_date = day
        done += 1
    return done


def _start(session: Session, day: date) -> tuple[int, int]:
    started = failed = 0
    due = session.scalars(
        select(TransferApplication)
        .where(TransferApplication.status == READY, TransferApplication.status_date < day)
        .order_by(TransferApplication.id)
    ).all()
    for application in due:
        stopped = session.scalars(
            select(Fund.name)
            .join(TransferItem, TransferItem.fund_code == Fund.code)
            .where(
                TransferItem.application_id == application.id,
                Fund.status == STATUS_STOP_TRADE,
            )
        ).all()
        if stopped:
            reason = f"{'、'.join(stopped)}暂停交易，登记机构未能办理转入"
            application.status, application.fail_reason = TA_ERROR, reason
            order_ids = select(TransferItem.order_id).where(
                TransferItem.application_id == application.id
            )
            session.execute(
                update(TradeOrder)
                .where(TradeOrder.id.in_(order_ids))
                .values(confirm_status=FAILED, fail_reason=reason),
                execution_options=NO_SYNC,
            )
            failed += 1
        else:
            application.status = TRANSFER_IN
            started += 1
        application.status_date = day
    return started, failed


def advance(session: Session, day: date) -> dict[str, int]:
    """Move the applications one state (latest state first, so none moves twice)."""
    completed = _complete(session, day)
    started, failed = _start(session, day)
    ready = execute(
        session,
        update(TransferApplication)
        .where(TransferApplication.status == APPLYING, TransferApplication.trade_date <= day)
        .values(status=READY, status_date=day),
    )
    session.flush()
    return {"ready": ready, "transfer_in": started, "ta_error": failed, "complete": completed}


@daily_step("transfers.advance", order=35)
def advance_step(session: Session, day: date) -> str:
    return ", ".join(f"{k} {v}" for k, v in advance(session, day).items())
