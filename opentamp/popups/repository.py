"""Queries of the pop-ups."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.models.accounts import Account, PaymentMethod
from opentamp.models.popups import (
    ContractConsent,
    NonAmericanDeclaration,
    OperationPopup,
    UserPopupState,
)


def account_of(session: Session, user_id: int) -> Account | None:
    return session.scalar(select(Account).where(Account.broker_user_id == user_id))


def popup_state(session: Session, user_id: int, scene: str) -> UserPopupState | None:
    return session.get(UserPopupState, (user_id, scene))


def unsigned_payment_methods(session: Session, user_id: int) -> Sequence[PaymentMethod]:
    """Bound cards whose payment channel needs (re-)signing, oldest binding first."""
    return session.scalars(
        select(PaymentMethod)
        .where(
            PaymentMethod.broker_user_id == user_id,
            PaymentMethod.status == "bound",
            PaymentMethod.is_signed.is_(False),
        )
        .order_by(PaymentMethod.created_at, PaymentMethod.id)
    ).all()


def latest_consents(
    session: Session, user_id: int, file_types: Sequence[str]
) -> dict[str, ContractConsent]:
    """Each file type's most recent consent by the user."""
    rows = session.scalars(
        select(ContractConsent)
        .where(ContractConsent.broker_user_id == user_id, ContractConsent.file_type.in_(file_types))
        .order_by(ContractConsent.signed_at, ContractConsent.id)
    ).all()
    return {row.file_type: row for row in rows}


def consent(session: Session, user_id: int, file_type: str, version: str) -> ContractConsent | None:
    return session.scalar(
        select(ContractConsent).where(
            ContractConsent.broker_user_id == user_id,
            ContractConsent.file_type == file_type,
            ContractConsent.version == version,
        )
    )


def latest_declaration(session: Session, user_id: int) -> NonAmericanDeclaration | None:
    return session.scalar(
        select(NonAmericanDeclaration)
        .where(NonAmericanDeclaration.broker_user_id == user_id)
        .order_by(NonAmericanDeclaration.created_at.desc(), NonAmericanDeclaration.id.desc())
        .limit(1)
    )


def live_operation_popups(
    session: Session, *, broker_id: int, scene: str | None, moment: datetime
) -> Sequence[OperationPopup]:
    query = select(OperationPopup).where(
        OperationPopup.broker_id == broker_id,
        OperationPopup.enabled.is_(True),
        OperationPopup.start_at <= moment,
        OperationPopup.end_at.is_(None) | (OperationPopup.end_at > moment),
    )
    if scene:
        query = query.where(OperationPopup.scene == scene)
    return session.scalars(query.order_by(OperationPopup.sort_order, OperationPopup.id)).all()
