"""The broker's announcement call under ``/operator/notice/`` (role operator, audited;
docs/notices.md#announcements)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from opentamp.deps import SessionDep
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.notices import service
from opentamp.notices.schemas import BrokerAnnouncementIn, BrokerAnnouncementOut
from opentamp.operators.api import (
    FORBIDDEN_RESPONSE,
    OPERATOR,
    SignedInOperator,
    audit,
    require_operator,
)

router = api_router(tags=["notice operators"], responses=FORBIDDEN_RESPONSE)
Operator = Annotated[SignedInOperator, Depends(require_operator(OPERATOR))]


@router.post("/operator/notice/announcement")
def announce(
    operator: Operator, session: SessionDep, body: BrokerAnnouncementIn
) -> Envelope[BrokerAnnouncementOut]:
    """An announcement to every user of the operator's broker."""
    key = service.announce(session, broker_id=operator.broker_id, body=body)
    audit(
        session,
        operator,
        "notices.announce",
        ("announcement", key),
        {"title": body.title, "needConfirm": body.need_confirm, "files": len(body.files)},
    )
    return ok(BrokerAnnouncementOut(event_key=key))
