"""Product reads (spec 001 §7.9): what a product is, how it performed, what it costs, how
risky it is. Every call answers from the catalogue and the published market data; figures
come from :mod:`opentamp.products.analytics` (computed once per NAV date)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from typing import overload

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.core.calendar import get_calendar
from opentamp.deps import viewer_cache
from opentamp.errors import AppError, NotFound
from opentamp.kit.clock import now
from opentamp.kit.money import round_half_up, round_nav
from opentamp.kit.pagination import PageOut, has_more, page_bounds
from opentamp.market.api import publication_status
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import (
    PerformanceAlgorithm,
    ProductDocument,
    ProductNotice,
    ProductSignal,
    StrategyPhase,
)
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.models.platform import Team
from opentamp.models.products import (
    FUND_TYPE_MONEY_MARKET,
    FUND_TYPE_QDII,
    STATUS_NORMAL,
    STATUS_STOP_ALLOT,
    STATUS_STOP_REDEEM,
    STATUS_STOP_TRADE,
    WALLET_FUND_CODE,
    Fund,
    FundFeeTier,
    Portfolio,
)
from opentamp.products import analytics, microcache, repository, schemas
from opentamp.products import performance as perf
from opentamp.products.strategy import PHASE_NAMES, current_phase
from opentamp.rules.suitability import LEVEL_NAMES

FUND_TYPE_NAMES = {
    0: "其他",
    1: "股票型",
    2: "债券型",
    3: "混合型",
    4: "货币型",
    5: "保本型",
    6: "指数型",
    7: "QDII",
    8: "商品型",
    9: "短债型",
    10: "互认基金",
}
ASSET_CLASSES = {
    0: "其他",
    1: "股票类",
    2: "债券类",
    3: "混合类",
    4: "货币类",
    5: "债券类",
    6: "股票类",
    7: "海外类",
    8: "商品类",
    9: "债券类",
    10: "海外类",
}
PORTFOLIO_TYPES = {"portfolio": "poFund", "strategy": "strategy", "signal": "signal"}
DOC_TYPE_NAMES = {
    "contract": "基金合同",
    "prospectus": "招募说明书",
    "summary": "产品资料概要",
    "risk_disclosure": "风险揭示书",
    "strategy": "组合策略说明书",
    "service_agreement": "服务协议",
    "compliance": "合规文件",
    "qualification": "资质证明",
}
NOTICE_CATEGORY_NAMES = {
    "dividend": "分红公告",
    "status": "交易公告",
    "manager": "人事公告",
    "other": "其他公告",
    "quarterly": "季度报告",
    "semiannual": "中期报告",
    "annual": "年度报告",
}
SERIES_PERIODS = ("1m", "3m", "6m", "1y", "3y", "ytd", "all")
MAX_CHART_POINTS = 400
RATE_SCALE = 6


class ProductNotFound(NotFound):
    code = 61001
    error = "product_not_found"
    msg = "产品不存在或已下架"


class InvalidPeriod(AppError):
    code = 61002
    error = "invalid_period"
    msg = "不支持的区间：{period}"


class InvalidAlgorithm(AppError):
    code = 61003
    error = "invalid_algorithm"
    msg = "不支持的收益算法：{algorithm}"


@overload
def rate(value: Decimal) -> Decimal: ...
@overload
def rate(value: None) -> None: ...
@overload
def rate(value: Decimal | None) -> Decimal | None: ...
def rate(value: Decimal | None) -> Decimal | None:
    """A rate for the wire: 6 decimals, half-up (a stored rate has 8, which would print as
    0E-8 when zero)."""
    return round_half_up(value, RATE_SCALE) if value is not None else None


def charged_rate(value: Decimal | None) -> Decimal | None:
    """A fee rate the order charges, for the wire: 6 decimals like every rate (0.001500), or
    all 8 of the rate when it has more (0.00014760), so the screen shows what is charged."""
    shown = rate(value)
    return shown if shown == value else value


def risk_name(level: int) -> str:
    return LEVEL_NAMES.get(level, "")


# -- product resolution -------------------------------------------------------------------


_KINDS: dict[str, str] = {}


def clear_caches() -> None:
    """Forget every remembered figure, kind and answer (tests, where product codes are reused)."""
    analytics.clear_cache()
    microcache.clear()
    _KINDS.clear()
    viewer_cache.clear()


def product_type_of(session: Session, code: str, product_type: str | None = None) -> str | None:
    """:func:`resolve_product_type`, remembered per code (a code never changes type)."""
    key = f"{code}|{product_type == 'fund'}"
    if key not in _KINDS:
        kind = resolve_product_type(session, code, product_type)
        if kind is None:
            return None
        if len(_KINDS) > 10_000:
            _KINDS.clear()
        _KINDS[key] = kind
    return _KINDS[key]


def resolve_product_type(
    session: Session, code: str, product_type: str | None = None
) -> str | None:
    """The spec's product type of ``code`` (fund, wallet, poFund, strategy, signal,
    privateSet), or None when there is no such product. Code prefixes ZH, CL and SI are
    portfolios, strategies and signal products (spec 000 §3)."""
    if session.get(Fund, code) is not None:
        return "wallet" if code == WALLET_FUND_CODE and product_type != "fund" else "fund"
    po = session.get(Portfolio, code)
    if po is not None:
        return PORTFOLIO_TYPES.get(po.kind, "poFund")
    if repository.private_product(session, code) is not None:
        return "privateSet"
    return None


def _fund(session: Session, code: str | None) -> Fund:
    fund = repository.fund(session, code) if code else None
    if fund is None:
        raise ProductNotFound()
    return fund


def _portfolio(session: Session, code: str | None) -> Portfolio:
    po = repository.portfolio(session, code) if code else None
    if po is None:
        raise ProductNotFound()
    return po


def status_of(status: str, resume: date | None = None) -> schemas.StatusOut:
    """The status tag and its note (spec 000 §4 product status tags)."""
    when = f"（预计{resume:%Y年%m月%d日}恢复）" if resume else ""
    if status == STATUS_STOP_ALLOT:
        return schemas.StatusOut(
            status=status,
            status_text="暂停申购",
            status_note=(
                f"本产品暂停申购{when}。暂停期间提交的买入申请，将在恢复申购后的首个交易日提交。"
            ),
            can_buy=False,
            can_redeem=True,
            resume_date=resume,
        )
    if status == STATUS_STOP_REDEEM:
        return schemas.StatusOut(
            status=status,
            status_text="暂停赎回",
            status_note=(
                f"本产品暂停赎回{when}。暂停期间提交的卖出申请，将在恢复赎回后的首个交易日提交。"
            ),
            can_buy=True,
            can_redeem=False,
            resume_date=resume,
        )
    if status == STATUS_STOP_TRADE:
        return schemas.StatusOut(
            status=status,
            status_text="暂停交易",
            status_note=f"本产品暂停申购和赎回{when}，恢复后的首个交易日将提交暂停期间的申请。",
            can_buy=False,
            can_redeem=False,
            resume_date=resume,
        )
    return schemas.StatusOut(
        status=STATUS_NORMAL, status_text="", status_note="", can_buy=True, can_redeem=True
    )


def _is_disable_buy(session: Session, viewer: BrokerUser | None, code: str) -> bool:
    if viewer is None:
        return False
    broker = repository.broker(session, viewer.broker_id)
    if broker is not None and broker.is_disable_buy:
        return True
    return code in repository.disabled_for_broker(session, viewer.broker_id, [code])


def _period_outs(report: analytics.Report) -> list[schemas.PeriodReturnOut]:
    out = []
    for p in report.periods:
        bench = report.benchmark_periods.get(p.period)
        out.append(
            schemas.PeriodReturnOut(
                period=p.period,
                name=p.name,
                start_date=p.start_date,
                end_date=p.end_date,
                value=rate(p.value),
                benchmark_value=rate(bench),
                excess_value=rate(p.value - bench)
                if p.value is not None and bench is not None
                else None,
            )
        )
    return out


# -- fund ---------------------------------------------------------------------------------


def _career_years(start: date, today: date) -> Decimal:
    return round_half_up(Decimal((today - start).days) / Decimal("365.25"), 1)


def _tenure_return(
    points: Sequence[perf.Point], start: date, end: date | None
) -> tuple[Decimal | None, Decimal | None]:
    window = [p for p in points if p[0] >= start and (end is None or p[0] <= end)]
    base = perf.value_on_or_before(points, start) or (window[0] if window else None)
    if base is None or not window:
        return None, None
    total = window[-1][1] / base[1] - 1
    values = [base[1]] + [v for d, v in window if d > base[0]]
    return total, perf.annual_return(values) if len(values) > 20 else None


def _managers(session: Session, fund: Fund) -> list[schemas.ManagerBriefOut]:
    series = analytics.fund_series(session, fund).values
    today = now().date()
    out = []
    for tenure, manager in repository.tenures_of_fund(session, fund.code):
        if tenure.end_date is not None:
            continue
        total, _annual = _tenure_return(series, tenure.start_date, tenure.end_date)
        out.append(
            schemas.ManagerBriefOut(
                manager_id=manager.id,
                name=manager.name,
                start_date=tenure.start_date,
                end_date=tenure.end_date,
                career_years=_career_years(manager.career_start, today),
                invest_style=manager.invest_style,
                tenure_return=rate(total),
            )
        )
    return out


def _first_purchase_rate(tiers: Sequence[FundFeeTier]) -> Decimal | None:
    purchase = [t for t in tiers if t.kind == "purchase" and t.rate is not None]
    return purchase[0].rate if purchase else None


def fund_nav_out(session: Session, fund: Fund, report: analytics.Report) -> schemas.NavOut:
    series = analytics.fund_series(session, fund)
    if not series.navs:
        return schemas.NavOut()
    last = series.navs[-1]
    return schemas.NavOut(
        nav_date=last.day,
        nav=last.nav,
        acc_nav=last.acc_nav,
        day_growth=None if fund.is_money_market else rate(report.day_growth),
        income_per_10k=last.income_per_10k,
        yield_7d=rate(last.yield_7d),
    )


def fund_info(
    session: Session, *, code: str | None, viewer: BrokerUser | None
) -> schemas.FundInfoOut:
    fund = _fund(session, code)
    report = analytics.fund_report(session, fund)
    company = repository.company(session, fund.company_id)
    bench = repository.benchmark_index(session, fund.benchmark_code)
    status = publication_status(session, now())
    tiers = repository.fee_tiers(session, fund.code)
    listed = _first_purchase_rate(tiers)
    return schemas.FundInfoOut(
        product_code=fund.code,
        product_type=product_type_of(session, fund.code) or "fund",
        fund_code=fund.code,
        fund_name=fund.name,
        short_name=fund.short_name,
        fund_type=fund.fund_type,
        fund_type_name=FUND_TYPE_NAMES.get(fund.fund_type, ""),
        risk_level=fund.risk_level,
        risk_level_name=risk_name(fund.risk_level),
        status=status_of(fund.status, fund.resume_date),
        company_id=fund.company_id,
        company_name=company.short_name if company else "",
        inception_date=fund.inception_date,
        benchmark=fund.benchmark,
        benchmark_code=None if fund.is_money_market else fund.benchmark_code,
        benchmark_name=bench.name if bench and not fund.is_money_market else None,
        custodian=fund.custodian,
        scale=fund.scale,
        scale_date=fund.scale_date,
        nav=fund_nav_out(session, fund, report),
        latest_nav_date=status.latest_nav_date,
        is_nav_updating=status.is_updating,
        min_purchase_amount=fund.min_purchase_amount,
        min_redeem_shares=fund.min_redeem_shares,
        min_hold_shares=fund.min_hold_shares,
        confirm_days=fund.confirm_days,
        redeem_settle_days=fund.redeem_settle_days,
        trade_limit_start_time=fund.trade_limit_start,
        trade_limit_end_time=fund.trade_limit_end,
        discount_fee_ratio=rate(fund.purchase_discount),
        purchase_fee_rate=rate(listed),
        purchase_fee_rate_discounted=(
            charged_rate(rules.discounted_rate(listed, fund.purchase_discount))
            if listed is not None
            else None
        ),
        is_money_market=fund.is_money_market,
        is_pension=fund.is_pension,
        is_qdii=fund.fund_type == FUND_TYPE_QDII,
        is_disable_buy=_is_disable_buy(session, viewer, fund.code),
        managers=_managers(session, fund),
        returns=_period_outs(report),
        description=fund.description,
    )


# -- portfolio ----------------------------------------------------------------------------


def _components(session: Session, po: Portfolio) -> list[schemas.ComponentOut]:
    comps = repository.components(session, po.code)
    funds = repository.funds(session, [c.fund_code for c in comps])
    navs = repository.latest_navs(session, list(funds))
    out = []
    for c in comps:
        f = funds.get(c.fund_code)
        if f is None:
            continue
        nav = navs.get(f.code)
        growth = None
        if nav is not None and not f.is_money_market:
            growth = analytics.fund_report(session, f).day_growth
        out.append(
            schemas.ComponentOut(
                fund_code=f.code,
                fund_name=f.short_name,
                fund_type=f.fund_type,
                fund_type_name=FUND_TYPE_NAMES.get(f.fund_type, ""),
                asset_class=ASSET_CLASSES.get(f.fund_type, "其他"),
                risk_level=f.risk_level,
                weight=rate(c.weight),
                nav=nav.nav if nav else None,
                nav_date=nav.nav_date if nav else None,
                day_growth=rate(growth),
            )
        )
    return out


def _allocation(components: Sequence[schemas.ComponentOut]) -> list[schemas.AllocationOut]:
    totals: dict[str, Decimal] = {}
    for c in components:
        totals[c.asset_class] = totals.get(c.asset_class, Decimal(0)) + c.weight
    return [
        schemas.AllocationOut(asset_class=k, weight=rate(v))
        for k, v in sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
    ]


def _po_info_fields(
    session: Session, po: Portfolio, viewer: BrokerUser | None
) -> dict[str, object]:
    report = analytics.portfolio_report(session, po)
    series = analytics.portfolio_series(session, po, analytics.NAV_HOLD)
    components = _components(session, po)
    allocation = _allocation(components)
    adjustments = series.adjustments
    team = session.get(Team, po.team_id) if po.team_id else None
    bench = repository.benchmark_index(session, po.benchmark_code)
    status = publication_status(session, now())
    with_docs = repository.codes_with_documents(session, [c.fund_code for c in components])
    last = series.hold[-1] if series.hold else None
    return {
        "product_code": po.code,
        "product_type": PORTFOLIO_TYPES.get(po.kind, "poFund"),
        "po_code": po.code,
        "po_name": po.name,
        "kind": po.kind,
        "risk_level": po.risk_level,
        "risk_level_name": risk_name(po.risk_level),
        "status": status_of(po.status),
        "inception_date": po.inception_date,
        "min_purchase_amount": po.min_purchase_amount,
        "description": po.description,
        "investment_strategy": po.investment_strategy,
        "manager_name": po.manager_name,
        "team_id": po.team_id,
        "team_name": team.name if team else None,
        "benchmark_code": po.benchmark_code,
        "benchmark_name": bench.name if bench else None,
        "box_mode": po.box_mode,
        "components": [] if po.box_mode != "WHITE_BOX" else components,
        "asset_allocation": [] if po.box_mode == "BLACK_BOX" else allocation,
        "last_adjust_date": adjustments[-1][0] if adjustments else None,
        "adjust_count": max(len(adjustments) - 1, 0),
        "is_advisory": po.adviser_fee_rate is not None,
        "adviser_fee_rate": rate(po.adviser_fee_rate),
        "nav": schemas.NavOut(
            nav_date=last[0] if last else None,
            nav=round_nav(last[1]) if last else None,
            acc_nav=round_nav(last[1]) if last else None,
            day_growth=rate(report.day_growth),
        ),
        "latest_nav_date": status.latest_nav_date,
        "is_nav_updating": status.is_updating,
        "returns": _period_outs(report),
        "is_disable_buy": _is_disable_buy(session, viewer, po.code),
        "disclosure_complete": all(c.fund_code in with_docs for c in components)
        or po.box_mode == "BLACK_BOX",
    }


def po_info(session: Session, *, code: str | None, viewer: BrokerUser | None) -> schemas.PoInfoOut:
    po = _portfolio(session, code)
    return schemas.PoInfoOut(**_po_info_fields(session, po, viewer))


def strategy_info(
    session: Session, *, code: str | None, viewer: BrokerUser | None
) -> schemas.StrategyInfoOut:
    po = _portfolio(session, code)
    info = repository.strategy(session, po.code)
    if info is None:
        raise ProductNotFound()
    fields = _po_info_fields(session, po, viewer)
    phases = repository.strategy_phases(session, po.code)
    moment = now()
    current = [p for p in phases if p.period_no == info.period_no]
    on = current_phase(current, moment)
    series = analytics.portfolio_series(session, po, analytics.NAV_HOLD).hold
    history: list[schemas.StrategyPeriodOut] = []
    periods: dict[int, list[StrategyPhase]] = {}
    for p in phases:
        periods.setdefault(p.period_no, []).append(p)
    for number, rows in sorted(periods.items(), reverse=True):
        ended = [
            r for r in rows if r.phase_type in ("END", "TERMINATED") and r.begin_time <= moment
        ]
        if not ended:
            continue
        run = next((r for r in rows if r.phase_type == "RUN"), None)
        reached = any(r.phase_type == "REACHED" for r in rows)
        begin = rows[0].begin_time.date()
        end = ended[0].begin_time.date()
        period_return = None
        if run is not None and run.end_time is not None:
            base = perf.value_on_or_before(
                series, get_calendar().previous_trading_day(run.begin_time.date())
            )
            last = perf.value_on_or_before(series, run.end_time.date())
            if base and last:
                period_return = rate(last[1] / base[1] - 1)
        history.append(
            schemas.StrategyPeriodOut(
                period_no=number,
                result="REACHED" if reached else "END",
                begin_date=begin,
                end_date=end,
                period_return=period_return,
            )
        )
    target = schemas.TargetInfoOut(
        strategy_type=info.strategy_type,
        basic_prod_type=info.basic_prod_type,
        fund_list=fields["components"],
        strategy_phase_list=[
            schemas.StrategyPhaseOut(
                period_no=p.period_no,
                phase_type=p.phase_type,
                phase_name=PHASE_NAMES.get(p.phase_type, p.phase_type),
                begin_time=p.begin_time,
                end_time=p.end_time,
                target_type=p.target_type,
                target_value=rate(p.target_value),
                current_phase=on is not None and p.id == on.id,
            )
            for p in current
        ],
        target_return=rate(info.target_return),
        buy_mode=info.buy_mode,
        period_no=info.period_no,
        occur_phase=on.phase_type if on else None,
        max_run_months=info.max_run_months,
        history=history[:12],
    )
    return schemas.StrategyInfoOut(**fields, target_info=target)


# -- NAV series ---------------------------------------------------------------------------


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
    unknown product answers an empty series (spec 001 §8.2: NAV series failures are quiet)."""
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
        fund = _fund(session, code)
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
    po = _portfolio(session, code)
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


# -- performance --------------------------------------------------------------------------


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
        "periods": _period_outs(report),
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
    once per state of the product's data. An unknown product answers an empty result (spec
    001 §8.2)."""
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
    fund = _fund(session, code)
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
    po = _portfolio(session, code)
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


# -- notices and documents ----------------------------------------------------------------


def notices(
    session: Session, *, code: str | None, kind: str, page: int | None, size: int | None
) -> PageOut[schemas.NoticeOut]:
    page, size = page_bounds(page, size, base=1, default_size=10)
    if not code:
        raise ProductNotFound()
    query = repository.notices_query(code, kind)
    total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
    rows = session.scalars(query.offset((page - 1) * size).limit(size)).all()
    return PageOut[schemas.NoticeOut](
        list=[notice_out(n) for n in rows],
        total=total,
        page=page,
        size=size,
        has_more=has_more(page, size, total),
    )


def notice_out(n: ProductNotice) -> schemas.NoticeOut:
    return schemas.NoticeOut(
        id=n.id,
        title=n.title,
        category=n.category,
        category_name=NOTICE_CATEGORY_NAMES.get(n.category, "公告"),
        publish_date=n.publish_date,
    )


def notice_detail(session: Session, *, notice_id: int) -> schemas.NoticeDetailOut:
    n = repository.notice(session, notice_id)
    if n is None:
        raise NotFound()
    return schemas.NoticeDetailOut(
        **notice_out(n).model_dump(), product_code=n.product_code, kind=n.kind, content=n.content
    )


def document_url(doc_id: int) -> str:
    return f"/richText?fromModule=doc&id={doc_id}"


def _document_out(d: ProductDocument) -> schemas.DocumentOut:
    return schemas.DocumentOut(
        id=d.id,
        product_code=d.product_code,
        doc_type=d.doc_type,
        doc_type_name=DOC_TYPE_NAMES.get(d.doc_type, "文件"),
        title=d.title,
        version_date=d.version_date,
        is_current=d.is_current,
        file_url=document_url(d.id),
    )


def compliance_files(
    session: Session, *, code: str | None, doc_type: str | None
) -> schemas.ComplianceFilesOut:
    """A product's disclosure documents (productDoc, historyDoc); without a product code the
    platform's own compliance files (static/complianceFile)."""
    code = code or ""
    docs = repository.documents(session, code, doc_type=doc_type)
    return schemas.ComplianceFilesOut(
        product_code=code,
        list=[_document_out(d) for d in docs if d.is_current],
        history=[_document_out(d) for d in docs if not d.is_current],
    )


def document_detail(session: Session, *, doc_id: int) -> schemas.DocumentDetailOut:
    d = repository.document(session, doc_id)
    if d is None:
        raise NotFound()
    return schemas.DocumentDetailOut(**_document_out(d).model_dump(), content=d.content)


# -- risk disclosure ----------------------------------------------------------------------


def risk_disclosure(
    session: Session, *, code: str | None, product_type: str | None
) -> schemas.RiskDisclosureOut:
    """What an investor confirms before buying (spec 000 §5 risk checks): the product's risk
    level and, per kind of product, the particular risks."""
    kind = product_type_of(session, code, product_type) if code else None
    if kind is None or code is None:
        raise ProductNotFound()
    level: int
    name: str
    content = [
        "基金投资有风险，基金的过往业绩并不预示其未来表现，基金管理人管理的其他基金的业绩并不构成本基金业绩表现的保证。",
        "投资者应认真阅读基金合同、招募说明书、产品资料概要等法律文件，了解产品的风险收益特征，并根据自身的投资目的、投资期限、投资经验、资产状况等判断是否与自身风险承受能力相适应。",
    ]
    extra: list[schemas.RiskOptionOut] = []
    if kind in ("fund", "wallet"):
        fund = _fund(session, code)
        level, name = fund.risk_level, fund.short_name
        if fund.fund_type == FUND_TYPE_MONEY_MARKET:
            content.append(
                "货币市场基金不同于银行存款，不保证本金安全和收益，七日年化收益率不代表未来收益。"
            )
        if fund.fund_type == FUND_TYPE_QDII:
            content.append(
                "本基金投资境外市场，除一般证券投资风险外，还面临汇率风险、境外市场风险及QDII额度限制导致的暂停申购风险，确认时间为T+2个交易日。"
            )
            extra.append(
                schemas.RiskOptionOut(
                    key="overseas", label="本人已知悉境外投资的汇率风险与市场风险", required=True
                )
            )
        if fund.fund_type == 10:
            content.append(
                "本基金为内地与香港互认基金，在香港注册并由境外管理人管理，适用香港法律与监管，面临汇率及跨境销售的特殊风险。"
            )
            extra.append(
                schemas.RiskOptionOut(
                    key="mutual_recognition",
                    label="本人已知悉互认基金的跨境销售风险",
                    required=True,
                )
            )
        if fund.is_pension:
            content.append(
                "个人养老金基金存在最短持有期，资金在达到领取条件前不可领取，请合理安排资金。"
            )
    elif kind == "privateSet":
        private = repository.private_product(session, code)
        assert private is not None
        level, name = private.risk_level, private.name
        content.append(
            "私募基金仅面向合格投资者，存在流动性风险、管理人风险及本金损失风险，不保证最低收益。"
        )
        extra.append(
            schemas.RiskOptionOut(key="qualified", label="本人确认为合格投资者", required=True)
        )
    else:
        po = _portfolio(session, code)
        level, name = po.risk_level, po.name
        content.append(
            "组合由多只基金构成，组合收益为各基金收益按权重汇总，调仓时将产生申购赎回费用，组合的历史业绩不代表未来表现。"
        )
        if po.adviser_fee_rate is not None:
            content.append(
                f"本组合为基金投顾服务，投顾服务费按持仓资产年化{_pct(po.adviser_fee_rate)}每日计提，按期收取。"
            )
            extra.append(
                schemas.RiskOptionOut(
                    key="adviser_fee", label="本人已知悉投顾服务费的收取方式", required=True
                )
            )
        if kind == "strategy":
            content.append(
                "目标止盈策略达到目标收益后自动卖出，目标收益不是收益承诺，运作期内可能无法达到目标。"
            )
        if kind == "signal":
            content.append(
                "发车信号为主理人的投资观点，跟车买入不保证盈利，发车倍数越高投入越多，请量力而行。"
            )
    title = f"{name}风险揭示"
    return schemas.RiskDisclosureOut(
        product_code=code,
        product_type=kind,
        risk_level=level,
        risk_level_name=risk_name(level),
        title=title,
        content=content,
        options=[
            schemas.RiskOptionOut(
                key="read", label="本人已阅读并知悉上述风险揭示内容", required=True
            ),
            schemas.RiskOptionOut(
                key="risk_level",
                label=f"本人确认产品风险等级为R{level}（{risk_name(level)}），并自愿承担投资风险",
                required=True,
            ),
            *extra,
        ],
    )


def _pct(value: Decimal) -> str:
    return f"{(value * 100).normalize():f}%"


# -- fund pool ----------------------------------------------------------------------------


def fund_pool(
    session: Session,
    *,
    broker_id: int,
    fund_type: int | None,
    page: int | None,
    size: int | None,
    disabled: bool,
) -> schemas.FundPoolOut:
    """The broker's fund pool (基金备选池): the funds its advisory portfolios may hold, with
    the day each joined."""
    page, size = page_bounds(page, size, base=1, default_size=20)
    shelf = repository.shelf(session, broker_id, "fundPool")
    funds = repository.funds(session, [s.product_code for s in shelf])
    entries = [(s, funds[s.product_code]) for s in shelf if s.product_code in funds]
    groups: dict[int, int] = {}
    for _s, f in entries:
        groups[f.fund_type] = groups.get(f.fund_type, 0) + 1
    if fund_type is not None:
        entries = [(s, f) for s, f in entries if f.fund_type == fund_type]
    total = len(entries)
    chosen = entries[(page - 1) * size : page * size]
    companies = repository.companies(session, {f.company_id for _s, f in chosen})
    navs = repository.latest_navs(session, [f.code for _s, f in chosen])
    items = []
    for s, f in chosen:
        nav = navs.get(f.code)
        items.append(
            schemas.FundPoolItemOut(
                fund_code=f.code,
                fund_name=f.short_name,
                fund_type=f.fund_type,
                fund_type_name=FUND_TYPE_NAMES.get(f.fund_type, ""),
                risk_level=f.risk_level,
                risk_level_name=risk_name(f.risk_level),
                company_name=companies[f.company_id].short_name
                if f.company_id in companies
                else "",
                added_date=s.added_date,
                nav=nav.nav if nav else None,
                nav_date=nav.nav_date if nav else None,
                year_return=rate(analytics.year_return(session, f)),
                status_text=status_of(f.status).status_text,
                is_disable_buy=disabled or s.is_disable_buy,
            )
        )
    return schemas.FundPoolOut(
        list=items,
        total=total,
        page=page,
        size=size,
        has_more=has_more(page, size, total),
        groups=[
            schemas.FundPoolGroupOut(
                fund_type=t, fund_type_name=FUND_TYPE_NAMES.get(t, ""), count=n
            )
            for t, n in sorted(groups.items())
        ],
        updated_date=max((s.added_date for s, _f in entries if s.added_date), default=None),
    )


# -- benchmark ----------------------------------------------------------------------------


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


# -- signals ------------------------------------------------------------------------------


def signals(
    session: Session, *, code: str | None, sig_id: str | None, page: int | None, size: int | None
) -> schemas.SignalsOut:
    page, size = page_bounds(page, size, base=1, default_size=20)
    po = _portfolio(session, code)
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


# -- algorithm config ---------------------------------------------------------------------


def algorithm_config(
    session: Session, *, code: str | None, product_type: str | None
) -> schemas.AlgorithmConfigOut:
    """The chart's algorithm options for a product (spec 000 §2 algorithm description page):
    every option when no product is named."""
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


# -- managers, organisation ---------------------------------------------------------------


def manager_detail(session: Session, *, manager_id: int) -> schemas.ManagerDetailOut:
    manager = repository.manager(session, manager_id)
    if manager is None:
        raise NotFound("基金经理不存在")
    company = repository.company(session, manager.company_id)
    tenures = repository.tenures_of_manager(session, manager.id)
    funds = repository.funds(session, [t.fund_code for t in tenures])
    current: list[schemas.ManagerFundOut] = []
    history: list[schemas.ManagerFundOut] = []
    for t in tenures:
        f = funds.get(t.fund_code)
        if f is None:
            continue
        total, annual = _tenure_return(
            analytics.fund_series(session, f).values, t.start_date, t.end_date
        )
        item = schemas.ManagerFundOut(
            fund_code=f.code,
            fund_name=f.short_name,
            fund_type_name=FUND_TYPE_NAMES.get(f.fund_type, ""),
            start_date=t.start_date,
            end_date=t.end_date,
            tenure_return=rate(total),
            tenure_annual_return=rate(annual),
        )
        (history if t.end_date else current).append(item)
    return schemas.ManagerDetailOut(
        manager_id=manager.id,
        name=manager.name,
        company_id=manager.company_id,
        company_name=company.name if company else "",
        education=manager.education,
        career_start=manager.career_start,
        career_years=_career_years(manager.career_start, now().date()),
        invest_style=manager.invest_style,
        bio=manager.bio,
        funds=current,
        history_funds=history,
    )


def fund_managers(session: Session, *, code: str | None) -> list[schemas.ManagerDetailOut]:
    """Every manager the fund has had, in office first."""
    fund = _fund(session, code)
    out = []
    seen: set[int] = set()
    for _tenure, manager in repository.tenures_of_fund(session, fund.code):
        if manager.id not in seen:
            seen.add(manager.id)
            out.append(manager_detail(session, manager_id=manager.id))
    return out


def organization(
    session: Session, *, company_id: int | None, code: str | None
) -> schemas.OrganizationOut:
    if company_id is None and code:
        company_id = _fund(session, code).company_id
    company = repository.company(session, company_id) if company_id is not None else None
    if company is None:
        raise NotFound("机构不存在")
    funds = list(
        session.scalars(select(Fund).where(Fund.company_id == company.id).order_by(Fund.code))
    )
    return schemas.OrganizationOut(
        company_id=company.id,
        name=company.name,
        short_name=company.short_name,
        established_date=company.established_date,
        registered_capital=company.registered_capital,
        website=company.website,
        hotline=company.hotline,
        address=company.address,
        description=company.description,
        fund_count=len(funds),
        funds=[
            schemas.FundBriefOut(
                fund_code=f.code,
                fund_name=f.short_name,
                fund_type_name=FUND_TYPE_NAMES.get(f.fund_type, ""),
                risk_level=f.risk_level,
            )
            for f in funds
        ],
    )


# -- trade rules --------------------------------------------------------------------------


def _wan(amount: Decimal) -> str:
    if amount >= 10000 and amount % 10000 == 0:
        return f"{(amount / 10000).normalize():f}万元"
    return f"{amount.normalize():f}元"


def _days(days: int) -> str:
    return f"{days // 365}年" if days >= 365 and days % 365 == 0 else f"{days}天"


def fee_condition(tier: FundFeeTier) -> str:
    if tier.kind == "purchase":
        lo, hi = tier.amount_from or Decimal(0), tier.amount_to
        if lo == 0 and hi is None:
            return "全部金额"
        if lo == 0:
            return f"金额<{_wan(hi)}"  # type: ignore[arg-type]
        if hi is None:
            return f"金额≥{_wan(lo)}"
        return f"{_wan(lo)}≤金额<{_wan(hi)}"
    lo_d, hi_d = tier.days_from or 0, tier.days_to
    if lo_d == 0 and hi_d is None:
        return "全部持有期"
    if lo_d == 0:
        return f"持有<{_days(hi_d)}"  # type: ignore[arg-type]
    if hi_d is None:
        return f"持有≥{_days(lo_d)}"
    return f"{_days(lo_d)}≤持有<{_days(hi_d)}"


def _trade_dates(fund: Fund) -> tuple[schemas.TradeDatesOut, schemas.TradeDatesOut]:
    """The dates of an order placed now (opentamp/rules/dates.py): T, confirmation, the day
    profit shows and the day redemption cash reaches the card."""
    calendar = get_calendar()
    moment = now()
    trade = rules.trade_date(calendar, moment)
    confirm = rules.confirm_date(calendar, trade, fund.confirm_days)
    buy = schemas.TradeDatesOut(
        order_time=moment,
        trade_date=trade,
        confirm_date=confirm,
        result_date=rules.profit_date(calendar, confirm),
    )
    redeem = schemas.TradeDatesOut(
        order_time=moment,
        trade_date=trade,
        confirm_date=confirm,
        result_date=rules.arrival_date(
            calendar, trade, redeem_to=rules.PAY_CARD, redeem_settle_days=fund.redeem_settle_days
        ),
    )
    return buy, redeem


def fund_trade_rules(session: Session, fund: Fund) -> schemas.FundTradeRulesOut:
    tiers = repository.fee_tiers(session, fund.code)
    buy, redeem = _trade_dates(fund)
    return schemas.FundTradeRulesOut(
        fund_code=fund.code,
        fund_name=fund.short_name,
        is_money_market=fund.is_money_market,
        min_purchase_amount=fund.min_purchase_amount,
        min_redeem_shares=fund.min_redeem_shares,
        min_hold_shares=fund.min_hold_shares,
        discount_fee_ratio=rate(fund.purchase_discount),
        purchase_fees=[
            schemas.FeeTierOut(
                condition=fee_condition(t),
                rate=rate(t.rate),
                discounted_rate=charged_rate(rules.discounted_rate(t.rate, fund.purchase_discount))
                if t.rate is not None
                else None,
                fixed_fee=t.fixed_fee,
            )
            for t in tiers
            if t.kind == "purchase"
        ],
        redeem_fees=[
            schemas.FeeTierOut(condition=fee_condition(t), rate=rate(t.rate), fixed_fee=t.fixed_fee)
            for t in tiers
            if t.kind == "redeem"
        ],
        manage_fee_rate=rate(fund.manage_fee_rate),
        custody_fee_rate=rate(fund.custody_fee_rate),
        sales_service_fee_rate=rate(fund.sales_service_fee_rate),
        confirm_days=fund.confirm_days,
        redeem_settle_days=fund.redeem_settle_days,
        buy=buy,
        redeem=redeem,
        trade_limit_start_time=fund.trade_limit_start,
        trade_limit_end_time=fund.trade_limit_end,
        status=status_of(fund.status, fund.resume_date),
    )


def trade_rules(
    session: Session, *, code: str | None, product_type: str | None
) -> schemas.TradeRulesOut:
    """Fees and confirmation dates from the real fee schedules and calendar (tradeRules)."""
    kind = product_type_of(session, code, product_type) if code else None
    if kind is None or code is None or kind == "privateSet":
        raise ProductNotFound()
    cut_off = f"{rules.CUT_OFF:%H:%M}"
    if kind in ("fund", "wallet"):
        fund = _fund(session, code)
        notes = [
            f"交易日{cut_off}前提交的申请按当日净值确认，{cut_off}后或非交易日提交的按下一交易日净值确认。",
            "申购费用采用外扣法计算：净申购金额=申购金额/(1+申购费率)，申购费用=申购金额-净申购金额。",
            "赎回费按每笔份额的持有天数分别计算，先买入的份额先卖出。",
        ]
        if fund.is_money_market:
            notes = [
                f"交易日{cut_off}前买入，下一交易日确认份额并开始计算收益；收益每日结转为份额。",
                "货币基金不收取申购费和赎回费。",
            ]
        return schemas.TradeRulesOut(
            product_code=fund.code,
            product_type=kind,
            product_name=fund.short_name,
            cut_off_time=cut_off,
            min_purchase_amount=fund.min_purchase_amount,
            funds=[fund_trade_rules(session, fund)],
            weights=[],
            notes=notes,
        )
    po = _portfolio(session, code)
    comps = repository.components(session, po.code)
    funds = repository.funds(session, [c.fund_code for c in comps])
    notes = [
        "买入组合时，买入金额按各基金的目标比例拆分为多笔基金申购，费用为各基金申购费之和；分不尽的金额计入比例最高的基金。",
        "组合内各基金按各自规则确认，全部确认后组合买入完成。",
        "卖出组合时按比例赎回各基金，赎回费按每只基金份额的持有天数分别计算。",
    ]
    if po.adviser_fee_rate is not None:
        notes.append(f"投顾服务费按持仓资产年化{_pct(po.adviser_fee_rate)}每日计提，按期收取。")
    return schemas.TradeRulesOut(
        product_code=po.code,
        product_type=kind,
        product_name=po.name,
        cut_off_time=cut_off,
        min_purchase_amount=po.min_purchase_amount,
        adviser_fee_rate=rate(po.adviser_fee_rate),
        funds=[
            fund_trade_rules(session, funds[c.fund_code]) for c in comps if c.fund_code in funds
        ],
        weights=[
            schemas.AllocationOut(asset_class=funds[c.fund_code].short_name, weight=rate(c.weight))
            for c in comps
            if c.fund_code in funds
        ],
        notes=notes,
    )


# -- adjustments --------------------------------------------------------------------------


def adjustment_history(session: Session, *, code: str | None) -> schemas.AdjustmentsOut:
    po = _portfolio(session, code)
    if po.box_mode == "BLACK_BOX":
        return schemas.AdjustmentsOut(po_code=po.code, po_name=po.name, total=0, list=[])
    adjustments = repository.adjustments(session, po.code)
    items = repository.adjustment_items(session, [a.id for a in adjustments])
    funds = repository.funds(session, {i.fund_code for rows in items.values() for i in rows})
    out = []
    for a in reversed(adjustments):
        rows = []
        for i in items[a.id]:
            f = funds.get(i.fund_code)
            change = i.weight_after - i.weight_before
            action = (
                "新增" if i.weight_before == 0 and i.weight_after > 0
                else "移除" if i.weight_after == 0
                else "增持" if change > 0
                else "减持" if change < 0
                else "不变"
            )  # fmt: skip
            rows.append(
                schemas.AdjustmentItemOut(
                    fund_code=i.fund_code,
                    fund_name=f.short_name if f else i.fund_code,
                    fund_type_name=FUND_TYPE_NAMES.get(f.fund_type, "") if f else "",
                    weight_before=rate(i.weight_before),
                    weight_after=rate(i.weight_after),
                    change=rate(change),
                    action=action,
                )
            )
        out.append(
            schemas.AdjustmentOut(
                id=a.id, adjust_date=a.adjust_date, title=a.title, reason=a.reason, items=rows
            )
        )
    return schemas.AdjustmentsOut(po_code=po.code, po_name=po.name, total=len(out), list=out)


# -- product cards (lists, search, recommendations) ---------------------------------------


def product_card(
    session: Session,
    *,
    code: str,
    product_type: str | None,
    viewer_broker_id: int | None,
    tags: list[str] | None = None,
) -> schemas.ProductCardOut:
    kind = product_type_of(session, code, product_type)
    if kind is None or kind == "privateSet":
        raise ProductNotFound()
    disabled = False
    if viewer_broker_id is not None:
        broker = repository.broker(session, viewer_broker_id)
        disabled = bool(broker and broker.is_disable_buy) or code in repository.disabled_for_broker(
            session, viewer_broker_id, [code]
        )
    if kind in ("fund", "wallet"):
        fund = _fund(session, code)
        report = analytics.fund_report(session, fund)
        series = analytics.fund_series(session, fund)
        last = series.navs[-1] if series.navs else None
        if fund.is_money_market:
            metric_name, metric = "七日年化", last.yield_7d if last else None
        else:
            metric_name = "近1年涨跌幅"
            metric = next((p.value for p in report.periods if p.period == "1y"), None)
            if metric is None:
                metric_name = "成立以来"
                metric = next((p.value for p in report.periods if p.period == "all"), None)
        return schemas.ProductCardOut(
            product_code=fund.code,
            product_type=kind,
            name=fund.short_name,
            risk_level=fund.risk_level,
            risk_level_name=risk_name(fund.risk_level),
            type_name=FUND_TYPE_NAMES.get(fund.fund_type, ""),
            metric_name=metric_name,
            metric_value=rate(metric),
            nav=last.nav if last else None,
            nav_date=last.day if last else None,
            min_purchase_amount=fund.min_purchase_amount,
            status_text=status_of(fund.status).status_text,
            tags=tags or [],
            is_disable_buy=disabled,
            detail_path=f"/fundProductDetail?productCode={fund.code}&productType={kind}",
        )
    po = _portfolio(session, code)
    report = analytics.portfolio_report(session, po)
    metric = next((p.value for p in report.periods if p.period == "1y"), None)
    metric_name = "近1年收益"
    if metric is None:
        metric_name, metric = (
            "成立以来",
            next((p.value for p in report.periods if p.period == "all"), None),
        )
    type_names = {"poFund": "基金组合", "strategy": "目标策略", "signal": "发车产品"}
    return schemas.ProductCardOut(
        product_code=po.code,
        product_type=kind,
        name=po.name,
        risk_level=po.risk_level,
        risk_level_name=risk_name(po.risk_level),
        type_name="投顾组合"
        if po.adviser_fee_rate is not None
        else type_names.get(kind, "基金组合"),
        metric_name=metric_name,
        metric_value=rate(metric),
        nav=round_nav(report.last[1]) if report.last else None,
        nav_date=report.last[0] if report.last else None,
        min_purchase_amount=po.min_purchase_amount,
        status_text=status_of(po.status).status_text,
        tags=tags or [],
        is_disable_buy=disabled,
        detail_path=f"/poProductDetail?productCode={po.code}&productType={kind}",
    )


def wallet_funds(session: Session, *, broker_id: int) -> schemas.WalletFundsOut:
    """The funds of the broker's superWallet shelf (the wallet fund alone when it has none)."""
    broker = repository.broker(session, broker_id)
    shelf = repository.shelf(session, broker_id, "superWallet")
    codes = [s.product_code for s in shelf] or [WALLET_FUND_CODE]
    cards = []
    for code in codes:
        try:
            cards.append(
                product_card(session, code=code, product_type=None, viewer_broker_id=broker_id)
            )
        except ProductNotFound:
            continue
    return schemas.WalletFundsOut(
        wallet_name=broker.wallet_name if broker else "钱包",
        min_purchase_amount=broker.super_wallet_min_purchase if broker else Decimal("100.00"),
        funds=cards,
    )
