"""Daily steps of the payments feature: the card payouts of redemptions due that day (after
settlement, order 20, has confirmed them) and the broker's review of card-change
applications."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from opentamp.jobs import daily_step
from opentamp.payments.card_change import review_card_changes
from opentamp.payments.payouts import pay_out


@daily_step("payments.payouts", order=30)
def payouts(session: Session, day: date) -> str | None:
    report = pay_out(session, day=day)
    if report.queued:
        return f"{report.queued} queued"
    if not (report.sent or report.failed or report.to_wallet):
        return None
    return f"{report.sent} sent, {report.failed} failed, {report.to_wallet} to the wallet"


@daily_step("payments.review_card_changes", order=90)
def review(session: Session, day: date) -> str | None:
    approved = review_card_changes(session)
    return f"{approved} card changes approved" if approved else None
