"""The signals' daily step (docs/signals.md#the-daily-follow).

``signals.follow`` runs at order 18: after the market published D's NAVs (10), the strategy
periods (15) and the plans' orders (17), before settlement (20), which confirms the follows'
orders on D + the funds' confirm days as it does every purchase and sale.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from opentamp.jobs import daily_step
from opentamp.signals.follow import follow_day


@daily_step("signals.follow", order=18)
def follow_step(session: Session, day: date) -> str:
    return str(follow_day(session, day))
