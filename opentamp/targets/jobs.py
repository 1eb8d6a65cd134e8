"""The target strategies' daily steps (docs/targets.md "The daily steps").

``targets.phases`` runs at order 16, after the strategy periods moved (15) and before the
plans (17) and settlement (20): positions open from the day's strategy purchases and take
their period's phase. ``targets.stop_profit`` runs at order 26, after settlement valued every
holding at NAV_D (20) and beside the take-profit plans (25): positions that reached their
target are sold to the wallet.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from opentamp.jobs import daily_step
from opentamp.targets.service import move_phases, stop_profit


@daily_step("targets.phases", order=16)
def phases_step(session: Session, day: date) -> str:
    return f"{move_phases(session, day)} positions moved"


@daily_step("targets.stop_profit", order=26)
def stop_profit_step(session: Session, day: date) -> str:
    return f"{stop_profit(session, day)} positions reached or ended"
