"""Profit books (收益账本) and capital flows (资金明细, 资金净流入), docs/statements.md#books.

A book is read from the stored daily profit rows: a year's or a month's total is the sum of
its days' rows; the split by kind and by product is :func:`figures.period_figures`. Capital
flows are the card's money: purchases and wallet recharges paid by card (not failed, not
cancelled) go in, the payouts sent to the card (redemptions, wallet withdrawals, cash
dividends) come out."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.core import caller
from opentamp.kit.clock import BEIJING, today
from opentamp.kit.ownership import owned
from opentamp.kit.pagination import PageOut, has_more, page_offset
from opentamp.models.accounts import FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.orders import (
    PAID,
    PAY_CARD,
    PLAN_PURCHASE,
    PO_BUY,
    PURCHASE,
    SUBSCRIBE,
    WALLET_RECHARGE,
    TradeOrder,
)
from opentamp.models.payouts import SENT, CardPayout
from opentamp.models.products import Fund, Portfolio
from opentamp.rules.order_words import order_subject, order_words
from opentamp.statements import figures
from opentamp.statements.errors import BookPeriodInvalid
from opentamp.statements.schemas import (
    BookDayOut,
    BookEntryOut,
    BookProductOut,
    CapitalFlowOut,
    NetInflowMonthOut,
    NetInflowOut,
    ProfitBookOut,
)

ZERO = Decimal("0.00")
#: Orders whose card charge is money in (docs/statements.md#books).
INFLOW_CODES = (SUBSCRIBE, PURCHASE, PLAN_PURCHASE, PO_BUY, WALLET_RECHARGE)
#: Statuses after which a card charge was refunded.
REFUNDED = ("1", "9", "P3", "P9", "W1", "W9")
FIRST_YEAR = 1990


def _account_ids(session: Session, user: BrokerUser, financial_account_id: int | None) -> list[int]:
    if financial_account_id is not None:
        owned(session, FinancialAccount, financial_account_id, owner_id=user.id)
        return [financial_account_id]
    return [a.id for a in figures.accounts_of(session, user.id)]


def _month_end(year: int, month: int) -> date:
    start = date(year, month, 1)
    return (start.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)


def profit_book(
    session: Session,
    *,
    user: BrokerUser,
    year: int | None,
    month: int | None,
    financial_account_id: int | None,
) -> ProfitBookOut:
    """getProfitBookDetail: without ``year`` every year (profitBookList), with it the year's
    months (profitBook), with ``month`` too the month's days (booksProfitRecord); each with the
    period's profit by kind and by product."""
    ids = _account_ids(session, user, financial_account_id)
    if month is not None and year is None:
        raise BookPeriodInvalid("请先选择年份")
    this_year = today().year
    if year is not None and not FIRST_YEAR <= year <= this_year:
        raise BookPeriodInvalid()
    if year is None:
        start, end, kind, period = date(FIRST_YEAR, 1, 1), today(), "all", ""
    elif month is None:
        start, end, kind, period = date(year, 1, 1), date(year, 12, 31), "year", f"{year:04d}"
    else:
        start, end = date(year, month, 1), _month_end(year, month)
        kind, period = "month", f"{year:04d}-{month:02d}"
    days = (
        figures.daily_totals(session, user_id=user.id, account_ids=ids, start=start, end=end)
        if ids
        else []
    )
    book = (
        figures.period_figures(session, user_id=user.id, account_ids=ids, start=start, end=end)
        if ids
        else figures.PeriodFigures(start=start, end=end)
    )
    children: list[BookEntryOut] = []
    if kind == "all":
        years: dict[str, Decimal] = defaultdict(lambda: ZERO)
        for day, profit in days:
            years[f"{day.year:04d}"] += profit
        children = [BookEntryOut(period=p, total=t) for p, t in sorted(years.items(), reverse=True)]
    elif kind == "year":
        months = figures.by_month(days)
        children = [
            BookEntryOut(period=p, total=t) for p, t in sorted(months.items(), reverse=True)
        ]
    return ProfitBookOut(
        period_type=kind,
        period=period,
        total=sum((p for _, p in days), ZERO),
        price_change=book.price_change,
        dividends=book.dividends,
        fees=book.fees,
        realised=book.realised,
        unrealised=book.unrealised,
        products=[
            BookProductOut(
                product_code=p.product_code,
                product_name=p.product_name,
                total=p.total,
                price_change=p.price_change,
                dividends=p.dividends,
                fees=p.fees,
                realised=p.realised,
                unrealised=p.unrealised,
            )
            for p in book.products
        ],
        children=children,
        days=[BookDayOut(date=d, profit=p) for d, p in reversed(days)] if kind == "month" else [],
    )


# -- capital flows -----------------------------------------------------------------------------


def _names(session: Session, codes: set[str]) -> dict[str, str]:
    if not codes:
        return {}
    names = dict(
        session.execute(select(Fund.code, Fund.short_name).where(Fund.code.in_(codes))).all()
    )
    names.update(
        session.execute(
            select(Portfolio.code, Portfolio.name).where(Portfolio.code.in_(codes))
        ).all()
    )
    return names


def capital_flows(
    session: Session, *, user: BrokerUser, start: date | None = None, end: date | None = None
) -> list[CapitalFlowOut]:
    """Every card flow of the user in [start, end], newest first."""
    wallet_name = caller.broker_of(session, user).wallet_name
    o = TradeOrder
    charged = select(o).where(
        o.broker_user_id == user.id,
        o.parent_id.is_(None),
        o.pay_method == PAY_CARD,
        o.pay_status == PAID,
        o.order_code.in_(INFLOW_CODES),
        o.confirm_status.not_in(REFUNDED),
    )
    paid_out = (
        select(CardPayout, o)
        .join(o, o.id == CardPayout.order_id)
        .where(CardPayout.broker_user_id == user.id, CardPayout.status == SENT)
    )
    if start is not None:
        paid_out = paid_out.where(CardPayout.settled_date >= start)
        charged = charged.where(o.trade_date >= start - timedelta(days=15))
    if end is not None:
        paid_out = paid_out.where(CardPayout.settled_date <= end)
        charged = charged.where(o.trade_date <= end + timedelta(days=15))
    ins = list(session.scalars(charged))
    outs = session.execute(paid_out).all()
    names = _names(
        session,
        {x.fund_code or x.portfolio_code for x in ins}
        | {x.fund_code or x.portfolio_code for _, x in outs},
    )
    flows: list[CapitalFlowOut] = []
    for order in ins:
        day = order.apply_time.astimezone(BEIJING).date()
        if (start is not None and day < start) or (end is not None and day > end):
            continue
        code = order.fund_code or order.portfolio_code
        flows.append(
            CapitalFlowOut(
                date=day,
                order_no=order.broker_order_no,
                business_code=order.order_code,
                title=order_words(
                    order.order_code, wallet_name=wallet_name, ext_meta_info=order.ext_meta_info
                ),
                product_name=order_subject(order.order_code, product_name=names.get(code, code)),
                direction="in",
                amount=order.trade_amount,
            )
        )
    for payout, order in outs:
        code = order.fund_code or order.portfolio_code
        flows.append(
            CapitalFlowOut(
                date=payout.settled_date or payout.due_date,
                order_no=order.broker_order_no,
                business_code=order.order_code,
                title=order_words(
                    order.order_code, wallet_name=wallet_name, ext_meta_info=order.ext_meta_info
                ),
                product_name=order_subject(order.order_code, product_name=names.get(code, code)),
                direction="out",
                amount=payout.amount,
            )
        )
    flows.sort(key=lambda f: (f.date, f.order_no), reverse=True)
    return flows


def capital_detail(
    session: Session, *, user: BrokerUser, month: str | None, page: int, size: int
) -> PageOut[CapitalFlowOut]:
    """getCapitalDetail: the card flows, newest first, of one month (``2026-10``) or all."""
    start = end = None
    if month is not None:
        try:
            y, m = (int(x) for x in month.split("-"))
            start, end = date(y, m, 1), _month_end(y, m)
        except ValueError:
            raise BookPeriodInvalid("月份格式有误") from None
    flows = capital_flows(session, user=user, start=start, end=end)
    offset = page_offset(page, size)
    return PageOut[CapitalFlowOut](
        list=flows[offset : offset + size],
        total=len(flows),
        page=page,
        size=size,
        has_more=has_more(page, size, len(flows)),
    )


def net_inflow(session: Session, *, user: BrokerUser, months: int) -> NetInflowOut:
    """getCapitalNetInflow: money in, out and net of each of the last ``months`` months."""
    last = today()
    y, m = last.year, last.month
    keys: list[str] = []
    for _ in range(months):
        keys.append(f"{y:04d}-{m:02d}")
        y, m = (y, m - 1) if m > 1 else (y - 1, 12)
    keys.reverse()
    first_y, first_m = (int(x) for x in keys[0].split("-"))
    flows = capital_flows(session, user=user, start=date(first_y, first_m, 1), end=last)
    ins: dict[str, Decimal] = defaultdict(lambda: ZERO)
    outs: dict[str, Decimal] = defaultdict(lambda: ZERO)
    for f in flows:
        key = f"{f.date.year:04d}-{f.date.month:02d}"
        (ins if f.direction == "in" else outs)[key] += f.amount
    rows = [
        NetInflowMonthOut(month=k, inflow=ins[k], outflow=outs[k], net=ins[k] - outs[k])
        for k in keys
    ]
    inflow = sum((r.inflow for r in rows), ZERO)
    outflow = sum((r.outflow for r in rows), ZERO)
    return NetInflowOut(months=rows, inflow=inflow, outflow=outflow, net=inflow - outflow)
