"""The advisory daily steps (docs/advisory.md, docs/architecture.md#the-daily-pipeline):
transfers in (18), waiting adjustments expire and held-back ones are placed (19, before
settlement at 20), executed adjustments follow their P04 (39), the fee accrual (40, after
settlement valued every holding at NAV_D) and the period charge with the ends of sales and
unsigns (41)."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from opentamp.advisory import adjustments, fees, transfers
from opentamp.jobs import daily_step


@daily_step("advisory.transfers", order=18)
def transfers_step(session: Session, day: date) -> str:
    return f"{transfers.move_in(session)} transfers"


@daily_step("advisory.adjustments", order=19)
def adjustments_step(session: Session, day: date) -> str:
    return f"{adjustments.expire_and_retry(session, day)} adjustments"


@daily_step("advisory.adjustment_outcomes", order=39)
def outcomes_step(session: Session, day: date) -> str:
    return f"{adjustments.follow_orders(session, day)} adjustments ended"


@daily_step("advisory.accrue_fees", order=40)
def accrue_step(session: Session, day: date) -> str:
    return f"{fees.accrue(session, day)} accruals"


@daily_step("advisory.charge_fees", order=41)
def charge_step(session: Session, day: date) -> str:
    return f"{fees.charge(session, day)} fees"
