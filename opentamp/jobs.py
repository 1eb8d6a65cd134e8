"""The daily pipeline (docs/architecture.md#the-daily-pipeline).

Each trading day, after the day's NAVs are due (``NAV_PUBLISH_TIME``), the market publishes
the day and settlement runs. Features register their steps with :func:`daily_step`; a step is
small and idempotent and takes ``(session, day)``. :func:`run_day` runs every step of one day in
a single transaction, so a crash leaves the whole day or nothing; running it twice changes
nothing. The market date (the last day run) is kept in ``app_state``.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy.orm import Session

from opentamp.core.calendar import get_calendar
from opentamp.core.market_day import NAV_PUBLISH_TIME, advance_market_date, market_date
from opentamp.db import transaction
from opentamp.kit.clock import as_beijing

log = logging.getLogger(__name__)

#: Modules whose import registers steps. Features append theirs here.
STEP_MODULES: list[str] = ["opentamp.payments.jobs"]
STEP_MODULES += ["opentamp.market.jobs", "opentamp.products.jobs"]
STEP_MODULES += ["opentamp.settlement.jobs", "opentamp.plans.jobs"]
STEP_MODULES += ["opentamp.advisory.jobs"]
STEP_MODULES += ["opentamp.transfers.jobs"]
STEP_MODULES += ["opentamp.targets.jobs", "opentamp.appointments.jobs"]
STEP_MODULES += ["opentamp.signals.jobs"]
STEP_MODULES += ["opentamp.suitability.jobs", "opentamp.notices.jobs"]

Step = Callable[[Session, date], str | None]


@dataclass(frozen=True)
class DailyStep:
    name: str
    order: int
    run: Step


_steps: dict[str, DailyStep] = {}


def daily_step(name: str, *, order: int) -> Callable[[Step], Step]:
    """Register ``fn(session, day)`` as a step of the daily pipeline (lower order runs first)."""

    def register(fn: Step) -> Step:
        _steps[name] = DailyStep(name=name, order=order, run=fn)
        return fn

    return register


def steps() -> list[DailyStep]:
    for module in STEP_MODULES:
        importlib.import_module(module)
    return sorted(_steps.values(), key=lambda s: (s.order, s.name))


def run_day(day: date) -> list[tuple[str, str | None]]:
    """Run every step for ``day`` in one transaction; returns what each step reported."""
    results: list[tuple[str, str | None]] = []
    get_calendar(fresh=True)  # a calendar imported by another process counts from this day on
    with transaction() as session:
        for step in steps():
            results.append((step.name, step.run(session, day)))
        advance_market_date(session, day)
    return results


def last_publishable_day(moment: datetime) -> date:
    """The latest trading day whose NAVs are due at ``moment``."""
    local = as_beijing(moment)
    calendar = get_calendar()
    day = local.date()
    if calendar.is_trading_day(day) and local.time() >= NAV_PUBLISH_TIME:
        return day
    return calendar.previous_trading_day(day)


def current_market_date(moment: datetime) -> date:
    """The market date, or for a database that never ran a day (and whose seed set none), the
    last publishable day at ``moment``, which it then keeps."""
    with transaction() as session:
        day = market_date(session)
        if day is None:
            day = last_publishable_day(moment)
            advance_market_date(session, day)
    return day


def catch_up(moment: datetime) -> list[date]:
    """Run every trading day after the market date up to the last publishable one."""
    current = current_market_date(moment)
    target = last_publishable_day(moment)
    done = []
    for day in get_calendar().trading_days(current, target):
        if day > current:
            run_day(day)
            done.append(day)
    return done
