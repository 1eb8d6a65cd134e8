"""Rows as the trade calls leave them (orders, holdings, lots), for settlement scenarios.

Purchases carry the fee, net amount and rate fixed at order time; redemptions freeze their
shares and carry one ``order_lot`` row per lot taken, with that lot's fee rate."""

from __future__ import annotations

import itertools
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING
from opentamp.models.accounts import FinancialAccount
from opentamp.models.holdings import Holding, HoldingDailyProfit, HoldingLot
from opentamp.models.orders import OrderLot, TradeOrder
from opentamp.models.products import FUND_TYPE_MONEY_MARKET, WALLET_FUND_CODE, Fund, FundNav
from opentamp.settlement.service import settle_day
from tests.factories import make_account, make_fund

_seq = itertools.count(1)


def D(text_: str) -> Decimal:
    return Decimal(text_)


def investor(session: Session) -> FinancialAccount:
    """An opened account's default financial account."""
    account = make_account(session)
    return session.scalars(
        select(FinancialAccount).where(FinancialAccount.account_id == account.id)
    ).one()


def wallet_fund(session: Session) -> Fund:
    fund = session.get(Fund, WALLET_FUND_CODE)
    if fund is None:
        fund = make_fund(
            session,
            code=WALLET_FUND_CODE,
            fund_type=FUND_TYPE_MONEY_MARKET,
            risk_level=1,
            name="测试货币市场基金",
            short_name="测试货币",
        )
    return fund


def navs(session: Session, fund: Fund, values: dict[date, str]) -> None:
    for day, nav in values.items():
        session.add(
            FundNav(fund_code=fund.code, nav_date=day, nav=Decimal(nav), acc_nav=Decimal(nav))
        )
    session.flush()


def incomes(session: Session, fund: Fund, values: dict[date, str]) -> None:
    """Money-market publications: NAV 1.0000 and the day's 万份收益."""
    for day, income in values.items():
        session.add(
            FundNav(
                fund_code=fund.code,
                nav_date=day,
                nav=Decimal("1.0000"),
                acc_nav=Decimal("1.0000"),
                income_per_10k=Decimal(income),
            )
        )
    session.flush()


def order(
    session: Session,
    fa: FinancialAccount,
    *,
    code: str,
    fund_code: str,
    trade_date: date,
    confirm_date: date,
    status: str = "0",
    **fields: Any,
) -> TradeOrder:
    row = TradeOrder(
        broker_order_no=f"T{next(_seq):012d}",
        broker_user_id=fa.broker_user_id,
        account_id=fa.account_id,
        financial_account_id=fa.id,
        order_code=code,
        fund_code=fund_code,
        confirm_status=status,
        apply_time=datetime.combine(trade_date, time(10, 0), BEIJING),
        trade_date=trade_date,
        confirm_date=confirm_date,
        **fields,
    )
    session.add(row)
    session.flush()
    return row


def purchase(
    session: Session,
    fa: FinancialAccount,
    fund: Fund,
    *,
    amount: str,
    fee: str,
    net: str,
    rate: str,
    trade_date: date,
    confirm_date: date,
    code: str = "022",
    pay_method: str = "card",
    **fields: Any,
) -> TradeOrder:
    return order(
        session,
        fa,
        code=code,
        fund_code=fund.code,
        trade_date=trade_date,
        confirm_date=confirm_date,
        status=fields.pop("status", "W0" if code.startswith("W") else "0"),
        trade_amount=Decimal(amount),
        fee=Decimal(fee),
        net_amount=Decimal(net),
        fee_rate=Decimal(rate),
        pay_method=pay_method,
        **fields,
    )


def holding(
    session: Session,
    fa: FinancialAccount,
    fund: Fund,
    *,
    lots: list[tuple[date, str]],
    paid_in: str,
    portfolio_code: str = "",
    **fields: Any,
) -> Holding:
    """A confirmed holding: shares are the sum of its lots; cost = paid in unless given."""
    shares = sum((Decimal(s) for _d, s in lots), Decimal("0"))
    row = Holding(
        broker_user_id=fa.broker_user_id,
        account_id=fa.account_id,
        financial_account_id=fa.id,
        fund_code=fund.code,
        portfolio_code=portfolio_code,
        shares=shares,
        cost=Decimal(str(fields.pop("cost", paid_in))),
        paid_in=Decimal(paid_in),
        first_confirm_date=min(d for d, _s in lots),
        **fields,
    )
    session.add(row)
    session.flush()
    for day, s in lots:
        session.add(HoldingLot(holding_id=row.id, confirm_date=day, shares=Decimal(s)))
    session.flush()
    return row


def lots_of(session: Session, row: Holding) -> list[HoldingLot]:
    return list(
        session.scalars(
            select(HoldingLot)
            .where(HoldingLot.holding_id == row.id)
            .order_by(HoldingLot.confirm_date, HoldingLot.id)
        )
    )


def redemption(
    session: Session,
    row: Holding,
    *,
    taken: list[tuple[HoldingLot, str, str]],
    trade_date: date,
    confirm_date: date,
    redeem_to: str = "card",
    code: str = "024",
    **fields: Any,
) -> TradeOrder:
    """A redemption taking ``(lot, shares, fee rate)``; its shares are frozen on the holding."""
    shares = sum((Decimal(s) for _l, s, _r in taken), Decimal("0"))
    fa = session.get_one(FinancialAccount, row.financial_account_id)
    result = order(
        session,
        fa,
        code=code,
        fund_code=row.fund_code,
        portfolio_code=row.portfolio_code,
        trade_date=trade_date,
        confirm_date=confirm_date,
        status=fields.pop("status", "W0" if code.startswith("W") else "0"),
        trade_share=shares,
        redeem_to=redeem_to,
        **fields,
    )
    for lot, s, rate in taken:
        session.add(
            OrderLot(order_id=result.id, lot_id=lot.id, shares=Decimal(s), fee_rate=Decimal(rate))
        )
    row.frozen_shares += shares
    session.flush()
    return result


def settle(session: Session, *days: date) -> None:
    for day in days:
        settle_day(session, day=day)
        assert copied_keys_disagreeing(session) == []


def copied_keys_disagreeing(session: Session) -> list[tuple[str, int]]:
    """Holdings, daily profits and outbox events whose copied owner columns (no foreign keys
    of their own, docs/trading.md#settlement-at-scale) disagree with their owning key, or
    name no user (an event; an order's event names the order's user, a user's day of finished
    orders a user with an order finished that day, and a notice of one of its orders the
    order's user): ``(table, id)``."""
    rows = session.execute(
        text(
            "SELECT 'holding', h.id FROM holding h"
            " LEFT JOIN financial_account fa ON fa.id = h.financial_account_id"
            " WHERE fa.id IS NULL OR h.broker_user_id <> fa.broker_user_id"
            " OR h.account_id <> fa.account_id"
            " UNION ALL"
            " SELECT 'holding_daily_profit', p.holding_id FROM holding_daily_profit p"
            " LEFT JOIN holding h ON h.id = p.holding_id"
            " WHERE h.id IS NULL OR p.broker_user_id <> h.broker_user_id"
            " OR p.financial_account_id <> h.financial_account_id"
            " UNION ALL"
            " SELECT 'outbox_event', e.id FROM outbox_event e"
            " LEFT JOIN broker_user u ON u.id = e.broker_user_id"
            " LEFT JOIN trade_order o ON o.broker_order_no = e.ref"
            " AND e.kind IN ('order.confirmed', 'order.failed')"
            " WHERE e.broker_user_id IS NOT NULL AND u.id IS NULL"
            " OR o.broker_user_id <> e.broker_user_id"
            " OR e.kind = 'orders.finished' AND NOT EXISTS (SELECT 1 FROM trade_order d"
            " WHERE d.broker_user_id = e.broker_user_id AND d.confirmed_at = e.occurred_on"
            " AND d.parent_id IS NULL)"
            " UNION ALL"
            " SELECT 'notice', n.id FROM notice n"
            " LEFT JOIN trade_order o ON o.id = n.order_id"
            " WHERE n.order_id <> 0"
            " AND (o.id IS NULL OR o.broker_user_id <> n.broker_user_id)"
        )
    )
    return [(table, int(key)) for table, key in rows]


def profits(session: Session, row: Holding) -> dict[date, Decimal]:
    return {
        p.profit_date: p.profit
        for p in session.scalars(
            select(HoldingDailyProfit).where(HoldingDailyProfit.holding_id == row.id)
        )
    }


def one_holding(session: Session, fa: FinancialAccount, fund: Fund, po: str = "") -> Holding:
    return session.scalars(
        select(Holding).where(
            Holding.financial_account_id == fa.id,
            Holding.fund_code == fund.code,
            Holding.portfolio_code == po,
        )
    ).one()


SNAPSHOT_TABLES = ("trade_order", "order_lot", "holding", "holding_lot", "holding_daily_profit")


def snapshot(session: Session) -> dict[str, list[tuple[Any, ...]]]:
    """Every row settlement may touch (updated_at aside), to compare before and after."""
    session.flush()
    out: dict[str, list[tuple[Any, ...]]] = {}
    for table in SNAPSHOT_TABLES:
        result = session.execute(text(f"SELECT * FROM {table}"))  # noqa: S608
        keys = [k for k in result.keys() if k != "updated_at"]
        out[table] = sorted(
            (tuple(str(r._mapping[k]) for k in keys) for r in result), key=lambda t: t
        )
    return out
