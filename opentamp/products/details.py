"""What a product is: a fund's profile, NAV, managers and fees; a portfolio's or strategy's
components, allocation and phase; a manager's and a fund company's pages (docs/products.md)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp import rules
from opentamp.core.calendar import get_calendar
from opentamp.errors import NotFound
from opentamp.kit.clock import now
from opentamp.kit.money import round_half_up, round_nav
from opentamp.market.api import publication_status
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import (
    StrategyPhase,
)
from opentamp.models.platform import Team
from opentamp.models.products import (
    FUND_TYPE_QDII,
    Fund,
    FundFeeTier,
    Portfolio,
)
from opentamp.products import analytics, repository, schemas
from opentamp.products import performance as perf
from opentamp.products.catalogue import (
    ASSET_CLASSES,
    PORTFOLIO_TYPES,
    charged_rate,
    fund_or_404,
    fund_type_name,
    is_disable_buy,
    period_outs,
    portfolio_or_404,
    product_type_of,
    purchase_minimum,
    rate,
    risk_name,
    status_of,
)
from opentamp.products.errors import ProductNotFound
from opentamp.products.strategy import current_phase
from opentamp.rules.plans import smart_reference
from opentamp.rules.targets import PHASE_NAMES


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
    fund = fund_or_404(session, code)
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
        fund_type_name=fund_type_name(fund.fund_type),
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
        min_purchase_amount=purchase_minimum(
            session, fund, viewer.broker_id if viewer is not None else None
        ),
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
        is_disable_buy=is_disable_buy(session, viewer, fund.code),
        is_support_smart_aip=smart_reference(fund.benchmark_code, money_market=fund.is_money_market)
        is not None,
        managers=_managers(session, fund),
        returns=period_outs(report),
        description=fund.description,
    )


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
                fund_type_name=fund_type_name(f.fund_type),
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
        "is_support_smart_aip": smart_reference(po.benchmark_code) is not None,
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
        "returns": period_outs(report),
        "is_disable_buy": is_disable_buy(session, viewer, po.code),
        "disclosure_complete": all(c.fund_code in with_docs for c in components)
        or po.box_mode == "BLACK_BOX",
    }


def po_info(session: Session, *, code: str | None, viewer: BrokerUser | None) -> schemas.PoInfoOut:
    po = portfolio_or_404(session, code)
    return schemas.PoInfoOut(**_po_info_fields(session, po, viewer))


def strategy_info(
    session: Session, *, code: str | None, viewer: BrokerUser | None
) -> schemas.StrategyInfoOut:
    po = portfolio_or_404(session, code)
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
            fund_type_name=fund_type_name(f.fund_type),
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
    fund = fund_or_404(session, code)
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
        company_id = fund_or_404(session, code).company_id
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
                fund_type_name=fund_type_name(f.fund_type),
                risk_level=f.risk_level,
            )
            for f in funds
        ],
    )
