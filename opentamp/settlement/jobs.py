"""Settlement's daily step (order 20): after the market publishes the day's NAVs (order 10)
and the strategies move (order 15), settle the day in the pipeline's transaction."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from opentamp.jobs import daily_step
from opentamp.settlement.service import settle_day


@daily_step("settlement.settle_day", order=20)
def settle(session: Session, day: date) -> str:
    report = settle_day(session, day=day)
    return ", ".join(f"{name} {count}" for name, count in report.items())
