"""Target strategies (docs/product.md#states phases, docs/product.md#constants target formula)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal

from sqlalchemy.orm import Session

from opentamp.core.calendar import get_calendar
from opentamp.kit.clock import BEIJING
from opentamp.models.catalogue import StrategyInfo
from opentamp.products import repository
from opentamp.products.strategy import (
    current_phase,
    plan_period,
    reached_day,
    sync_strategy,
)
from opentamp.rules.targets import adjusted_target_return
from tests.factories import make_fund, make_portfolio

D = Decimal


def test_adjusted_target_formula() -> None:
    # (1 + 10 %) / (1 + 4 %) − 1 = 5.769…%
    value = adjusted_target_return(D("0.10"), D("0.04"))
    assert value == D("0.05769231")


def test_a_period_reserves_builds_and_runs(engine: object) -> None:
    cal = get_calendar()
    phases = plan_period(date(2026, 9, 1), buy_mode="RESERVE", calendar=cal)
    assert [p.phase_type for p in phases] == ["RESERVE", "BUILD_RESERVE", "RUN"]
    # 5 trading days of reservation from 09-01, then 20 of building: 15 in September after
    # the 8th (the Mid-Autumn holiday 09-25 is closed), then 10-08, 09, 12, 13, 14 after the
    # National Day holiday
    assert phases[1].begin == datetime(2026, 9, 8, 9, 0, tzinfo=BEIJING)
    assert phases[2].begin == datetime(2026, 10, 14, 9, 0, tzinfo=BEIJING)
    assert phases[2].end is None
    immediate = plan_period(date(2026, 9, 1), buy_mode="IMMEDIATE", calendar=cal)
    assert immediate[1].phase_type == "BUILD"


def test_reached_day() -> None:
    series = [
        (date(2026, 1, 5), D("1.00")),
        (date(2026, 1, 6), D("1.04")),
        (date(2026, 1, 7), D("1.05")),
    ]
    assert reached_day(series, date(2026, 1, 5), date(2026, 1, 7), D("0.05")) == date(2026, 1, 7)
    assert reached_day(series, date(2026, 1, 5), date(2026, 1, 6), D("0.05")) is None


def test_sync_opens_periods_and_stops_profit(session: Session) -> None:
    fund = make_fund(session)
    po = make_portfolio(
        session,
        components=[(fund, D(1))],
        code="CL910001",
        kind="strategy",
        inception_date=date(2026, 3, 2),
    )
    info = StrategyInfo(code=po.code, target_return=D("0.05"), buy_mode="RESERVE")
    session.add(info)
    session.flush()
    cal = get_calendar()
    days = cal.trading_days(date(2026, 3, 2), date(2026, 11, 20))
    # a series growing 0.05 % a trading day: 5 % is reached about 98 trading days after a run starts
    series = [(d, D("1.0005") ** i) for i, d in enumerate(days)]
    added = sync_strategy(session, info=info, portfolio=po, series=series, up_to=date(2026, 11, 20))
    phases = repository.strategy_phases(session, po.code)
    assert added == len(phases)
    # 179 trading days from 03-02 to 11-20: periods open on days 0, 60 and 120
    assert len(days) == 179
    assert info.period_no == 3
    first = [p for p in phases if p.period_no == 1]
    assert [p.phase_type for p in first] == [
        "RESERVE",
        "BUILD_RESERVE",
        "RUN",
        "REACHED",
        "STOP_PROFIT",
        "END",
    ]
    run = first[2]
    reached = first[3].begin_time.date()
    base = series[days.index(cal.previous_trading_day(run.begin_time.date()))][1]
    assert dict(series)[reached] / base - 1 >= D("0.05")
    assert run.end_time == first[3].begin_time
    # running it again changes nothing
    assert (
        sync_strategy(session, info=info, portfolio=po, series=series, up_to=date(2026, 11, 20))
        == 0
    )
    # the current phase of the last period
    last = [p for p in phases if p.period_no == 3]
    now = datetime(2026, 11, 20, 10, 0, tzinfo=BEIJING)
    on = current_phase(last, now)
    assert on is not None and on.begin_time <= now
    assert current_phase(last, last[0].begin_time - timedelta(days=1)) is None
