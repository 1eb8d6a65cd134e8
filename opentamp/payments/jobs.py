"""Daily step of the payments feature: the broker's review of card-change applications."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from opentamp.jobs import daily_step
from opentamp.payments.service import review_card_changes


@daily_step("payments.review_card_changes", order=90)
def review(session: Session, day: date) -> str | None:
    approved = review_card_changes(session)
    return f"{approved} card changes approved" if approved else None
