"""Target strategies (目标盈, docs/product.md#entities Strategy, docs/product.md#states Strategy
phases, docs/product.md#constants target formula; the rules in docs/targets.md).

A target strategy sells its model in periods (期), a new one every ``PERIOD_EVERY`` trading
days. Each period goes through a reservation phase (预约期, ``RESERVE``), a build phase
(建仓期: ``BUILD``, or ``BUILD_RESERVE`` when buyers reserve rather than buy at once) and a
run phase (运作期, ``RUN``). When the period's return since the end of the build phase
reaches the target, the period is ``REACHED`` and its holdings are sold (止盈, ``STOP_PROFIT``)
over the next days; a period that runs ``max_run_months`` without reaching it ends (``END``)
all the same. The phases are stored as rows with their times, planned ahead, so the current
phase of a period is simply the one whose time span holds the moment.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal

from sqlalchemy.orm import Session

from opentamp.core.calendar import get_calendar
from opentamp.kit.calendar import TradingCalendar
from opentamp.kit.clock import BEIJING, as_beijing
from opentamp.models.catalogue import RUNNING_PHASES, StrategyInfo, StrategyPhase
from opentamp.models.products import Portfolio
from opentamp.products import repository
from opentamp.products.performance import Point, months_before, value_on_or_before
from opentamp.rules.targets import build_phase_name

PERIOD_EVERY = 60
RESERVE_DAYS = 5
BUILD_DAYS = 20
STOP_PROFIT_DAYS = 5
OPEN = time(9, 0)
CLOSE = time(15, 0)


def _at(day: date, moment: time) -> datetime:
    return datetime.combine(day, moment, tzinfo=BEIJING)


@dataclass(frozen=True)
class PhaseDraft:
    phase_type: str
    begin: datetime
    end: datetime | None


def plan_period(start: date, *, buy_mode: str, calendar: TradingCalendar) -> list[PhaseDraft]:
    """The phases of a period that opens on trading day ``start``."""
    build = calendar.add_trading_days(start, RESERVE_DAYS)
    run = calendar.add_trading_days(build, BUILD_DAYS)
    return [
        PhaseDraft("RESERVE", _at(start, OPEN), _at(build, OPEN)),
        PhaseDraft(build_phase_name(buy_mode), _at(build, OPEN), _at(run, OPEN)),
        PhaseDraft("RUN", _at(run, OPEN), None),
    ]


def reached_day(
    series: Sequence[Point], run_start: date, up_to: date, target: Decimal
) -> date | None:
    """The first day after ``run_start`` on which the return since the last value before it
    reaches ``target``."""
    base = value_on_or_before(series, run_start)
    if base is None:
        return None
    for day, value in series:
        if run_start < day <= up_to and value / base[1] - 1 >= target:
            return day
    return None


def current_phase(phases: Sequence[StrategyPhase], moment: datetime) -> StrategyPhase | None:
    """The phase whose span holds ``moment`` (the latest begun when spans touch)."""
    local = as_beijing(moment)
    begun = [
        p for p in phases if p.begin_time <= local and (p.end_time is None or local < p.end_time)
    ]
    return max(begun, key=lambda p: p.begin_time) if begun else None


def is_running(phase_type: str | None) -> bool:
    return phase_type in RUNNING_PHASES


def sync_strategy(
    session: Session,
    *,
    info: StrategyInfo,
    portfolio: Portfolio,
    series: Sequence[Point],
    up_to: date,
) -> int:
    """Bring a strategy's periods up to ``up_to``: open the periods due, and close the runs
    that reached the target (or their longest run) by then. Idempotent; returns the number of
    phase rows added."""
    calendar = get_calendar()
    phases = repository.strategy_phases(session, info.code)
    by_period: dict[int, list[StrategyPhase]] = {}
    for p in phases:
        by_period.setdefault(p.period_no, []).append(p)
    added = 0

    starts = sorted(
        (p.period_no, as_beijing(p.begin_time).date()) for p in phases if p.phase_type == "RESERVE"
    )
    if starts:
        period_no, last_start = starts[-1]
        next_start = calendar.add_trading_days(last_start, PERIOD_EVERY)
    else:
        period_no, next_start = 0, calendar.trading_day_on_or_after(portfolio.inception_date)
    while next_start <= up_to:
        period_no += 1
        rows = [
            StrategyPhase(
                strategy_code=info.code,
                period_no=period_no,
                phase_type=d.phase_type,
                begin_time=d.begin,
                end_time=d.end,
                target_type="RETURN",
                target_value=info.target_return,
            )
            for d in plan_period(next_start, buy_mode=info.buy_mode, calendar=calendar)
        ]
        session.add_all(rows)
        by_period[period_no] = rows
        added += len(rows)
        next_start = calendar.add_trading_days(next_start, PERIOD_EVERY)
    info.period_no = max(by_period) if by_period else info.period_no

    for number, rows in sorted(by_period.items()):
        run = next((r for r in rows if r.phase_type == "RUN"), None)
        if run is None or run.end_time is not None:
            continue
        run_start = as_beijing(run.begin_time).date()
        if run_start > up_to:
            continue
        target = run.target_value if run.target_value is not None else info.target_return
        reached = reached_day(series, calendar.previous_trading_day(run_start), up_to, target)
        if reached is not None and reached >= run_start:
            sold = calendar.add_trading_days(reached, STOP_PROFIT_DAYS)
            run.end_time = _at(reached, CLOSE)
            next_day = calendar.next_trading_day(reached)
            new = [
                _phase(info, number, "REACHED", _at(reached, CLOSE), _at(next_day, OPEN), target),
                _phase(info, number, "STOP_PROFIT", _at(next_day, OPEN), _at(sold, CLOSE), target),
                _phase(info, number, "END", _at(sold, CLOSE), None, target),
            ]
        else:
            longest = _add_months(run_start, info.max_run_months)
            if longest > up_to:
                continue
            limit = calendar.trading_day_on_or_after(longest)
            if limit > up_to:
                continue
            run.end_time = _at(limit, CLOSE)
            new = [_phase(info, number, "END", _at(limit, CLOSE), None, target)]
        session.add_all(new)
        added += len(new)
    session.flush()
    return added


def _phase(
    info: StrategyInfo,
    number: int,
    phase_type: str,
    begin: datetime,
    end: datetime | None,
    target: Decimal,
) -> StrategyPhase:
    return StrategyPhase(
        strategy_code=info.code,
        period_no=number,
        phase_type=phase_type,
        begin_time=begin,
        end_time=end,
        target_type="RETURN",
        target_value=target,
    )


def _add_months(day: date, months: int) -> date:
    return months_before(day, -months)
