"""Reads and row locks of the operator tables."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from opentamp.models.operators import Operator, OperatorAudit, OperatorRole, OperatorToken


def operator_by_login(session: Session, broker_id: int, login: str) -> Operator | None:
    return session.scalar(
        select(Operator).where(Operator.broker_id == broker_id, Operator.login == login)
    )


def lock_operator(session: Session, operator_id: int) -> Operator | None:
    """Lock the operator's row until the request ends and re-read it: concurrent sign-ins of
    one login are evaluated one at a time, each seeing the failure count the previous one
    committed. NO KEY UPDATE (PostgreSQL) leaves inserts referencing the row free (tokens,
    audit rows); SQLite ignores the clause (a writing request holds the database lock)."""
    return session.scalar(
        select(Operator)
        .where(Operator.id == operator_id)
        .with_for_update(key_share=True)
        .execution_options(populate_existing=True)
    )


def roles_of(session: Session, operator_id: int) -> frozenset[str]:
    return frozenset(
        session.scalars(select(OperatorRole.role).where(OperatorRole.operator_id == operator_id))
    )


#: The look-up of every operator call, built once (only the hash changes).
_HOLDER_OF_TOKEN = (
    select(Operator, OperatorToken.expires_at, OperatorToken.revoked_at)
    .join(OperatorToken, OperatorToken.operator_id == Operator.id)
    .where(OperatorToken.token_hash == bindparam("token_hash"))
)


def token_holder(
    session: Session, token_hash: str
) -> tuple[Operator, datetime, datetime | None] | None:
    """The operator holding the token, with the token's end and revocation."""
    row = session.execute(_HOLDER_OF_TOKEN, {"token_hash": token_hash}).first()
    if row is None:
        return None
    return row[0], row.expires_at, row.revoked_at


def audit_page(
    session: Session,
    *,
    broker_id: int | None,
    login: str | None,
    offset: int,
    limit: int,
) -> tuple[Sequence[OperatorAudit], int]:
    """Audit rows, newest first; of one broker (None: every broker, for the command line)."""
    query = select(OperatorAudit)
    if broker_id is not None:
        query = query.where(OperatorAudit.broker_id == broker_id)
    if login:
        query = query.where(OperatorAudit.login == login)
    total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
    rows = session.scalars(
        query.order_by(OperatorAudit.id.desc()).offset(offset).limit(limit)
    ).all()
    return rows, total
