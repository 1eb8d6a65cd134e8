"""HMAC signatures for values the server hands out and later takes back (expiring object URLs,
the local broker verification's tickets). The key is ``OPENTAMP_SECRET_KEY`` or, when unset, a
random key created once and kept in ``app_state`` so every replica shares it."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from sqlalchemy.orm import Session

from opentamp.config import get_settings
from opentamp.models.platform import AppState

_KEY_STATE = "secret_key"


def secret_key(session: Session) -> bytes:
    configured = get_settings().secret_key
    if configured:
        return configured.encode()
    row = session.get(AppState, _KEY_STATE)
    if row is None:
        row = AppState(key=_KEY_STATE, value={"key": secrets.token_hex(32)})
        session.add(row)
        session.flush()
    return str(row.value["key"]).encode()


def sign(session: Session, text: str) -> str:
    return hmac.new(secret_key(session), text.encode(), hashlib.sha256).hexdigest()[:32]


def verify(session: Session, text: str, signature: str) -> bool:
    return hmac.compare_digest(sign(session, text), signature or "")
