"""The plans' daily steps (docs/plans.md "The daily step").

``plans.execute_due`` runs at order 17: after the market published D's NAVs (10) and the
strategy periods moved (15, so a strategy's new period is known), before settlement (20). The
orders it places are booked at 09:30 of D with trade date D; settlement confirms them on D +
the fund's confirm days, in the same flow as the day's manual purchases. ``plans.take_profit``
runs at order 25, after settlement valued every holding at NAV_D, and before the payouts (30).
"""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from opentamp.jobs import daily_step
from opentamp.plans.execution import execute_due, take_profit


@daily_step("plans.execute_due", order=17)
def execute_due_step(session: Session, day: date) -> str:
    return str(execute_due(session, day))


@daily_step("plans.take_profit", order=25)
def take_profit_step(session: Session, day: date) -> str:
    return f"{take_profit(session, day)} rounds reached"
