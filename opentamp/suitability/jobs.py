"""The suitability feature's daily step: risk surveys about to expire, as events of the notice
centre (docs/notices.md#the-events)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from sqlalchemy import Date, String, cast, literal, null, select
from sqlalchemy.orm import Session

from opentamp.core.events import SURVEY_EXPIRING, event_time, record_events
from opentamp.db import AwareDateTime
from opentamp.jobs import daily_step
from opentamp.kit.clock import BEIJING
from opentamp.models.accounts import Account
from opentamp.models.auth import BrokerUser
from opentamp.rules.suitability import SURVEY_VALID_YEARS

#: A survey is announced as expiring this many days before it does.
NOTICE_DAYS = 30


def _years_before(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February
        return day.replace(year=day.year - years, day=28)


@daily_step("suitability.expiry_notices", order=92)
def expiry_notices(session: Session, day: date) -> str | None:
    """Accounts whose survey expires within :data:`NOTICE_DAYS` days after ``day``: one
    ``survey.expiring`` event per survey (its key names the survey's time), in one
    ``INSERT … SELECT``."""
    start = datetime.combine(_years_before(day, SURVEY_VALID_YEARS), time(), BEIJING)
    end = start + timedelta(days=NOTICE_DAYS + 1)
    a = Account
    new = record_events(
        session,
        select(
            literal(f"{SURVEY_EXPIRING}:") + cast(a.id, String) + literal(":")
            + cast(a.risk_assessed_at, String),
            literal(SURVEY_EXPIRING),
            BrokerUser.broker_id,
            a.broker_user_id,
            cast(a.id, String),
            literal(""),
            null(),
            literal(f"{NOTICE_DAYS}天内"),
            literal(day, Date),
            event_time(day),
        )
        .join(BrokerUser, BrokerUser.id == a.broker_user_id)
        .where(
            a.risk_grade5.is_not(None),
            a.risk_assessed_at > literal(start, AwareDateTime()),
            a.risk_assessed_at < literal(end, AwareDateTime()),
        ),
    )  # fmt: skip
    return f"{new} surveys expiring" if new else None
