"""Reads of reference data that several features share, written once: a fund's fee schedule
(the trade calls charge it, the product screens show it) and the latest close of benchmark
indexes (the index list shows it, the market simulation starts from it)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from opentamp.models.catalogue import BenchmarkPoint
from opentamp.models.products import FundFeeTier


def fee_tiers(session: Session, fund_code: str, kind: str | None = None) -> list[FundFeeTier]:
    """A fund's fee tiers, of one ``kind`` ('purchase', 'redeem') or all of them, by kind and
    then lowest bound first (amount for a purchase tier, days held for a redemption tier)."""
    query = select(FundFeeTier).where(FundFeeTier.fund_code == fund_code)
    if kind is not None:
        query = query.where(FundFeeTier.kind == kind)
    return list(
        session.scalars(
            query.order_by(
                FundFeeTier.kind,
                FundFeeTier.amount_from.nulls_first(),
                FundFeeTier.days_from.nulls_first(),
                FundFeeTier.id,
            )
        )
    )


def latest_benchmark_closes(
    session: Session, codes: Iterable[str], *, before: date | None = None
) -> dict[str, tuple[date, Decimal]]:
    """Each index's latest (day, close), or its latest strictly before ``before``."""
    codes = list(codes)
    if not codes:
        return {}
    bounds: list[ColumnElement[bool]] = [BenchmarkPoint.index_code.in_(codes)]
    if before is not None:
        bounds.append(BenchmarkPoint.day < before)
    last = (
        select(BenchmarkPoint.index_code, func.max(BenchmarkPoint.day).label("d"))
        .where(*bounds)
        .group_by(BenchmarkPoint.index_code)
        .subquery()
    )
    rows = session.execute(
        select(BenchmarkPoint.index_code, BenchmarkPoint.day, BenchmarkPoint.close).join(
            last,
            (BenchmarkPoint.index_code == last.c.index_code) & (BenchmarkPoint.day == last.c.d),
        )
    )
    return {code: (day, close) for code, day, close in rows}
