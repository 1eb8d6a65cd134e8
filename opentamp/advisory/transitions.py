"""Every status change of an adjustment is recorded
(docs/advisory.md#adjustment-proposal-status-status)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from opentamp.kit.clock import now
from opentamp.models.advisory import AdvisoryAdjustment, AdvisoryAdjustmentEvent


def move(session: Session, adj: AdvisoryAdjustment, status: str, *, actor: str) -> None:
    """Set ``adj``'s status and write the transition (actor: customer, adviser or system)."""
    session.add(
        AdvisoryAdjustmentEvent(
            adjustment_id=adj.id, from_status=adj.status, to_status=status, actor=actor, at=now()
        )
    )
    adj.status = status
    session.flush()
