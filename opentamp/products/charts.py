"""How a product performed: the NAV series with the viewer's buys, the period returns, the risk
figures and rolling holding returns, the benchmarks, the signals and the return algorithms.
Figures come from :mod:`opentamp.products.analytics` (computed once per NAV date)."""

from __future__ import annotations

import math
from datetime import date
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.core.calendar import get_calendar
from opentamp.errors import NotFound
from opentamp.kit.clock import now
from opentamp.kit.money import round_half_up, round_nav
from opentamp.kit.pagination import has_more, page_bounds
from opentamp.market.api import publication_status
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import (
    PerformanceAlgorithm,
    ProductSignal,
)
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.products import analytics, repository, schemas
from opentamp.products import performance as perf
from opentamp.products.catalogue import (
    RATE_SCALE,
    fund_or_404,
    period_outs,
    portfolio_or_404,
    product_type_of,
    rate,
)
from opentamp.products.errors import InvalidAlgorithm, InvalidPeriod, ProductNotFound

SERIES_PERIODS = ("1m", "3m", "6m", "1y", "3y", "ytd", "all")
MAX_CHART_POINTS = 400


def _thin(points: list[perf.Point], keep: set[date]) -> list[perf.Point]:
    if len(points) <= MAX_CHART_POINTS:
        return points
    step = math.ceil(len(points) / MAX_CHART_POINTS)
    last = len(points) - 1
    return [p for i, p in enumerate(points) if i % step == 0 or i == last or p[0] in keep]


def _viewer_buys(
    session: Session, viewer: BrokerUser | None, *, fund_code: str | None, portfolio_code: str
) -> list[date]:
    """The trade dates of the viewer's confirmed purchases of this product (from the
    holding lots: each lot is shares confirmed on a day, bought on its trade date)."""
    if viewer is None:
        return []
    query = (
        select(HoldingLot.confirm_date, Holding.fund_code)
        .join(Holding, Holding.id == HoldingLot.holding_id)
        .where(Holding.broker_user_id == viewer.id, Holding.portfolio_code == portfolio_code)
    )
    if fund_code is not None:
        query = query.where(Holding.fund_code == fund_code)
    rows = session.execute(query.distinct()).all()
    if not rows:
        return []
    funds = repository.funds(session, {code for _d, code in rows})
    calendar = get_calendar()
    out = set()
    for confirm, code in rows:
        days = funds[code].confirm_days if code in funds else 1
        out.add(rules.trade_date_of_confirmation(calendar, confirm, days))
    return sorted(out)


def _series_out(
    points: list[perf.Point],
    period: str,
    bench: list[perf.Point],
    *,
    navs: dict[date, tuple[Decimal, Decimal, Decimal | None, Decimal | None]] | None = None,
    nav_scale: bool = False,
    keep: set[date],
) -> tuple[list[schemas.SeriesPointOut], date | None, date | None, Decimal | None, Decimal | None]:
    window = perf.slice_period(points, period)
    if not window:
        return [], None, None, None, None
    base = window[0][1]
    bench_base = perf.value_on_or_before(bench, window[0][0]) if bench else None
    out = []
    for day, value in _thin(window, keep):
        b = perf.value_on_or_before(bench, day) if bench_base else None
        nav = navs.get(day) if navs else None
        out.append(
            schemas.SeriesPointOut(
                date=day,
                value=round_half_up(value / base - 1, RATE_SCALE),
                nav=nav[0] if nav else (round_nav(value) if nav_scale else None),
                acc_nav=nav[1] if nav else None,
                benchmark=(
                    round_half_up(b[1] / bench_base[1] - 1, RATE_SCALE)
                    if b and bench_base
                    else None
                ),
                income_per_10k=nav[2] if nav else None,
                yield_7d=rate(nav[3]) if nav else None,
            )
        )
    total = window[-1][1] / base - 1
    bench_total = None
    if bench_base:
        b_end = perf.value_on_or_before(bench, window[-1][0])
        bench_total = b_end[1] / bench_base[1] - 1 if b_end else None
    return out, window[0][0], window[-1][0], rate(total), rate(bench_total)


def _check_period(period: str | None) -> str:
    period = period or "1y"
    if period not in SERIES_PERIODS:
        raise InvalidPeriod(period=period)
    return period


def _algorithm(
    session: Session, product_type: str, requested: str | None
) -> PerformanceAlgorithm | None:
    options = [a for a in repository.algorithms(session) if product_type in a.product_types]
    if requested:
        chosen = next((a for a in options if a.algorithm_type == requested), None)
        if chosen is None:
            raise InvalidAlgorithm(algorithm=requested)
        return chosen
    return next((a for a in options if a.order == 1), options[0] if options else None)


def nav_series(
    session: Session,
    *,
    code: str | None,
    product_type: str | None,
    period: str | None,
    algorithm_type: str | None,
    viewer: BrokerUser | None,
) -> schemas.NavSeriesOut:
    """The chart of a product over a period, with the viewer's own purchases marked. An
    unknown product answers an empty series (docs/api.md#generic-responses: NAV series failures are
    quiet)."""
    period = _check_period(period)
    kind = product_type_of(session, code, product_type) if code else None
    status = publication_status(session, now())
    if kind is None or kind == "privateSet" or code is None:
        return schemas.NavSeriesOut(
            product_code=code or "",
            product_type=product_type or "",
            period=period,
            latest_nav_date=status.latest_nav_date,
            is_nav_updating=status.is_updating,
        )
    fund_kind = kind in ("fund", "wallet")
    token = (
        analytics.fund_token(session, code)
        if fund_kind
        else analytics.portfolio_token(session, code)
    )
    body = analytics.cached(
        ("navSeries", kind, token, period, algorithm_type),
        lambda: _build_nav_series(
            session, code=code, kind=kind, period=period, algorithm_type=algorithm_type
        ),
    )
    markers = list(body.markers)
    if body.start_date is not None and (fund_kind or _shows_trades(session, kind, body)):
        buys = _viewer_buys(
            session,
            viewer,
            fund_code=code if fund_kind else None,
            portfolio_code="" if fund_kind else code,
        )
        markers += [
            schemas.MarkerOut(date=d, type="buy", title="买入")
            for d in buys
            if d >= body.start_date
        ]
    return body.model_copy(
        update={
            "latest_nav_date": status.latest_nav_date,
            "is_nav_updating": status.is_updating,
            "markers": sorted(markers, key=lambda m: m.date),
        }
    )


def _shows_trades(session: Session, kind: str, body: schemas.NavSeriesOut) -> bool:
    algorithm = _algorithm(session, kind, body.algorithm_type)
    return algorithm is None or algorithm.show_trade_point


def _build_nav_series(
    session: Session, *, code: str, kind: str, period: str, algorithm_type: str | None
) -> schemas.NavSeriesOut:
    """The viewer-independent part of a chart (cached per data token)."""
    if kind in ("fund", "wallet"):
        fund = fund_or_404(session, code)
        series = analytics.fund_series(session, fund)
        bench = analytics.benchmark_series(session, fund.benchmark_code)
        navs = {p.day: (p.nav, p.acc_nav, p.income_per_10k, p.yield_7d) for p in series.navs}
        markers = [
            schemas.MarkerOut(
                date=d.ex_date,
                type="dividend",
                title=f"每份分红{d.cash_per_share}元",
                value=d.cash_per_share,
            )
            for d in repository.dividends(session, fund.code)
        ]
        window = perf.slice_period(series.values, period)
        start = window[0][0] if window else None
        markers = [m for m in markers if start is not None and m.date >= start]
        points, first, last, total, bench_total = _series_out(
            series.values,
            period,
            [] if fund.is_money_market else bench,
            navs=navs,
            keep={m.date for m in markers},
        )
        index = repository.benchmark_index(session, fund.benchmark_code)
        return schemas.NavSeriesOut(
            product_code=fund.code,
            product_type=kind,
            period=period,
            start_date=first,
            end_date=last,
            period_return=total,
            benchmark_code=None if fund.is_money_market else fund.benchmark_code,
            benchmark_name=None if fund.is_money_market or index is None else index.name,
            benchmark_return=bench_total,
            points=points,
            markers=sorted(markers, key=lambda m: m.date),
        )
    po = portfolio_or_404(session, code)
    algorithm = _algorithm(session, kind, algorithm_type)
    chosen = algorithm.algorithm_type if algorithm else analytics.NAV_HOLD
    pseries = analytics.portfolio_series(session, po, chosen)
    show_bench = algorithm.show_benchmark if algorithm else True
    bench = analytics.benchmark_series(session, po.benchmark_code) if show_bench else []
    markers = []
    if algorithm is None or algorithm.show_trade_point:
        markers += [
            schemas.MarkerOut(date=d, type="adjust", title="调仓")
            for d, _w in pseries.adjustments[1:]
        ]
    if algorithm is not None and algorithm.show_signal_point:
        markers += [
            schemas.MarkerOut(date=d, type="signal", title=f"发车{m.normalize()}倍", value=m)
            for d, m in pseries.signals
        ]
    window = perf.slice_period(pseries.values, period)
    start = window[0][0] if window else None
    markers = sorted(
        (m for m in markers if start is not None and m.date >= start), key=lambda m: m.date
    )
    if chosen == analytics.SIGNAL_FOLLOW:
        points, first, last, total, _b = _series_follow(
            pseries.values, period, {m.date for m in markers}
        )
        bench_total = None
    else:
        points, first, last, total, bench_total = _series_out(
            pseries.values, period, bench, nav_scale=True, keep={m.date for m in markers}
        )
    index = repository.benchmark_index(session, po.benchmark_code) if show_bench else None
    return schemas.NavSeriesOut(
        product_code=po.code,
        product_type=kind,
        period=period,
        algorithm_type=chosen,
        start_date=first,
        end_date=last,
        period_return=total,
        benchmark_code=po.benchmark_code if index else None,
        benchmark_name=index.name if index else None,
        benchmark_return=bench_total,
        points=points,
        markers=markers,
    )


def _series_follow(
    points: list[perf.Point], period: str, keep: set[date]
) -> tuple[list[schemas.SeriesPointOut], date | None, date | None, Decimal | None, None]:
    """The follow curve is already ``1 + holding return``: shown as it is, not rebased."""
    window = perf.slice_period(points, period)
    if not window:
        return [], None, None, None, None
    out = [
        schemas.SeriesPointOut(date=d, value=round_half_up(v - 1, RATE_SCALE))
        for d, v in _thin(window, keep)
    ]
    return out, window[0][0], window[-1][0], rate(window[-1][1] - 1), None


def _risk_out(r: perf.RiskFigures) -> schemas.RiskOut:
    return schemas.RiskOut(
        period=r.period,
        name=r.name,
        annual_return=rate(r.annual_return),
        volatility=rate(r.volatility),
        max_drawdown=rate(r.max_drawdown.value),
        max_drawdown_start=r.max_drawdown.peak_date,
        max_drawdown_end=r.max_drawdown.trough_date,
        max_drawdown_recovery=r.max_drawdown.recovery_date,
        sharpe=rate(r.sharpe),
        sortino=rate(r.sortino),
        calmar=rate(r.calmar),
    )


ROLLING_NAMES = {6: "持有6个月", 12: "持有1年", 36: "持有3年"}


def _report_out(
    report: analytics.Report,
    *,
    code: str,
    product_type: str,
    bench_code: str | None,
    bench_name: str | None,
) -> dict[str, object]:
    return {
        "product_code": code,
        "product_type": product_type,
        "latest_nav_date": report.last[0] if report.last else None,
        "periods": period_outs(report),
        "risk": [_risk_out(r) for r in report.risk],
        "rolling": [
            schemas.RollingOut(
                months=r.months,
                name=ROLLING_NAMES.get(r.months, f"持有{r.months}个月"),
                count=r.count,
                positive_probability=rate(r.positive_probability),
                average=rate(r.average),
                minimum=rate(r.minimum),
                maximum=rate(r.maximum),
            )
            for r in report.rolling
        ],
        "years": [
            schemas.YearReturnOut(year=y, value=rate(v) or Decimal(0), benchmark_value=rate(b))
            for y, v, b in report.years
        ],
        "benchmark": (
            schemas.BenchmarkBriefOut(
                code=bench_code,
                name=bench_name or bench_code,
                alpha=rate(report.alpha),
                beta=rate(report.beta),
            )
            if bench_code
            else None
        ),
    }


def performance(
    session: Session,
    *,
    code: str | None,
    product_type: str | None,
    algorithm_type: str | None,
) -> schemas.PerformanceOut:
    """Returns over the periods, risk figures, holding-period odds and calendar years, computed
    once per state of the product's data. An unknown product answers an empty result
    (docs/api.md#generic-responses)."""
    kind = product_type_of(session, code, product_type) if code else None
    if kind is None or kind == "privateSet" or code is None:
        return schemas.PerformanceOut(product_code=code or "", product_type=product_type or "")
    if kind in ("fund", "wallet"):
        token = analytics.fund_token(session, code)
        return analytics.cached(
            ("performance", kind, token),
            lambda: _fund_performance(session, code=code, kind=kind, token=token),
        )
    token = analytics.portfolio_token(session, code)
    return analytics.cached(
        ("performance", kind, token, algorithm_type),
        lambda: _portfolio_performance(
            session, code=code, kind=kind, algorithm_type=algorithm_type, token=token
        ),
    )


def _fund_performance(
    session: Session, *, code: str, kind: str, token: tuple[object, ...]
) -> schemas.PerformanceOut:
    fund = fund_or_404(session, code)
    index = repository.benchmark_index(session, fund.benchmark_code)
    report = analytics.fund_report(session, fund, token)
    bench_code = None if fund.is_money_market else fund.benchmark_code
    return schemas.PerformanceOut(
        **_report_out(
            report,
            code=fund.code,
            product_type=kind,
            bench_code=bench_code,
            bench_name=index.name if index else None,
        )
    )


def _portfolio_performance(
    session: Session,
    *,
    code: str,
    kind: str,
    algorithm_type: str | None,
    token: tuple[object, ...],
) -> schemas.PerformanceOut:
    po = portfolio_or_404(session, code)
    algorithm = _algorithm(session, kind, algorithm_type)
    index = repository.benchmark_index(session, po.benchmark_code)
    report = analytics.portfolio_report(session, po, token)
    out = schemas.PerformanceOut(
        **_report_out(
            report,
            code=po.code,
            product_type=kind,
            bench_code=po.benchmark_code,
            bench_name=index.name if index else None,
        ),
        algorithm_type=algorithm.algorithm_type if algorithm else None,
    )
    if kind == "signal":
        follow = analytics.portfolio_series(session, po, analytics.SIGNAL_FOLLOW, token)
        invested = sum((m for _d, m in follow.signals), Decimal(0))
        out.follow = schemas.FollowOut(
            signal_count=len(follow.signals),
            invested_multiple=rate(invested),
            holding_return=rate(follow.values[-1][1] - 1) if follow.values else None,
        )
    return out


def benchmark_indexes(session: Session) -> list[schemas.BenchmarkIndexOut]:
    indexes = repository.benchmark_indexes(session)
    latest = repository.latest_benchmark_closes(session, [i.code for i in indexes])
    return [
        schemas.BenchmarkIndexOut(
            code=i.code,
            name=i.name,
            category=i.category,
            description=i.description,
            latest_close=latest[i.code][1] if i.code in latest else None,
            latest_date=latest[i.code][0] if i.code in latest else None,
        )
        for i in indexes
    ]


def benchmark(
    session: Session, *, code: str | None, benchmark_code: str | None, period: str | None
) -> schemas.BenchmarkOut:
    """A product's (or an index's) benchmark and its curve over a period."""
    period = _check_period(period)
    if not benchmark_code and code:
        fund = repository.fund(session, code)
        po = repository.portfolio(session, code) if fund is None else None
        benchmark_code = fund.benchmark_code if fund else po.benchmark_code if po else None
    index = repository.benchmark_index(session, benchmark_code)
    if index is None:
        raise ProductNotFound("该产品暂无业绩比较基准")
    points = analytics.benchmark_series(session, index.code)
    window = perf.slice_period(points, period)
    base = window[0][1] if window else None
    return schemas.BenchmarkOut(
        code=index.code,
        name=index.name,
        category=index.category,
        description=index.description,
        period=period,
        latest_close=points[-1][1] if points else None,
        latest_date=points[-1][0] if points else None,
        period_return=rate(window[-1][1] / base - 1) if base else None,
        points=[
            schemas.BenchmarkPointOut(
                date=d, close=c, value=round_half_up(c / base - 1, RATE_SCALE)
            )
            for d, c in _thin(window, set())
        ]
        if base
        else [],
    )


def signals(
    session: Session, *, code: str | None, sig_id: str | None, page: int | None, size: int | None
) -> schemas.SignalsOut:
    page, size = page_bounds(page, size, base=1, default_size=20)
    po = portfolio_or_404(session, code)
    if po.kind != "signal":
        raise ProductNotFound("该产品不是发车产品")
    rows = repository.signals(session, po.code)
    latest = rows[0] if rows else None
    if sig_id:
        rows = [s for s in rows if s.sig_id == sig_id]
        if not rows:
            raise NotFound("该发车信号不存在")

    def out(s: object) -> schemas.SignalOut:
        assert isinstance(s, ProductSignal)
        return schemas.SignalOut(
            sig_id=s.sig_id,
            sig_date=s.sig_date,
            signal_type=s.signal_type,
            auto_follow_buy_rate=rate(s.auto_follow_buy_rate),
            description=s.description,
        )

    chosen = rows[(page - 1) * size : page * size]
    return schemas.SignalsOut(
        list=[out(s) for s in chosen],
        total=len(rows),
        page=page,
        size=size,
        has_more=has_more(page, size, len(rows)),
        product_code=po.code,
        product_name=po.name,
        manager_name=po.manager_name,
        latest_signal_info=out(latest) if latest else None,
    )


def algorithm_config(
    session: Session, *, code: str | None, product_type: str | None
) -> schemas.AlgorithmConfigOut:
    """The chart's algorithm options for a product (docs/product.md#screens-and-routes algorithm
    description page): every option when no product is named."""
    kind = product_type_of(session, code, product_type) if code else product_type
    options = [a for a in repository.algorithms(session) if kind is None or kind in a.product_types]
    default = next((a for a in options if a.order == 1), options[0] if options else None)
    return schemas.AlgorithmConfigOut(
        performance_algorithm=[
            schemas.AlgorithmOptionOut(
                algorithm_type=a.algorithm_type,
                algorithm_name=a.algorithm_name,
                algorithm_desc=a.algorithm_desc,
                show_signal_point=a.show_signal_point,
                show_point=a.show_signal_point,
                show_trade_point=a.show_trade_point,
                show_benchmark=a.show_benchmark,
                order=a.order,
            )
            for a in options
        ],
        default_algorithm_type=default.algorithm_type if default else None,
    )
