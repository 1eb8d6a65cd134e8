"""Product calls (docs/api.md#product-data). Visitors may read them (``ViewerDep``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query
from fastapi.responses import Response

from opentamp.deps import ReplicaSessionDep, SessionDep, ViewerDep
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.pagination import PageOut
from opentamp.kit.params import Id, SmallId
from opentamp.products import (
    cards,
    charts,
    details,
    documents,
    microcache,
    repository,
    schemas,
    terms,
)

router = api_router(tags=["products"])

ProductCode = Annotated[str | None, Query(alias="productCode", max_length=16)]
ProductType = Annotated[str | None, Query(alias="productType", max_length=16)]
FundCode = Annotated[str | None, Query(alias="fundCode", max_length=16)]
PoCode = Annotated[str | None, Query(alias="poCode", max_length=16)]
Period = Annotated[str | None, Query(description="1m 3m 6m 1y 3y ytd all（默认 1y）")]
Algorithm = Annotated[str | None, Query(alias="algorithmType", max_length=32)]
Page = Annotated[int | None, Query(ge=0, le=10_000)]
Size = Annotated[int | None, Query(ge=1, le=100)]


@router.get("/product/fund/info")
def fund_info(
    session: SessionDep,
    viewer: ViewerDep,
    fund_code: FundCode = None,
    product_code: ProductCode = None,
) -> Envelope[schemas.FundInfoOut]:
    """A fund: facts, latest NAV (or 万份收益 and 七日年化), status, fees, managers, returns."""
    return ok(details.fund_info(session, code=fund_code or product_code, viewer=viewer))


@router.get("/product/po/info")
def po_info(
    session: SessionDep, viewer: ViewerDep, po_code: PoCode = None, product_code: ProductCode = None
) -> Envelope[schemas.PoInfoOut]:
    """A portfolio (ZH, or a CL/SI product read as a portfolio): composition, allocation,
    adjustments, value and returns."""
    return ok(details.po_info(session, code=po_code or product_code, viewer=viewer))


@router.get("/product/strategy/info")
def strategy_info(
    session: SessionDep,
    viewer: ViewerDep,
    strategy_code: Annotated[str | None, Query(alias="strategyCode", max_length=16)] = None,
    product_code: ProductCode = None,
) -> Envelope[schemas.StrategyInfoOut]:
    """A target strategy (CL): the portfolio and its targetInfo with the periods' phases."""
    return ok(details.strategy_info(session, code=strategy_code or product_code, viewer=viewer))


@router.get("/product/navSeries", response_model=Envelope[schemas.NavSeriesOut])
async def nav_series(
    session: ReplicaSessionDep,
    viewer: ViewerDep,
    product_code: ProductCode = None,
    product_type: ProductType = None,
    period: Period = None,
    algorithm_type: Algorithm = None,
) -> Response:
    """The chart over a period: cumulative returns with the benchmark's, NAVs (or 万份收益 and
    七日年化), and markers. An unknown product answers an empty series. (Async and answered
    from memory when the same chart was just asked for: see ``microcache``.)"""
    return await microcache.answer(
        ("navSeries", viewer.id, product_code, product_type, period, algorithm_type),
        lambda: charts.nav_series(
            session,
            code=product_code,
            product_type=product_type,
            period=period,
            algorithm_type=algorithm_type,
            viewer=viewer,
        ),
    )


@router.get("/product/performance", response_model=Envelope[schemas.PerformanceOut])
async def performance(
    session: ReplicaSessionDep,
    _viewer: ViewerDep,
    product_code: ProductCode = None,
    product_type: ProductType = None,
    algorithm_type: Algorithm = None,
) -> Response:
    """Period returns against the benchmark, risk figures, holding-period odds and calendar
    years. An unknown product answers an empty result. (Async and answered from memory when
    the same product was just asked for: see ``microcache``.)"""
    return await microcache.answer(
        ("performance", product_code, product_type, algorithm_type),
        lambda: charts.performance(
            session, code=product_code, product_type=product_type, algorithm_type=algorithm_type
        ),
    )


@router.get("/product/announcements")
def announcements(
    session: SessionDep,
    _viewer: ViewerDep,
    product_code: ProductCode = None,
    page: Page = None,
    size: Size = None,
) -> Envelope[PageOut[schemas.NoticeOut]]:
    """A product's announcements, newest first (page from 1, size 10)."""
    return ok(
        documents.notices(session, code=product_code, kind="announcement", page=page, size=size)
    )


@router.get("/product/reports")
def reports(
    session: SessionDep,
    _viewer: ViewerDep,
    product_code: ProductCode = None,
    page: Page = None,
    size: Size = None,
) -> Envelope[PageOut[schemas.NoticeOut]]:
    """A product's periodic reports, newest first (page from 1, size 10)."""
    return ok(documents.notices(session, code=product_code, kind="report", page=page, size=size))


@router.get("/product/noticeDetail")
def notice_detail(
    session: SessionDep, _viewer: ViewerDep, notice_id: Annotated[Id, Query(alias="id")]
) -> Envelope[schemas.NoticeDetailOut]:
    """One announcement or report with its text."""
    return ok(documents.notice_detail(session, notice_id=notice_id))


@router.get("/product/complianceFile")
def compliance_file(
    session: SessionDep,
    _viewer: ViewerDep,
    product_code: ProductCode = None,
    doc_type: Annotated[str | None, Query(alias="docType", max_length=32)] = None,
) -> Envelope[schemas.ComplianceFilesOut]:
    """A product's disclosure documents, current and earlier versions; without a product the
    platform's compliance files."""
    return ok(documents.compliance_files(session, code=product_code, doc_type=doc_type))


@router.get("/product/document")
def document(
    session: SessionDep, _viewer: ViewerDep, doc_id: Annotated[Id, Query(alias="id")]
) -> Envelope[schemas.DocumentDetailOut]:
    """One document with its text."""
    return ok(documents.document_detail(session, doc_id=doc_id))


@router.get("/product/riskDisclosureOptions")
def risk_disclosure_options(
    session: SessionDep,
    _viewer: ViewerDep,
    product_code: ProductCode = None,
    product_type: ProductType = None,
) -> Envelope[schemas.RiskDisclosureOut]:
    """The risk disclosure of a product and the statements a buyer ticks."""
    return ok(documents.risk_disclosure(session, code=product_code, product_type=product_type))


@router.get("/product/fundPool")
def fund_pool(
    session: SessionDep,
    viewer: ViewerDep,
    fund_type: Annotated[int | None, Query(alias="fundType", ge=0, le=10)] = None,
    page: Page = None,
    size: Size = None,
) -> Envelope[schemas.FundPoolOut]:
    """The broker's fund pool (基金备选池), by fund type (page from 1, size 20)."""
    broker = repository.broker(session, viewer.broker_id)
    return ok(
        cards.fund_pool(
            session,
            broker_id=viewer.broker_id,
            fund_type=fund_type,
            page=page,
            size=size,
            disabled=bool(broker and broker.is_disable_buy),
        )
    )


@router.get("/product/benchmark")
def benchmark(
    session: SessionDep,
    _viewer: ViewerDep,
    product_code: ProductCode = None,
    benchmark_code: Annotated[str | None, Query(alias="benchmarkCode", max_length=16)] = None,
    period: Period = None,
) -> Envelope[schemas.BenchmarkOut]:
    """A product's benchmark index and its curve."""
    return ok(
        charts.benchmark(session, code=product_code, benchmark_code=benchmark_code, period=period)
    )


@router.get("/product/signals")
def signals(
    session: SessionDep,
    _viewer: ViewerDep,
    product_code: ProductCode = None,
    po_code: PoCode = None,
    sig_id: Annotated[str | None, Query(alias="sigId", max_length=32)] = None,
    page: Page = None,
    size: Size = None,
) -> Envelope[schemas.SignalsOut]:
    """A signal product's signals (发车), newest first, with the latest one."""
    return ok(
        charts.signals(session, code=product_code or po_code, sig_id=sig_id, page=page, size=size)
    )


@router.get("/product/adjustments")
def adjustments(
    session: SessionDep,
    _viewer: ViewerDep,
    po_code: PoCode = None,
    product_code: ProductCode = None,
) -> Envelope[schemas.AdjustmentsOut]:
    """A portfolio's adjustment history (调仓历史): weights before and after, newest first."""
    return ok(terms.adjustment_history(session, code=po_code or product_code))


@router.get("/product/tradeRules")
def trade_rules(
    session: SessionDep,
    viewer: ViewerDep,
    product_code: ProductCode = None,
    product_type: ProductType = None,
) -> Envelope[schemas.TradeRulesOut]:
    """Fees (purchase tiers with the discount, redemption tiers), operating fees and the dates
    an order placed now would get."""
    return ok(
        terms.trade_rules(
            session, code=product_code, product_type=product_type, broker_id=viewer.broker_id
        )
    )


@router.get("/product/fund/managers")
def fund_managers(
    session: SessionDep,
    _viewer: ViewerDep,
    fund_code: FundCode = None,
    product_code: ProductCode = None,
) -> Envelope[list[schemas.ManagerDetailOut]]:
    """Every manager of a fund, those in office first."""
    return ok(details.fund_managers(session, code=fund_code or product_code))


@router.get("/product/manager/detail")
def manager_detail(
    session: SessionDep,
    _viewer: ViewerDep,
    manager_id: Annotated[Id, Query(alias="managerId")],
) -> Envelope[schemas.ManagerDetailOut]:
    """A fund manager and the funds managed, with the return over each term."""
    return ok(details.manager_detail(session, manager_id=manager_id))


@router.get("/product/organization")
def organization(
    session: SessionDep,
    _viewer: ViewerDep,
    company_id: Annotated[SmallId | None, Query(alias="companyId")] = None,
    product_code: ProductCode = None,
) -> Envelope[schemas.OrganizationOut]:
    """The fund company (organizationInfo)."""
    return ok(details.organization(session, company_id=company_id, code=product_code))


@router.get("/product/walletFunds")
def wallet_funds(session: SessionDep, viewer: ViewerDep) -> Envelope[schemas.WalletFundsOut]:
    """The money-market funds of the viewer's broker's super wallet (superWalletDetail)."""
    return ok(cards.wallet_funds(session, broker_id=viewer.broker_id))


@router.get("/tamp/poPerformance/algorithm/config")
def algorithm_config(
    session: SessionDep,
    _viewer: ViewerDep,
    product_code: ProductCode = None,
    product_type: ProductType = None,
) -> Envelope[schemas.AlgorithmConfigOut]:
    """The performance chart's algorithm options (docs/product.md#entities Algorithm option)."""
    return ok(charts.algorithm_config(session, code=product_code, product_type=product_type))


@router.get("/noauth/benchmark/indexes")
def benchmark_indexes(session: SessionDep) -> Envelope[list[schemas.BenchmarkIndexOut]]:
    """The benchmark indexes with their latest close."""
    return ok(charts.benchmark_indexes(session))
