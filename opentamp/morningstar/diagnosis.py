"""The portfolio diagnosis (组合诊断, docs/morningstar.md#diagnosis): pure functions from the
customer's current holdings to six sections of figures, each with a plain-language finding.

Shares are of the total market value of the holdings (the value the daily profit step keeps on
each holding, docs/rules.md#profit); shares, returns and rates are cut (not rounded) to their
places, and the findings write a percentage as the screens do (``kit.money.percent_text``, the
display rule of docs/product.md#validation: truncated), so a finding and the figure beside it
on the screen read alike; money is rounded half-up to the cent. The performance
figures come from the project's performance module (products' ``performance``), never a second
definition.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from itertools import combinations
from typing import Any

from opentamp.kit.money import percent_text, truncate
from opentamp.products.api import (
    ASSET_CLASSES,
    FUND_TYPE_NAMES,
    aligned_returns,
    annual_volatility,
    backtest_hold,
    correlation,
    cumulative_return,
    max_drawdown,
    months_before,
    simple_returns,
)

Point = tuple[date, Decimal]
ZERO = Decimal(0)
#: Places of a share, a return or a correlation (a percentage with two decimals).
SHARE_PLACES = 4
#: Places of a yearly fee rate.
RATE_PLACES = 6
CENT = Decimal("0.01")

#: Thresholds of the findings (docs/morningstar.md#diagnosis).
TOP_N = 5
FUND_SHARE_LIMIT = Decimal("0.4")
MANAGER_SHARE_LIMIT = Decimal("0.5")
OVERLAP_CORRELATION = Decimal("0.9")
OVERLAP_MIN_DAYS = 60
ONGOING_RATE_LIMIT = Decimal("0.015")
#: The asset classes counted as equity (权益类).
EQUITY_CLASSES = ("股票类", "混合类")
#: Each warning section takes this many points off 100.
WARN_PENALTY = 15


@dataclass(frozen=True)
class HeldFund:
    code: str
    name: str
    fund_type: int
    risk_level: int
    value: Decimal
    manager: str  # '' when the fund has no manager in office on record
    ongoing_rate: Decimal | None  # management + custody + sales service, a year
    series: Sequence[Point] = field(default_factory=list)
    benchmark_code: str = ""
    benchmark_name: str = ""
    benchmark: Sequence[Point] = field(default_factory=list)


@dataclass(frozen=True)
class Inputs:
    funds: list[HeldFund]
    fees_paid: Decimal
    grade: int | None
    #: The equity range aimed at (questionnaire, else the grade), None when neither is known.
    equity_range: tuple[Decimal, Decimal] | None
    range_source: str  # 'survey', 'grade' or ''


def share(part: Decimal, total: Decimal) -> Decimal:
    return truncate(part / total, SHARE_PLACES) if total else ZERO


def money(x: Decimal) -> Decimal:
    return x.quantize(CENT, ROUND_HALF_UP)


def _section(level: str, finding: str, **figures: Any) -> dict[str, Any]:
    return {"level": level, "finding": finding, **figures}


def concentration(funds: list[HeldFund], total: Decimal) -> dict[str, Any]:
    ranked = sorted(funds, key=lambda f: (-f.value, f.code))
    top = [
        {"code": f.code, "name": f.name, "value": money(f.value), "share": share(f.value, total)}
        for f in ranked[:TOP_N]
    ]
    by_manager: dict[str, Decimal] = defaultdict(lambda: ZERO)
    for f in funds:
        by_manager[f.manager or "未披露"] += f.value
    ranked_managers = sorted(by_manager.items(), key=lambda mv: (-mv[1], mv[0]))
    managers = [
        {"name": m, "value": money(v), "share": share(v, total)} for m, v in ranked_managers
    ]
    fund_share = share(ranked[0].value, total)
    manager_name, manager_value = ranked_managers[0]
    manager_share = share(manager_value, total)
    top_n_share = share(sum((f.value for f in ranked[:TOP_N]), ZERO), total)
    warn = fund_share > FUND_SHARE_LIMIT or manager_share > MANAGER_SHARE_LIMIT
    parts = []
    if fund_share > FUND_SHARE_LIMIT:
        parts.append(
            f"{ranked[0].name}占组合的{percent_text(fund_share)}，单只基金占比超过"
            f"{percent_text(FUND_SHARE_LIMIT)}，组合表现过度依赖这只基金。"
        )
    if manager_share > MANAGER_SHARE_LIMIT:
        parts.append(
            f"基金经理{manager_name}管理的基金占组合的{percent_text(manager_share)}，"
            f"超过{percent_text(MANAGER_SHARE_LIMIT)}，建议分散到不同的基金经理。"
        )
    finding = "".join(parts) or (
        f"最大单只基金占比{percent_text(fund_share)}，最大单一基金经理占比{percent_text(manager_share)}，集中度适中。"
    )
    return _section(
        "warn" if warn else "ok",
        finding,
        topHoldings=top,
        topShare=top_n_share,
        maxFundShare=fund_share,
        maxManagerShare=manager_share,
        managers=managers,
    )


def _shares_by(funds: list[HeldFund], total: Decimal, key: dict[int, str]) -> list[dict[str, Any]]:
    sums: dict[str, Decimal] = defaultdict(lambda: ZERO)
    for f in funds:
        sums[key.get(f.fund_type, "其他")] += f.value
    return sorted(
        ({"name": k, "value": money(v), "share": share(v, total)} for k, v in sums.items()),
        key=lambda r: (-r["share"], r["name"]),
    )


def exposure(
    funds: list[HeldFund], total: Decimal, target: tuple[Decimal, Decimal] | None, source: str
) -> dict[str, Any]:
    classes = _shares_by(funds, total, ASSET_CLASSES)
    styles = _shares_by(funds, total, FUND_TYPE_NAMES)
    equity = share(
        sum((f.value for f in funds if ASSET_CLASSES.get(f.fund_type) in EQUITY_CLASSES), ZERO),
        total,
    )
    basis = "问卷结果" if source == "survey" else "风险等级"
    if target is None:
        level, finding = (
            "warn",
            f"权益类资产占比{percent_text(equity)}。您尚未完成问卷或风险测评，无法判断配置是否合适。",
        )
    elif equity > target[1]:
        level = "warn"
        finding = (
            f"权益类资产占比{percent_text(equity)}，高于您{basis}建议的{percent_text(target[0])}-{percent_text(target[1])}，"
            "组合波动可能超出您的承受范围。"
        )
    elif equity < target[0]:
        level = "warn"
        finding = (
            f"权益类资产占比{percent_text(equity)}，低于您{basis}建议的{percent_text(target[0])}-{percent_text(target[1])}，"
            "长期收益可能不及预期。"
        )
    else:
        level = "ok"
        low, high = percent_text(target[0]), percent_text(target[1])
        finding = f"权益类资产占比{percent_text(equity)}，在您{basis}建议的{low}-{high}之内。"
    return _section(
        level,
        finding,
        assetClasses=classes,
        styles=styles,
        equityShare=equity,
        targetLow=target[0] if target else None,
        targetHigh=target[1] if target else None,
    )


def _last_year(points: Sequence[Point], end: date) -> list[Point]:
    start = months_before(end, 12)
    return [p for p in points if start <= p[0] <= end]


def overlap(funds: list[HeldFund], end: date | None) -> dict[str, Any]:
    """Pairs of funds whose daily returns over the last year move together (correlation at least
    0.9 over at least 60 shared days): the database holds no fund's stock holdings, so
    overlap is measured by how alike the funds behave."""
    pairs: list[dict[str, Any]] = []
    if end is not None:
        for a, b in combinations(sorted(funds, key=lambda f: f.code), 2):
            ra, rb = aligned_returns(_last_year(a.series, end), _last_year(b.series, end))
            if len(ra) < OVERLAP_MIN_DAYS:
                continue
            rho = correlation(ra, rb)
            if rho is None:
                continue
            pairs.append(
                {
                    "codeA": a.code,
                    "nameA": a.name,
                    "codeB": b.code,
                    "nameB": b.name,
                    "correlation": truncate(rho, SHARE_PLACES),
                    "days": len(ra),
                    "overlapping": rho >= OVERLAP_CORRELATION,
                }
            )
    pairs.sort(key=lambda p: (-p["correlation"], p["codeA"], p["codeB"]))
    alike = [p for p in pairs if p["overlapping"]]
    if alike:
        first = alike[0]
        finding = (
            f"{first['nameA']}与{first['nameB']}近一年走势相关系数为"
            f"{truncate(first['correlation'], 2)}，"
            f"共有{len(alike)}对基金走势高度相似，分散效果有限。"
        )
    elif pairs:
        finding = "持有基金之间近一年走势相关系数均低于0.9，分散效果较好。"
    else:
        finding = "持有基金不足两只或净值数据不足，无法比较基金之间的重合度。"
    return _section("warn" if alike else "ok", finding, pairs=pairs, overlappingCount=len(alike))


def fees(funds: list[HeldFund], total: Decimal, fees_paid: Decimal) -> dict[str, Any]:
    known = [f for f in funds if f.ongoing_rate is not None]
    known_value = sum((f.value for f in known), ZERO)
    weighted = (
        truncate(
            sum((f.value * (f.ongoing_rate or ZERO) for f in known), ZERO) / known_value,
            RATE_PLACES,
        )
        if known_value
        else None
    )
    yearly = money(sum((f.value * (f.ongoing_rate or ZERO) for f in known), ZERO))
    rows = [
        {
            "code": f.code,
            "name": f.name,
            "ongoingRate": f.ongoing_rate,
            "yearlyCost": money(f.value * f.ongoing_rate) if f.ongoing_rate is not None else None,
        }
        for f in sorted(funds, key=lambda f: f.code)
    ]
    if weighted is None:
        level, finding = "ok", f"累计已支付交易费用{money(fees_paid)}元；持有基金未披露运作费率。"
    elif weighted > ONGOING_RATE_LIMIT:
        level = "warn"
        finding = (
            f"持仓加权年运作费率{percent_text(weighted)}，高于{percent_text(ONGOING_RATE_LIMIT)}，每年约{yearly}元；"
            f"累计已支付交易费用{money(fees_paid)}元。可考虑费率更低的同类基金。"
        )
    else:
        level = "ok"
        finding = (
            f"持仓加权年运作费率{percent_text(weighted)}，每年约{yearly}元；累计已支付交易费用"
            f"{money(fees_paid)}元，费用水平合理。"
        )
    return _section(
        level,
        finding,
        feesPaid=money(fees_paid),
        weightedOngoingRate=weighted,
        yearlyCost=yearly,
        funds=rows,
    )


def risk(funds: list[HeldFund], total: Decimal, grade: int | None) -> dict[str, Any]:
    weighted = (
        (sum((f.value * f.risk_level for f in funds), ZERO) / total).quantize(
            Decimal("0.01"), ROUND_HALF_UP
        )
        if total
        else ZERO
    )
    highest = max(f.risk_level for f in funds)
    above = sorted(
        (f for f in funds if grade is not None and f.risk_level > grade),
        key=lambda f: (-f.value, f.code),
    )
    above_share = share(sum((f.value for f in above), ZERO), total)
    rows = [
        {"code": f.code, "name": f.name, "riskLevel": f.risk_level, "share": share(f.value, total)}
        for f in above
    ]
    if grade is None:
        level, finding = "warn", "您尚未完成风险测评（或已过期），无法判断持仓风险是否匹配。"
    elif above:
        level = "warn"
        finding = (
            f"有{len(above)}只基金的风险等级高于您的风险承受能力C{grade}，合计占组合的"
            f"{percent_text(above_share)}。"
        )
    else:
        level = "ok"
        finding = f"全部持仓的风险等级均不高于您的风险承受能力C{grade}，风险匹配。"
    return _section(
        level,
        finding,
        grade=grade,
        weightedRiskLevel=weighted,
        highestRiskLevel=highest,
        aboveGrade=rows,
        aboveGradeShare=above_share,
    )


def _hold(
    series: dict[str, Sequence[Point]], values: dict[str, Decimal], start: date
) -> list[Point]:
    """Today's mix held for the year: weights over the funds priced by the start."""
    priced = {c: v for c, v in values.items() if series[c] and series[c][0][0] <= start}
    total = sum(priced.values(), ZERO)
    if not total:
        return []
    return backtest_hold(
        {c: series[c] for c in priced}, [(start, {c: v / total for c, v in priced.items()})]
    )


def q(x: Decimal | None) -> Decimal | None:
    return truncate(x, SHARE_PLACES) if x is not None else None


def performance(funds: list[HeldFund], end: date | None) -> dict[str, Any]:
    """The current holdings, in today's proportions, over the past year (bought a year ago and
    held), against the same mix of each fund's own benchmark index."""
    if end is None:
        return _section("ok", "持有基金暂无净值数据，无法评估业绩。", curve=[], benchmarkCurve=[])
    start = months_before(end, 12)
    mine = _hold({f.code: f.series for f in funds}, {f.code: f.value for f in funds}, start)
    mine = [p for p in mine if p[0] <= end]
    with_bench = [f for f in funds if f.benchmark]
    bench = _hold(
        {f.code: f.benchmark for f in with_bench}, {f.code: f.value for f in with_bench}, start
    )
    bench = [p for p in bench if p[0] <= end]
    ret = cumulative_return([v for _d, v in mine]) if mine else None
    bret = cumulative_return([v for _d, v in bench]) if bench else None
    dd = max_drawdown(mine).value if mine else None
    vol = annual_volatility(simple_returns([v for _d, v in mine])) if len(mine) > 2 else None
    excess = ret - bret if ret is not None and bret is not None else None
    if ret is None:
        level, finding = "ok", "持有基金近一年净值数据不足，无法评估业绩。"
    elif excess is None:
        level, finding = "ok", f"当前持仓近一年收益{percent_text(ret)}；持有基金未设业绩比较基准。"
    elif excess < 0:
        level = "warn"
        finding = (
            f"当前持仓近一年收益{percent_text(ret)}，落后业绩比较基准{percent_text(-excess)}。"
        )
    else:
        level = "ok"
        finding = f"当前持仓近一年收益{percent_text(ret)}，跑赢业绩比较基准{percent_text(excess)}。"
    return _section(
        level,
        finding,
        startDate=mine[0][0] if mine else None,
        endDate=mine[-1][0] if mine else None,
        portfolioReturn=q(ret),
        benchmarkReturn=q(bret),
        excessReturn=q(excess),
        maxDrawdown=q(dd),
        volatility=q(vol),
        benchmarks=sorted({f.benchmark_name for f in with_bench if f.benchmark_name}),
        curve=[{"date": d, "value": q(v)} for d, v in mine],
        benchmarkCurve=[{"date": d, "value": q(v)} for d, v in bench],
    )


def diagnose(inputs: Inputs) -> dict[str, Any]:
    """Every section of the diagnosis of non-empty holdings, and the score: 100 less 15 for each
    section with a warning."""
    funds = inputs.funds
    total = sum((f.value for f in funds), ZERO)
    ends = [f.series[-1][0] for f in funds if f.series]
    end = max(ends) if ends else None
    sections = {
        "concentration": concentration(funds, total),
        "exposure": exposure(funds, total, inputs.equity_range, inputs.range_source),
        "overlap": overlap(funds, end),
        "fees": fees(funds, total, inputs.fees_paid),
        "risk": risk(funds, total, inputs.grade),
        "performance": performance(funds, end),
    }
    warns = sum(1 for s in sections.values() if s["level"] == "warn")
    return {
        "totalValue": money(total),
        "holdingCount": len(funds),
        "score": 100 - WARN_PENALTY * warns,
        "warnCount": warns,
        "sections": sections,
    }
