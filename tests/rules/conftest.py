"""What the rule tests share: the trading calendar of the test database, a fee tier as plain
values, and Beijing-time moments."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

import pytest
from sqlalchemy import Engine

from opentamp.core.calendar import get_calendar
from opentamp.kit.calendar import TradingCalendar
from opentamp.kit.clock import BEIJING


@dataclass(frozen=True)
class Tier:
    """A fee-schedule row as the rules read it (``FundFeeTier`` without the database)."""

    amount_from: Decimal | None = None
    amount_to: Decimal | None = None
    rate: Decimal | None = None
    fixed_fee: Decimal | None = None
    days_from: int | None = None
    days_to: int | None = None


@pytest.fixture
def calendar(engine: Engine) -> TradingCalendar:
    return get_calendar()


def at(text: str) -> datetime:
    """A moment in Beijing time: ``at("2026-11-24 14:59")``."""
    return datetime.fromisoformat(text).replace(tzinfo=BEIJING)
