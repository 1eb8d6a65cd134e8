"""What the settlement stages share: the order codes and statuses they select, the failure
reasons they record, and small SQL helpers (see :mod:`opentamp.settlement.service`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, time
from typing import Any

from sqlalchemy import (
    Date,
    and_,
    case,
    literal,
    literal_column,
    text,
)
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from opentamp.kit.money import SqlMoney
from opentamp.models.orders import (
    CONVERT,
    PLAN_PURCHASE,
    PO_ADJUST,
    PO_BUY,
    PO_SELL,
    PURCHASE,
    REDEEM,
    WALLET_FAST_WITHDRAW,
    WALLET_PAID_PURCHASE,
    WALLET_PLAN_PURCHASE,
    WALLET_RECHARGE,
    WALLET_WITHDRAW,
)
from opentamp.models.products import (
    STATUS_STOP_ALLOT,
    STATUS_STOP_TRADE,
)

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

ZERO_SQL: ColumnElement[Any] = literal_column("0")
#: Bulk statements: no ORM session to synchronise, and the row count kept (SQLAlchemy reports
#: an INSERT's only when asked).
NO_SYNC = {"synchronize_session": False, "preserve_rowcount": True}

Stage = Callable[[Session, SqlMoney, date], int]


def final_status(status: Any, digit: str) -> ColumnElement[str]:
    """The final status of a waiting order, keeping the wallet prefix (W0 → W2)."""
    return case((status == "W0", literal("W" + digit)), else_=literal(digit))


def same_holding(h: Any, row: Any) -> ColumnElement[bool]:
    """A holding row is keyed (financial account, fund, portfolio)."""
    return and_(
        h.financial_account_id == row.financial_account_id,
        h.fund_code == row.fund_code,
        h.portfolio_code == row.portfolio_code,
    )


def day_literal(day: date) -> ColumnElement[date]:
    return literal(day, Date())


def execute(session: Session, stmt: Any) -> int:
    result = session.execute(stmt, execution_options=NO_SYNC)
    return max(int(result.rowcount or 0), 0)  # type: ignore[attr-defined]


@contextmanager
def local_settings(session: Session, **settings: str) -> Iterator[None]:
    """PostgreSQL: the block's statements run with these settings of the server, which are
    then restored (a ``SET LOCAL`` alone would last to the end of the day's transaction). A
    block that fails leaves them to the rollback, which undoes them with everything else (a
    savepoint's too): a statement on the failed transaction would hide the error."""
    get, put = text("SELECT current_setting(:name)"), text("SELECT set_config(:name, :value, true)")
    was = {name: session.execute(get, {"name": name}).scalar_one() for name in settings}
    for name, value in settings.items():
        session.execute(put, {"name": name, "value": value})
    yield
    for name, value in was.items():
        session.execute(put, {"name": name, "value": value})
