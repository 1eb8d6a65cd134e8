"""Queries of the catalogue and its market data."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from decimal import Decimal

from sqlalchemy import Select, func, or_, select
from sqlalchemy.orm import Session

from opentamp.models.catalogue import (
    BenchmarkIndex,
    BenchmarkPoint,
    FundManager,
    FundManagerTenure,
    PerformanceAlgorithm,
    PortfolioAdjustment,
    PortfolioAdjustmentItem,
    PrivateProduct,
    ProductDocument,
    ProductNotice,
    ProductShelf,
    ProductSignal,
    StrategyInfo,
    StrategyPhase,
)
from opentamp.models.platform import Broker
from opentamp.models.products import (
    Fund,
    FundCompany,
    FundDividend,
    FundNav,
    Portfolio,
    PortfolioComponent,
)
from opentamp.models.queries import fee_tiers as fee_tiers  # shared reads, re-exported
from opentamp.models.queries import latest_benchmark_closes as latest_benchmark_closes
from opentamp.products.series import NavPoint


def fund(session: Session, code: str) -> Fund | None:
    return session.get(Fund, code)


def funds(session: Session, codes: Iterable[str]) -> dict[str, Fund]:
    codes = list(codes)
    if not codes:
        return {}
    return {f.code: f for f in session.scalars(select(Fund).where(Fund.code.in_(codes)))}


def portfolio(session: Session, code: str) -> Portfolio | None:
    return session.get(Portfolio, code)


def private_product(session: Session, code: str) -> PrivateProduct | None:
    return session.get(PrivateProduct, code)


def company(session: Session, company_id: int) -> FundCompany | None:
    return session.get(FundCompany, company_id)


def companies(session: Session, ids: Iterable[int]) -> dict[int, FundCompany]:
    ids = list(ids)
    if not ids:
        return {}
    return {c.id: c for c in session.scalars(select(FundCompany).where(FundCompany.id.in_(ids)))}


def broker(session: Session, broker_id: int) -> Broker | None:
    return session.get(Broker, broker_id)


# -- market data --------------------------------------------------------------------------


def nav_points(session: Session, code: str) -> list[NavPoint]:
    rows = session.execute(
        select(
            FundNav.nav_date, FundNav.nav, FundNav.acc_nav, FundNav.income_per_10k, FundNav.yield_7d
        )
        .where(FundNav.fund_code == code)
        .order_by(FundNav.nav_date)
    )
    return [NavPoint(d, nav, acc, inc, y) for d, nav, acc, inc, y in rows]


def latest_navs(session: Session, codes: Iterable[str]) -> dict[str, FundNav]:
    codes = list(codes)
    if not codes:
        return {}
    last = (
        select(FundNav.fund_code, func.max(FundNav.nav_date).label("d"))
        .where(FundNav.fund_code.in_(codes))
        .group_by(FundNav.fund_code)
        .subquery()
    )
    rows = session.scalars(
        select(FundNav).join(
            last, (FundNav.fund_code == last.c.fund_code) & (FundNav.nav_date == last.c.d)
        )
    )
    return {r.fund_code: r for r in rows}


def previous_nav(session: Session, code: str, before: date) -> FundNav | None:
    return session.scalar(
        select(FundNav)
        .where(FundNav.fund_code == code, FundNav.nav_date < before)
        .order_by(FundNav.nav_date.desc())
        .limit(1)
    )


def dividends(session: Session, code: str) -> list[FundDividend]:
    return list(
        session.scalars(
            select(FundDividend)
            .where(FundDividend.fund_code == code)
            .order_by(FundDividend.ex_date)
        )
    )


def benchmark_index(session: Session, code: str | None) -> BenchmarkIndex | None:
    return session.get(BenchmarkIndex, code) if code else None


def benchmark_indexes(session: Session) -> list[BenchmarkIndex]:
    return list(session.scalars(select(BenchmarkIndex).order_by(BenchmarkIndex.sort_order)))


def benchmark_points(session: Session, code: str) -> list[tuple[date, Decimal]]:
    rows = session.execute(
        select(BenchmarkPoint.day, BenchmarkPoint.close)
        .where(BenchmarkPoint.index_code == code)
        .order_by(BenchmarkPoint.day)
    )
    return [(d, c) for d, c in rows]


# -- fees, managers -----------------------------------------------------------------------


def tenures_of_fund(session: Session, code: str) -> list[tuple[FundManagerTenure, FundManager]]:
    rows = session.execute(
        select(FundManagerTenure, FundManager)
        .join(FundManager, FundManager.id == FundManagerTenure.manager_id)
        .where(FundManagerTenure.fund_code == code)
        .order_by(FundManagerTenure.end_date.is_not(None), FundManagerTenure.start_date.desc())
    )
    return [(t, m) for t, m in rows]


def manager(session: Session, manager_id: int) -> FundManager | None:
    return session.get(FundManager, manager_id)


def tenures_of_manager(session: Session, manager_id: int) -> list[FundManagerTenure]:
    return list(
        session.scalars(
            select(FundManagerTenure)
            .where(FundManagerTenure.manager_id == manager_id)
            .order_by(FundManagerTenure.start_date.desc())
        )
    )


# -- portfolios ---------------------------------------------------------------------------


def components(session: Session, code: str) -> list[PortfolioComponent]:
    return list(
        session.scalars(
            select(PortfolioComponent)
            .where(PortfolioComponent.portfolio_code == code)
            .order_by(PortfolioComponent.weight.desc(), PortfolioComponent.fund_code)
        )
    )


def adjustments(session: Session, code: str) -> list[PortfolioAdjustment]:
    return list(
        session.scalars(
            select(PortfolioAdjustment)
            .where(PortfolioAdjustment.portfolio_code == code)
            .order_by(PortfolioAdjustment.adjust_date)
        )
    )


def adjustment_items(
    session: Session, adjustment_ids: Iterable[int]
) -> dict[int, list[PortfolioAdjustmentItem]]:
    ids = list(adjustment_ids)
    out: dict[int, list[PortfolioAdjustmentItem]] = {i: [] for i in ids}
    if not ids:
        return out
    for item in session.scalars(
        select(PortfolioAdjustmentItem)
        .where(PortfolioAdjustmentItem.adjustment_id.in_(ids))
        .order_by(PortfolioAdjustmentItem.weight_after.desc())
    ):
        out[item.adjustment_id].append(item)
    return out


def adjustment_count(session: Session, code: str) -> int:
    return int(
        session.scalar(
            select(func.count())
            .select_from(PortfolioAdjustment)
            .where(PortfolioAdjustment.portfolio_code == code)
        )
        or 0
    )


def strategy(session: Session, code: str) -> StrategyInfo | None:
    return session.get(StrategyInfo, code)


def strategy_phases(session: Session, code: str) -> list[StrategyPhase]:
    return list(
        session.scalars(
            select(StrategyPhase)
            .where(StrategyPhase.strategy_code == code)
            .order_by(StrategyPhase.period_no, StrategyPhase.begin_time)
        )
    )


def signals(session: Session, code: str) -> list[ProductSignal]:
    return list(
        session.scalars(
            select(ProductSignal)
            .where(ProductSignal.product_code == code)
            .order_by(ProductSignal.sig_date.desc())
        )
    )


def algorithms(session: Session) -> list[PerformanceAlgorithm]:
    return list(session.scalars(select(PerformanceAlgorithm).order_by(PerformanceAlgorithm.order)))


# -- documents and notices ----------------------------------------------------------------


def documents(session: Session, code: str, *, doc_type: str | None = None) -> list[ProductDocument]:
    query = select(ProductDocument).where(ProductDocument.product_code == code)
    if doc_type:
        query = query.where(ProductDocument.doc_type == doc_type)
    return list(
        session.scalars(
            query.order_by(ProductDocument.doc_type, ProductDocument.version_date.desc())
        )
    )


def codes_with_documents(session: Session, codes: Iterable[str]) -> set[str]:
    codes = list(codes)
    if not codes:
        return set()
    return set(
        session.scalars(
            select(ProductDocument.product_code)
            .where(ProductDocument.product_code.in_(codes), ProductDocument.is_current.is_(True))
            .distinct()
        )
    )


def document(session: Session, doc_id: int) -> ProductDocument | None:
    return session.get(ProductDocument, doc_id)


def notices_query(code: str, kind: str) -> Select[ProductNotice]:
    return (
        select(ProductNotice)
        .where(ProductNotice.product_code == code, ProductNotice.kind == kind)
        .order_by(ProductNotice.publish_date.desc(), ProductNotice.id.desc())
    )


def notice(session: Session, notice_id: int) -> ProductNotice | None:
    return session.get(ProductNotice, notice_id)


# -- shelves and search -------------------------------------------------------------------


def shelf(session: Session, broker_id: int, name: str) -> list[ProductShelf]:
    return list(
        session.scalars(
            select(ProductShelf)
            .where(ProductShelf.broker_id == broker_id, ProductShelf.shelf == name)
            .order_by(ProductShelf.sort_order, ProductShelf.id)
        )
    )


def disabled_for_broker(session: Session, broker_id: int, codes: Iterable[str]) -> set[str]:
    codes = list(codes)
    if not codes:
        return set()
    return set(
        session.scalars(
            select(ProductShelf.product_code).where(
                ProductShelf.broker_id == broker_id,
                ProductShelf.product_code.in_(codes),
                ProductShelf.is_disable_buy.is_(True),
            )
        )
    )


def search_funds(session: Session, keyword: str) -> list[Fund]:
    like = f"%{keyword}%"
    return list(
        session.scalars(
            select(Fund)
            .where(
                or_(
                    Fund.code.like(f"{keyword}%"),
                    Fund.name.like(like),
                    Fund.short_name.like(like),
                )
            )
            .order_by(Fund.code)
        )
    )


def search_portfolios(session: Session, keyword: str) -> list[Portfolio]:
    like = f"%{keyword}%"
    return list(
        session.scalars(
            select(Portfolio)
            .where(or_(Portfolio.code.like(f"{keyword.upper()}%"), Portfolio.name.like(like)))
            .order_by(Portfolio.code)
        )
    )
