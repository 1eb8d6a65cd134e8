"""The adviser's operator calls under ``/operator/adviser/`` (role adviser, every call audited;
docs/advisory.md#the-advisers-side)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query

from opentamp.advisory import adjustments, adviser
from opentamp.advisory.adjustments import adjustment_out
from opentamp.advisory.fees import fee_out
from opentamp.advisory.schemas import (
    AdjustmentIn,
    AdjustmentOut,
    AnnounceIn,
    AnnouncementDetailOut,
    DraftProposalIn,
    FeeIncomeOut,
    FeeOut,
    FilesIn,
    FilesOut,
    ManualFeeIn,
    PublishModelIn,
    PublishModelOut,
    ServedAccountOut,
)
from opentamp.deps import SessionDep
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.operators.api import (
    ADVISER,
    FORBIDDEN_RESPONSE,
    SignedInOperator,
    audit,
    require_operator,
)

router = api_router(tags=["adviser operators"], responses=FORBIDDEN_RESPONSE)
Adviser = Annotated[SignedInOperator, Depends(require_operator(ADVISER))]
OptPo = Annotated[str | None, Query(alias="poCode", min_length=1, max_length=16)]


@router.post("/operator/adviser/model/publish")
def publish_model(
    operator: Adviser, session: SessionDep, body: PublishModelIn
) -> Envelope[PublishModelOut]:
    """The strategy's new model; an adjustment for every account in force."""
    out = adjustments.publish_model(
        session, broker_id=operator.broker_id, body=body, operator_id=operator.id
    )
    audit(
        session,
        operator,
        "adviser.publish_model",
        ("portfolio", body.po_code),
        body.model_dump(mode="json"),
    )
    return ok(out)


@router.post("/operator/adviser/proposal/draft")
def draft(operator: Adviser, session: SessionDep, body: DraftProposalIn) -> Envelope[AdjustmentOut]:
    adj = adjustments.draft(
        session, broker_id=operator.broker_id, body=body, operator_id=operator.id
    )
    audit(
        session,
        operator,
        "adviser.proposal_draft",
        ("adjustment", adj.id),
        body.model_dump(mode="json"),
    )
    return ok(adjustment_out(session, adj))


@router.post("/operator/adviser/proposal/submit")
def submit(operator: Adviser, session: SessionDep, body: AdjustmentIn) -> Envelope[AdjustmentOut]:
    adj = adjustments.submit_draft(
        session, broker_id=operator.broker_id, adjustment_id=body.adjustment_id
    )
    audit(session, operator, "adviser.proposal_submit", ("adjustment", adj.id))
    return ok(adjustment_out(session, adj))


@router.post("/operator/adviser/proposal/withdraw")
def withdraw(operator: Adviser, session: SessionDep, body: AdjustmentIn) -> Envelope[AdjustmentOut]:
    adj = adjustments.adviser_withdraw(
        session, broker_id=operator.broker_id, adjustment_id=body.adjustment_id
    )
    audit(session, operator, "adviser.proposal_withdraw", ("adjustment", adj.id))
    return ok(adjustment_out(session, adj))


@router.post("/operator/adviser/announcement")
def announce(
    operator: Adviser, session: SessionDep, body: AnnounceIn
) -> Envelope[AnnouncementDetailOut]:
    a = adviser.announce(session, broker_id=operator.broker_id, body=body, operator_id=operator.id)
    audit(
        session,
        operator,
        "adviser.announce",
        ("announcement", a.id),
        {"poCode": a.po_code, "title": a.title},
    )
    return ok(
        AnnouncementDetailOut(
            announcement_id=a.id, po_code=a.po_code, title=a.title, publish_time=a.published_at,
            is_mandatory=a.is_mandatory, is_read=False, content=a.content,
        )
    )  # fmt: skip


@router.post("/operator/adviser/files")
def files(operator: Adviser, session: SessionDep, body: FilesIn) -> Envelope[FilesOut]:
    out = adviser.publish_files(session, broker_id=operator.broker_id, body=body)
    audit(
        session,
        operator,
        "adviser.files",
        ("portfolio", body.po_code),
        body.model_dump(mode="json"),
    )
    return ok(out)


@router.get("/operator/adviser/accounts")
def accounts(
    operator: Adviser, session: SessionDep, po_code: OptPo = None
) -> Envelope[list[ServedAccountOut]]:
    return ok(adviser.served_accounts(session, broker_id=operator.broker_id, po_code=po_code))


@router.get("/operator/adviser/fees")
def fee_income(
    operator: Adviser,
    session: SessionDep,
    po_code: OptPo = None,
    month: Annotated[str | None, Query(pattern=r"^\d{4}-\d{2}$")] = None,
) -> Envelope[FeeIncomeOut]:
    return ok(
        adviser.fee_income(session, broker_id=operator.broker_id, po_code=po_code, month=month)
    )


@router.post("/operator/adviser/fee/manual")
def manual_fee(operator: Adviser, session: SessionDep, body: ManualFeeIn) -> Envelope[FeeOut]:
    fee = adviser.manual_fee(session, broker_id=operator.broker_id, body=body)
    audit(session, operator, "adviser.manual_fee", ("fee", fee.id), body.model_dump(mode="json"))
    return ok(fee_out(session, fee))
