"""The market's daily step: publication of the day's figures
(docs/architecture.md#the-daily-pipeline).

Runs first in the day's pipeline (order 10); settlement steps (order ≥ 20) read the NAVs it
publishes."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from opentamp.jobs import daily_step
from opentamp.market.service import publish_day


@daily_step("market.publish_navs", order=10)
def publish_navs(session: Session, day: date) -> str:
    return publish_day(session, day=day)
