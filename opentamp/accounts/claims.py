"""Ids a request claims, checked for every call of the sign-in, accounts, payments, security
and suitability routers (docs/architecture.md#transport): ``brokerUserId`` and ``accountId`` sent
in the query string
or the JSON body must be the token owner's, else 404 as for an id that does not exist."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from sqlalchemy import select

from opentamp.auth.tokens import user_for_token
from opentamp.deps import SessionDep
from opentamp.errors import NotFound
from opentamp.kit.ownership import require_self
from opentamp.models.accounts import Account

KEYS = ("brokerUserId", "accountId")


async def claimed_ids(request: Request, session: SessionDep) -> None:
    """Requests naming neither id pass untouched (sign-in and public calls)."""
    claims: dict[str, Any] = {
        k: request.query_params[k] for k in KEYS if request.query_params.get(k) is not None
    }
    content_type = request.headers.get("content-type", "")
    if request.method in ("POST", "PUT", "DELETE") and content_type.startswith("application/json"):
        try:
            body = await request.json()
        except ValueError:
            body = None
        if isinstance(body, dict):
            for key in KEYS:
                if body.get(key) is not None:
                    claims.setdefault(key, body[key])
    if not claims:
        return
    header = request.headers.get("authorization", "")
    user = user_for_token(session, header[7:] if header.lower().startswith("bearer ") else None)
    require_self(user.id, claims.get("brokerUserId"))
    if "accountId" in claims:
        account_id = session.scalar(select(Account.id).where(Account.broker_user_id == user.id))
        try:
            same = account_id is not None and int(claims["accountId"]) == account_id
        except (TypeError, ValueError):
            same = False
        if not same:
            raise NotFound()
