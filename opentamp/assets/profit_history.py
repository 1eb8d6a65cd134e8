"""Profit over time (docs/trading.md "Holdings and profit"): the accumulated-profit trend walked
back from today's figure, the daily profit pages and the calendar of profit by day, month and
year."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from opentamp.assets import repository as repo
from opentamp.assets.errors import InvalidMonth, InvalidYear
from opentamp.assets.grouping import (
    DEFAULT_PAGE_SIZE,
    TREND_DAYS,
    ZERO,
    accounts_in_scope,
    product_scope,
)
from opentamp.assets.schemas import (
    AccumulatedPointOut,
    DailyProfitOut,
    DailyProfitPageOut,
    MonthProfitOut,
    MonthTotalOut,
    YearProfitOut,
)
from opentamp.errors import InvalidParams
from opentamp.kit.clock import today
from opentamp.kit.pagination import has_more
from opentamp.models.auth import BrokerUser
from opentamp.rules.profit import sum_holdings


def walk_back(anchor: Decimal, daily: Sequence[Any]) -> list[tuple[Any, Decimal]]:
    """acc(d) = acc(now) − Σ profit of the days after d, for each daily row (oldest first)."""
    points: list[tuple[Any, Decimal]] = []
    acc = anchor
    for row in reversed(daily):
        points.append((row, acc))
        acc -= row.profit
    points.reverse()
    return points


def accumulated_trend(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    account_id: int | None = None,
    product_code: str | None = None,
    days: int = 30,
) -> list[AccumulatedPointOut]:
    """getAccumulatedProfitTrend: each day of the last ``days`` with a profit row."""
    if days not in TREND_DAYS:
        raise InvalidParams("days 取值只能为 30、90、180 或 365")
    ids, rows, holding_ids = product_scope(
        session,
        user=user,
        financial_account_id=financial_account_id,
        account_id=account_id,
        product_code=product_code,
    )
    start = today() - timedelta(days=days)
    daily = repo.daily_sums(
        session,
        user_id=user.id,
        financial_account_ids=ids,
        holding_ids=holding_ids,
        start=start + timedelta(days=1),
    )
    anchor = sum_holdings(rows).accumulated_profit
    return [
        AccumulatedPointOut(date=row.profit_date, accumulated_profit=acc, profit=row.profit)
        for row, acc in walk_back(anchor, daily)
    ]


def daily_profit_page(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    account_id: int | None = None,
    product_code: str | None = None,
    page: int = 1,
    size: int = DEFAULT_PAGE_SIZE,
) -> DailyProfitPageOut:
    """getDailyProfitList and getProfitDetail: Σ profit per day, newest first (page from 1)."""
    ids, _rows, holding_ids = product_scope(
        session,
        user=user,
        financial_account_id=financial_account_id,
        account_id=account_id,
        product_code=product_code,
    )
    rows, total = repo.daily_profit_page(
        session,
        user_id=user.id,
        financial_account_ids=ids,
        holding_ids=holding_ids,
        offset=(page - 1) * size,
        limit=size,
    )
    return DailyProfitPageOut(
        content=[DailyProfitOut(date=r.profit_date, profit=r.profit) for r in rows],
        page=page,
        size=size,
        total=total,
        has_more=has_more(page, size, total),
    )


def _parse_month(month: str) -> date:
    try:
        year, mon = month.split("-")
        if len(year) != 4 or len(mon) != 2:
            raise ValueError
        return date(int(year), int(mon), 1)
    except ValueError:
        raise InvalidMonth() from None


def _parse_year(year: str) -> int:
    if len(year) != 4 or not year.isdigit() or int(year) < 1900:
        raise InvalidYear()
    return int(year)


def calendar_profit(
    session: Session,
    *,
    user: BrokerUser,
    financial_account_id: int | None,
    account_id: int | None = None,
    month: str | None = None,
    year: str | None = None,
) -> MonthProfitOut | YearProfitOut:
    """getCalendarProfit: a month's days (default this month), or with ``year`` a year's
    months, each the Σ of the daily profit rows; only days with rows are listed."""
    fas = accounts_in_scope(
        session, user=user, financial_account_id=financial_account_id, account_id=account_id
    )
    ids = [fa.id for fa in fas]
    if year is not None and month is None:
        y = _parse_year(year)
        daily = repo.daily_sums(
            session,
            user_id=user.id,
            financial_account_ids=ids,
            start=date(y, 1, 1),
            end=date(y, 12, 31),
        )
        months: dict[str, Decimal] = {}
        for row in daily:
            key = row.profit_date.strftime("%Y-%m")
            months[key] = months.get(key, ZERO) + row.profit
        return YearProfitOut(
            year=f"{y:04d}",
            total=sum(months.values(), ZERO),
            months=[MonthTotalOut(month=m, profit=p) for m, p in sorted(months.items())],
        )
    first = _parse_month(month) if month is not None else today().replace(day=1)
    following = (first + timedelta(days=32)).replace(day=1)
    daily = repo.daily_sums(
        session,
        user_id=user.id,
        financial_account_ids=ids,
        start=first,
        end=following - timedelta(days=1),
    )
    return MonthProfitOut(
        month=first.strftime("%Y-%m"),
        total=sum((r.profit for r in daily), ZERO),
        days=[DailyProfitOut(date=r.profit_date, profit=r.profit) for r in daily],
    )
