"""Queries of published market data: the latest NAV before a day, recent rows, index closes."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.models.catalogue import (
    BenchmarkIndex,
    BenchmarkPoint,
    MarketSeries,
    PrivateNav,
    ProductSignal,
)
from opentamp.models.products import FundNav
from opentamp.models.queries import (
    latest_benchmark_closes as latest_benchmark_closes,  # shared reads, re-exported
)


def index_names(session: Session) -> dict[str, str]:
    return {
        code: name
        for code, name in session.execute(select(BenchmarkIndex.code, BenchmarkIndex.name))
    }


def simulated_series(session: Session) -> list[MarketSeries]:
    return list(session.scalars(select(MarketSeries).order_by(MarketSeries.code)))


def latest_navs_before(session: Session, codes: Iterable[str], day: date) -> dict[str, FundNav]:
    """Each fund's last published NAV strictly before ``day``."""
    codes = list(codes)
    if not codes:
        return {}
    last = (
        select(FundNav.fund_code, func.max(FundNav.nav_date).label("d"))
        .where(FundNav.fund_code.in_(codes), FundNav.nav_date < day)
        .group_by(FundNav.fund_code)
        .subquery()
    )
    rows = session.scalars(
        select(FundNav).join(
            last, (FundNav.fund_code == last.c.fund_code) & (FundNav.nav_date == last.c.d)
        )
    )
    return {row.fund_code: row for row in rows}


def navs_between(
    session: Session, codes: Iterable[str], after: date, before: date
) -> list[FundNav]:
    """NAV rows with ``after < nav_date < before``, oldest first."""
    codes = list(codes)
    if not codes:
        return []
    return list(
        session.scalars(
            select(FundNav)
            .where(
                FundNav.fund_code.in_(codes),
                FundNav.nav_date > after,
                FundNav.nav_date < before,
            )
            .order_by(FundNav.fund_code, FundNav.nav_date)
        )
    )


def codes_published_on(session: Session, day: date) -> set[str]:
    return set(session.scalars(select(FundNav.fund_code).where(FundNav.nav_date == day)))


def index_closes_since(session: Session, code: str, since: date, until: date) -> list[Decimal]:
    """An index's closes with ``since <= day <= until``, oldest first."""
    return list(
        session.scalars(
            select(BenchmarkPoint.close)
            .where(
                BenchmarkPoint.index_code == code,
                BenchmarkPoint.day >= since,
                BenchmarkPoint.day <= until,
            )
            .order_by(BenchmarkPoint.day)
        )
    )


def indexes_published_on(session: Session, day: date) -> set[str]:
    return set(session.scalars(select(BenchmarkPoint.index_code).where(BenchmarkPoint.day == day)))


def latest_private_navs_before(
    session: Session, codes: Iterable[str], day: date
) -> dict[str, PrivateNav]:
    codes = list(codes)
    if not codes:
        return {}
    last = (
        select(PrivateNav.product_code, func.max(PrivateNav.nav_date).label("d"))
        .where(PrivateNav.product_code.in_(codes), PrivateNav.nav_date < day)
        .group_by(PrivateNav.product_code)
        .subquery()
    )
    rows = session.scalars(
        select(PrivateNav).join(
            last,
            (PrivateNav.product_code == last.c.product_code) & (PrivateNav.nav_date == last.c.d),
        )
    )
    return {row.product_code: row for row in rows}


def private_published_on(session: Session, day: date) -> set[str]:
    return set(session.scalars(select(PrivateNav.product_code).where(PrivateNav.nav_date == day)))


def last_signal_dates(session: Session, codes: Iterable[str]) -> dict[str, date]:
    codes = list(codes)
    if not codes:
        return {}
    rows = session.execute(
        select(ProductSignal.product_code, func.max(ProductSignal.sig_date))
        .where(ProductSignal.product_code.in_(codes))
        .group_by(ProductSignal.product_code)
    )
    return {code: d for code, d in rows}
