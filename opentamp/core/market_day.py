"""The market date: the last trading day whose NAVs the daily pipeline published and settled
(docs/architecture.md#the-daily-pipeline). Figures are as of it; it is kept in ``app_state``."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from opentamp.db import WORLD_VERSION_INFO
from opentamp.models.platform import AppState

MARKET_DATE_KEY = "market.date"
#: The market date as of a world version: it moves only by a write, which bumps that version.
_by_world_version: dict[int, date | None] = {}


def market_date(session: Session) -> date | None:
    """The last day the daily pipeline ran (None before the first). A read that knows the
    world's data version (docs/scale.md#answer-cache) takes it from memory when another read
    of that version already looked it up."""
    version = session.info.get(WORLD_VERSION_INFO)
    if version is not None and version in _by_world_version:
        return _by_world_version[version]
    row = session.get(AppState, MARKET_DATE_KEY)
    day = date.fromisoformat(str(row.value["date"])) if row else None
    if version is not None:
        if len(_by_world_version) > 64:
            _by_world_version.clear()
        _by_world_version[version] = day
    return day


def advance_market_date(session: Session, day: date) -> None:
    """Move the market date to ``day``, never backwards."""
    row = session.get(AppState, MARKET_DATE_KEY)
    if row is None:
        session.add(AppState(key=MARKET_DATE_KEY, value={"date": day.isoformat()}))
    elif date.fromisoformat(str(row.value["date"])) < day:
        row.value = {"date": day.isoformat()}
