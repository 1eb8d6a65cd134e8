"""The redemption appointment and saved trade form calls (docs/appointments.md)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query

from opentamp.accounts.api import check_trade_password_first
from opentamp.appointments import service
from opentamp.appointments.schemas import (
    AppointmentCancelIn,
    AppointmentCreateIn,
    AppointmentListOut,
    AppointmentOut,
    TemporaryOut,
    TemporarySaveIn,
    TemporaryVerifyIn,
)
from opentamp.deps import CurrentUser, SessionDep, claimed_ids
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.params import Id

router = api_router(
    tags=["appointments"],
    dependencies=[Depends(check_trade_password_first), Depends(claimed_ids)],
)


@router.post("/trade/redeemAppointment/create")
def create_appointment(
    body: AppointmentCreateIn, user: CurrentUser, session: SessionDep
) -> Envelope[AppointmentOut]:
    """Book a redemption for the next open day of a fund with fixed open periods."""
    return ok(service.create(session, user=user, body=body))


@router.post("/trade/redeemAppointment/cancel")
def cancel_appointment(
    body: AppointmentCancelIn, user: CurrentUser, session: SessionDep
) -> Envelope[AppointmentOut]:
    """Cancel a booking not yet placed."""
    return ok(service.cancel(session, user=user, appointment_id=body.appointment_id))


@router.get("/trade/redeemAppointment/list")
def list_appointments(
    user: CurrentUser,
    session: SessionDep,
    financial_account_id: Annotated[Id | None, Query(alias="financialAccountId")] = None,
) -> Envelope[AppointmentListOut]:
    """The caller's funds with fixed open periods and their bookings."""
    return ok(service.listing(session, user=user, financial_account_id=financial_account_id))


@router.post("/trade/saveTemporary")
def save_temporary(
    body: TemporarySaveIn, user: CurrentUser, session: SessionDep
) -> Envelope[TemporaryOut]:
    """Keep a trade form on the server for its confirmation step (30 minutes)."""
    return ok(service.save_temporary(session, user=user, body=body))


@router.post("/trade/verifyTemporary")
def verify_temporary(
    body: TemporaryVerifyIn, user: CurrentUser, session: SessionDep
) -> Envelope[TemporaryOut]:
    """The saved trade form, for its owner, until it expires."""
    return ok(service.verify_temporary(session, user=user, temporary_id=body.temporary_id))
