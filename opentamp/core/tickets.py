"""Security tickets: a check passed now (ID number + SMS code, the old trade password) is
spent by the sensitive step that follows (reset or change the trade password, change the phone,
close the account). A ticket is for one scene, lives ten minutes and serves once."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.errors import AppError
from opentamp.kit.clock import now
from opentamp.models.verification import SecurityTicket

TICKET_TTL = timedelta(minutes=10)
SCENES = ("resetTradePassword", "changeTradePassword", "updatePhone", "closeAccount")


class SecurityTicketInvalid(AppError):
    code = 62050
    error = "security_ticket_invalid"
    msg = "身份验证已过期，请重新验证"


def _hash(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def issue_ticket(session: Session, *, user_id: int, scene: str) -> str:
    raw = secrets.token_urlsafe(24)
    moment = now()
    session.add(
        SecurityTicket(
            broker_user_id=user_id,
            scene=scene,
            token_hash=_hash(raw),
            created_at=moment,
            expires_at=moment + TICKET_TTL,
        )
    )
    session.flush()
    return raw


def spend_ticket(session: Session, *, user_id: int, scene: str, raw: str | None) -> None:
    row = (
        session.scalar(
            select(SecurityTicket).where(SecurityTicket.token_hash == _hash(raw)).with_for_update()
        )
        if raw
        else None
    )
    if (
        row is None
        or row.broker_user_id != user_id
        or row.scene != scene
        or row.used_at is not None
        or row.expires_at <= now()
    ):
        raise SecurityTicketInvalid()
    row.used_at = now()
    session.flush()
