"""The market date: the last trading day whose NAVs the daily pipeline published and settled
(docs/architecture.md#the-daily-pipeline). Figures are as of it; it is kept in ``app_state``."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from opentamp.models.platform import AppState

MARKET_DATE_KEY = "market.date"


def market_date(session: Session) -> date | None:
    """The last day the daily pipeline ran (None before the first)."""
    row = session.get(AppState, MARKET_DATE_KEY)
    return date.fromisoformat(str(row.value["date"])) if row else None


def advance_market_date(session: Session, day: date) -> None:
    """Move the market date to ``day``, never backwards."""
    row = session.get(AppState, MARKET_DATE_KEY)
    if row is None:
        session.add(AppState(key=MARKET_DATE_KEY, value={"date": day.isoformat()}))
    elif date.fromisoformat(str(row.value["date"])) < day:
        row.value = {"date": day.isoformat()}
