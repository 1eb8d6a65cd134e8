"""The adviser's robo call under ``/operator/adviser/`` (role adviser, audited): drafting an
investment proposal for a customer (docs/robo.md#adviser-proposals)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from opentamp.deps import SessionDep
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.operators.api import (
    ADVISER,
    FORBIDDEN_RESPONSE,
    SignedInOperator,
    audit,
    require_operator,
)
from opentamp.robo import proposals
from opentamp.robo.schemas import PlanningOut, ProposalIn

router = api_router(tags=["adviser operators"], responses=FORBIDDEN_RESPONSE)
Adviser = Annotated[SignedInOperator, Depends(require_operator(ADVISER))]


@router.post("/operator/adviser/robo/proposal")
def draft_proposal(
    operator: Adviser, session: SessionDep, body: ProposalIn
) -> Envelope[PlanningOut]:
    """A proposal (one allocation over the robo universe) waiting for the customer."""
    out = proposals.draft(session, broker_id=operator.broker_id, operator_id=operator.id, body=body)
    audit(
        session,
        operator,
        "adviser.robo_proposal",
        ("robo_plan", out.planning_id),
        body.model_dump(mode="json"),
    )
    return ok(out)
