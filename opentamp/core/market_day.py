"""The market date: the last trading day whose NAVs the daily pipeline published and settled
(docs/architecture.md#the-daily-pipeline). Figures are as of it; it is kept in ``app_state``."""

from __future__ import annotations

from datetime import date, time
from typing import Any

from sqlalchemy.orm import Session

from opentamp.db import MARKET_DATE_INFO
from opentamp.models.platform import AppState

MARKET_DATE_KEY = "market.date"
#: When a trading day's NAVs are due and its daily pipeline runs, on the market clock.
NAV_PUBLISH_TIME = time(20, 0)


def market_date(session: Session) -> date | None:
    """The last day the daily pipeline ran (None before the first). A hot read that read it
    with its token (core.answers, docs/scale.md#answer-cache) has it already."""
    known = session.info.get(MARKET_DATE_INFO)
    if known is not None:
        return known[0]  # type: ignore[no-any-return]
    row = session.get(AppState, MARKET_DATE_KEY)
    return parse_market_date(row.value if row else None)


def parse_market_date(value: Any) -> date | None:
    """The market date of the ``app_state`` row's value (None without a row)."""
    return date.fromisoformat(str(value["date"])) if value else None


def advance_market_date(session: Session, day: date) -> None:
    """Move the market date to ``day``, never backwards."""
    row = session.get(AppState, MARKET_DATE_KEY)
    if row is None:
        session.add(AppState(key=MARKET_DATE_KEY, value={"date": day.isoformat()}))
    elif date.fromisoformat(str(row.value["date"])) < day:
        row.value = {"date": day.isoformat()}
