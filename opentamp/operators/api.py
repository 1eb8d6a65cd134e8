"""What other features use of operator accounts (docs/operators.md#adding-an-operator-call):
the dependency that admits a signed-in operator holding a role, and the audit of an action.

    @router.post("/operator/signal/publish")
    def publish(
        operator: Annotated[SignedInOperator, Depends(require_operator(LEAD_MANAGER))],
        session: SessionDep,
        body: PublishIn,
    ) -> Envelope[...]:
        signal = service.publish(session, body)
        audit(session, operator, "signal.publish", ("signal", signal.id), body.model_dump())
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy.orm import Session

from opentamp.deps import SessionDep
from opentamp.kit.envelope import ErrorEnvelope
from opentamp.models.operators import ROLE_ADVISER, ROLE_LEAD_MANAGER, ROLE_OPERATOR
from opentamp.operators.repository import audit_page
from opentamp.operators.service import (
    SignedInOperator,
    broker_exists,
    change_roles,
    create_operator,
    disable_operator,
    operator_for_token,
    record,
    require_roles,
)

OPERATOR, ADVISER, LEAD_MANAGER = ROLE_OPERATOR, ROLE_ADVISER, ROLE_LEAD_MANAGER

_bearer = HTTPBearer(
    auto_error=False, scheme_name="OperatorBearer", description="操作员登录后获得的 accessToken"
)


def operator_token(
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> str | None:
    """The request's operator bearer token, or None (``deps.OptionalToken``'s reading, under
    the operators' own security scheme)."""
    return credentials.credentials if credentials else None


OperatorToken = Annotated[str | None, Depends(operator_token)]

#: Every operator call documents its refusal by role (403) besides the common error answers:
#: pass it as the router's (or the operation's) ``responses``.
FORBIDDEN_RESPONSE: dict[int | str, dict[str, Any]] = {
    403: {
        "model": ErrorEnvelope,
        "description": "操作员账户已停用，或不具备该操作所需的角色",
    },
}


def _action_of(request: Request) -> str:
    route = request.scope.get("route")
    path = getattr(route, "path", request.url.path)
    return f"{request.method} {path}"[:64]


def require_operator(*roles: str) -> Callable[..., SignedInOperator]:
    """A dependency giving the signed-in operator of the request: 401 without a live operator
    token (a customer's token is never one), 403 unless the operator holds one of ``roles``
    (none given: any operator). A refusal by role is audited."""

    def signed_in_operator(
        request: Request,
        session: SessionDep,
        token: OperatorToken,
    ) -> SignedInOperator:
        operator = operator_for_token(session, token)
        require_roles(session, operator, roles, action=_action_of(request))
        return operator

    return signed_in_operator


def audit(
    session: Session,
    operator: SignedInOperator | None,
    action: str,
    target: tuple[str, str | int] | None = None,
    detail: Mapping[str, Any] | None = None,
) -> None:
    """Record an action done by ``operator`` (None: the command line) in the audit trail, in the
    request's own transaction; ``detail`` is stored without passwords, tokens or codes."""
    record(session, action=action, operator=operator, target=target, detail=detail)


def audit_refusal(
    session: Session, *, action: str, broker_id: int | None, login: str, error: str
) -> None:
    """Record a command-line action that was refused (its own writes rolled back)."""
    broker = broker_id if broker_id is not None and broker_exists(session, broker_id) else None
    record(session, action=action, broker_id=broker, login=login, outcome=error)


__all__ = [
    "ADVISER",
    "FORBIDDEN_RESPONSE",
    "OperatorToken",
    "LEAD_MANAGER",
    "OPERATOR",
    "SignedInOperator",
    "audit",
    "audit_page",
    "audit_refusal",
    "change_roles",
    "create_operator",
    "disable_operator",
    "require_operator",
]
