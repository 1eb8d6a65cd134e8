"""The appointments' daily step: ``appointments.place_due`` at order 12, after the day's NAVs
are published (10) and before settlement (20), places the redemptions booked for the day."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from opentamp.appointments.service import place_due
from opentamp.jobs import daily_step


@daily_step("appointments.place_due", order=12)
def place_due_step(session: Session, day: date) -> str:
    return f"{place_due(session, day)} booked redemptions placed"
