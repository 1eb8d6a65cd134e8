"""Daily steps of the payments feature: the card payouts of redemptions due that day (after
settlement, order 20, has confirmed them) and the broker's review of card-change
applications; the cards to re-sign, as events of the notice centre."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Date, String, cast, literal, null, select
from sqlalchemy.orm import Session

from opentamp.core.events import CARD_RESIGN, event_time, record_events
from opentamp.jobs import daily_step
from opentamp.models.accounts import PaymentMethod
from opentamp.models.auth import BrokerUser
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


@daily_step("payments.resign_notices", order=91)
def resign_notices(session: Session, day: date) -> str | None:
    """Bound cards whose payment agreement is no longer signed, as ``card.resign`` events of
    the outbox (docs/notices.md#the-events): one per card, in one ``INSERT … SELECT``."""
    pm = PaymentMethod
    new = record_events(
        session,
        select(
            literal(f"{CARD_RESIGN}:") + cast(pm.id, String),
            literal(CARD_RESIGN),
            BrokerUser.broker_id,
            pm.broker_user_id,
            cast(pm.id, String),
            literal("尾号") + pm.card_tail,
            null(),
            literal(""),
            literal(day, Date),
            event_time(day),
        )
        .join(BrokerUser, BrokerUser.id == pm.broker_user_id)
        .where(pm.status == "bound", pm.is_signed.is_(False)),
    )
    return f"{new} cards to re-sign" if new else None
