"""The operator calls (docs/operators.md), under ``/operator/``: the customers' H5 never calls
them, and a customer's token is refused on every one of them."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query

from opentamp.deps import SessionDep
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.pagination import PageOut, has_more, page_offset
from opentamp.models.operators import ROLE_OPERATOR
from opentamp.operators import repository, service
from opentamp.operators.api import FORBIDDEN_RESPONSE, OperatorToken, require_operator
from opentamp.operators.schemas import AuditOut, OperatorLoginIn, OperatorLoginOut, OperatorOut
from opentamp.operators.service import SignedInOperator

router = api_router(tags=["operators"], responses=FORBIDDEN_RESPONSE)

AnyOperator = Annotated[SignedInOperator, Depends(require_operator())]
AuditReader = Annotated[SignedInOperator, Depends(require_operator(ROLE_OPERATOR))]


def _out(operator: SignedInOperator) -> OperatorOut:
    return OperatorOut(
        id=operator.id,
        broker_id=operator.broker_id,
        login=operator.login,
        display_name=operator.display_name,
        roles=sorted(operator.roles),
    )


@router.post("/operator/auth/login")
def login(body: OperatorLoginIn, session: SessionDep) -> Envelope[OperatorLoginOut]:
    """Sign an operator in by login name and password: 67001 wrong (an unknown login answers
    alike), 67002 locked for half an hour after five wrong passwords in a row, 67003 disabled.
    Every try is audited."""
    issued = service.sign_in(
        session, broker_id=body.broker_id, login=body.login, password=body.password
    )
    return ok(
        OperatorLoginOut(
            access_token=issued.access_token,
            expires_in=issued.expires_in,
            operator=_out(issued.operator),
        )
    )


@router.post("/operator/auth/logout")
def logout(
    operator: AnyOperator,
    session: SessionDep,
    token: OperatorToken,
) -> Envelope[None]:
    """Revoke the operator token of this request."""
    assert token is not None  # require_operator already required it
    service.sign_out(session, operator=operator, raw=token)
    return ok(None)


@router.get("/operator/me")
def me(operator: AnyOperator) -> Envelope[OperatorOut]:
    """The signed-in operator and their roles."""
    return ok(_out(operator))


@router.get("/operator/audit")
def audit_list(
    operator: AuditReader,
    session: SessionDep,
    login: Annotated[str | None, Query(max_length=32, description="只看该登录名")] = None,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    size: Annotated[int, Query(ge=1, le=100)] = 20,
) -> Envelope[PageOut[AuditOut]]:
    """The audit trail of the operator's broker, newest first (role operator)."""
    rows, total = repository.audit_page(
        session,
        broker_id=operator.broker_id,
        login=login,
        offset=page_offset(page, size),
        limit=size,
    )
    return ok(
        PageOut[AuditOut](
            list=[AuditOut.model_validate(r) for r in rows],
            total=total,
            page=page,
            size=size,
            has_more=has_more(page, size, total),
        )
    )
