"""Operator accounts (docs/operators.md): passwords, sign-in with a lockout, tokens of their own,
roles, and the audit trail.

Sign-in locks the operator's row before it looks at the failure count or the password (as the
trade password does, accounts/trade_password.py), so five wrong passwords lock the account
however many guesses arrive at once; each wrong try's count and audit row are committed by the
failing request (``keeps_writes``).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, update
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, now
from opentamp.kit.terminal import current_client
from opentamp.models.operators import (
    ACTIVE,
    ACTOR_CLI,
    ACTOR_OPERATOR,
    DISABLED,
    ROLES,
    Operator,
    OperatorAudit,
    OperatorRole,
    OperatorToken,
)
from opentamp.models.platform import Broker
from opentamp.operators import repository
from opentamp.operators.errors import (
    OperatorDisabled,
    OperatorLocked,
    OperatorLoginInvalid,
    OperatorLoginTaken,
    OperatorNotFound,
    OperatorPasswordWeak,
    OperatorRoleRequired,
    OperatorRolesEmpty,
    OperatorRoleUnknown,
    OperatorSignInFailed,
    OperatorTokenInvalid,
)

MAX_FAILURES = 5
LOCK_FOR = timedelta(minutes=30)
TOKEN_TTL = timedelta(hours=12)
ROLE_LABELS = {"operator": "操作员", "adviser": "投顾", "lead_manager": "主理人"}
_LOGIN = re.compile(r"[A-Za-z][A-Za-z0-9._-]{2,31}")
#: Request fields never written into an audit row (compared in lower case, as substrings).
_SECRET_KEYS = ("password", "token", "secret", "verifycode", "captcha")
_hasher = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)
#: Compared against when a login is unknown, so an unknown login costs what a wrong password does.
_ABSENT_HASH = _hasher.hash(secrets.token_urlsafe(16))


@dataclass(frozen=True)
class SignedInOperator:
    """The operator of a request: who they are and the roles they hold."""

    id: int
    broker_id: int
    login: str
    display_name: str
    roles: frozenset[str]


@dataclass(frozen=True)
class IssuedOperatorToken:
    access_token: str
    expires_in: int  # seconds
    operator: SignedInOperator


# -- audit -----------------------------------------------------------------------------------


def without_secrets(detail: Mapping[str, Any]) -> dict[str, Any]:
    """A request summary fit for the audit trail: passwords, tokens and codes dropped, at any
    depth; long texts cut to 200 characters."""

    def clean(value: Any) -> Any:
        if isinstance(value, Mapping):
            return {
                str(k): clean(v)
                for k, v in value.items()
                if not any(s in str(k).lower().replace("_", "") for s in _SECRET_KEYS)
            }
        if isinstance(value, list | tuple | set | frozenset):
            return [clean(v) for v in value]
        if isinstance(value, str):
            return value[:200]
        if value is None or isinstance(value, bool | int | float):
            return value
        return str(value)[:200]

    result: dict[str, Any] = clean(detail)
    return result


def record(
    session: Session,
    *,
    action: str,
    operator: SignedInOperator | Operator | None = None,
    broker_id: int | None = None,
    login: str = "",
    target: tuple[str, str | int] | None = None,
    detail: Mapping[str, Any] | None = None,
    outcome: str = "ok",
) -> OperatorAudit:
    """Write one audit row. Without ``operator`` the actor is the command line."""
    kind, target_id = target if target is not None else ("", "")
    row = OperatorAudit(
        broker_id=operator.broker_id if operator is not None else broker_id,
        operator_id=operator.id if operator is not None else None,
        actor=ACTOR_OPERATOR if operator is not None else ACTOR_CLI,
        login=(operator.login if operator is not None else login)[:32],
        action=action[:64],
        target_kind=kind[:32],
        target_id=str(target_id)[:64],
        detail=without_secrets(detail or {}),
        client_address=current_client()[:64],
        outcome=outcome[:64],
    )
    session.add(row)
    session.flush()
    return row


# -- passwords and accounts ------------------------------------------------------------------


def check_password_strength(password: str) -> None:
    if not (
        10 <= len(password) <= 64
        and re.search(r"[A-Za-z]", password)
        and re.search(r"\d", password)
    ):
        raise OperatorPasswordWeak()


def _signed_in(session: Session, operator: Operator) -> SignedInOperator:
    return SignedInOperator(
        id=operator.id,
        broker_id=operator.broker_id,
        login=operator.login,
        display_name=operator.display_name,
        roles=repository.roles_of(session, operator.id),
    )


def _checked_roles(roles: Iterable[str]) -> list[str]:
    chosen = sorted(set(roles))
    if not chosen:
        raise OperatorRolesEmpty()
    for role in chosen:
        if role not in ROLES:
            raise OperatorRoleUnknown(role=role[:32])
    return chosen


def create_operator(
    session: Session,
    *,
    broker_id: int,
    login: str,
    display_name: str,
    password: str,
    roles: Iterable[str],
    by: SignedInOperator | None = None,
) -> SignedInOperator:
    """A new active operator with ``roles``; audited as done by ``by`` (None: the command line)."""
    if not _LOGIN.fullmatch(login):
        raise OperatorLoginInvalid()
    check_password_strength(password)
    chosen = _checked_roles(roles)
    if repository.operator_by_login(session, broker_id, login) is not None:
        raise OperatorLoginTaken()
    operator = Operator(
        broker_id=broker_id,
        login=login,
        display_name=display_name.strip()[:64] or login,
        password_hash=_hasher.hash(password),
        status=ACTIVE,
        failed_logins=0,
    )
    session.add(operator)
    session.flush()
    session.add_all(OperatorRole(operator_id=operator.id, role=role) for role in chosen)
    session.flush()
    record(
        session,
        action="operator.create",
        operator=by,
        broker_id=broker_id,
        login=login,
        target=("operator", operator.id),
        detail={"login": login, "displayName": operator.display_name, "roles": chosen},
    )
    return _signed_in(session, operator)


def find_operator(session: Session, *, broker_id: int, login: str) -> Operator:
    operator = repository.operator_by_login(session, broker_id, login)
    if operator is None:
        raise OperatorNotFound()
    return operator


def disable_operator(
    session: Session, *, broker_id: int, login: str, by: SignedInOperator | None = None
) -> None:
    """Disable the account and revoke its live tokens."""
    operator = find_operator(session, broker_id=broker_id, login=login)
    operator.status = DISABLED
    _revoke_all(session, operator.id)
    record(
        session,
        action="operator.disable",
        operator=by,
        broker_id=broker_id,
        login=login,
        target=("operator", operator.id),
        detail={"login": login},
    )


def change_roles(
    session: Session,
    *,
    broker_id: int,
    login: str,
    add: Iterable[str] = (),
    remove: Iterable[str] = (),
    by: SignedInOperator | None = None,
) -> frozenset[str]:
    """Add and remove roles; the operator keeps at least one. Returns the roles held after."""
    operator = find_operator(session, broker_id=broker_id, login=login)
    before = repository.roles_of(session, operator.id)
    added = set(_checked_roles(add)) if add else set()
    removed = set(_checked_roles(remove)) if remove else set()
    after = (before | added) - removed
    if not after:
        raise OperatorRolesEmpty()
    session.add_all(OperatorRole(operator_id=operator.id, role=r) for r in sorted(added - before))
    if removed & before:
        session.execute(
            delete(OperatorRole).where(
                OperatorRole.operator_id == operator.id, OperatorRole.role.in_(removed)
            )
        )
    session.flush()
    record(
        session,
        action="operator.roles",
        operator=by,
        broker_id=broker_id,
        login=login,
        target=("operator", operator.id),
        detail={"add": sorted(added), "remove": sorted(removed), "roles": sorted(after)},
    )
    return frozenset(after)


# -- sign-in and tokens ----------------------------------------------------------------------


def _hash_token(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


def _revoke_all(session: Session, operator_id: int) -> None:
    session.execute(
        update(OperatorToken)
        .where(OperatorToken.operator_id == operator_id, OperatorToken.revoked_at.is_(None))
        .values(revoked_at=now())
    )


def sign_in(session: Session, *, broker_id: int, login: str, password: str) -> IssuedOperatorToken:
    """A token for the operator whose login and password these are; five wrong passwords in a
    row lock the account for half an hour. Every try is audited."""
    found = repository.operator_by_login(session, broker_id, login)
    if found is None:
        try:
            _hasher.verify(_ABSENT_HASH, password)
        except (VerificationError, InvalidHashError):
            pass
        record(
            session,
            action="auth.login",
            broker_id=broker_id if broker_exists(session, broker_id) else None,
            login=login,
            outcome=OperatorSignInFailed.error,
            detail={"login": login},
        )
        raise OperatorSignInFailed()
    operator = repository.lock_operator(session, found.id)
    assert operator is not None
    moment = now()

    def refused(error: str) -> None:
        record(session, action="auth.login", operator=operator, outcome=error)

    if operator.locked_until is not None and operator.locked_until > moment:
        refused(OperatorLocked.error)
        raise OperatorLocked(until=_beijing(operator.locked_until))
    try:
        _hasher.verify(operator.password_hash, password)
    except (VerificationError, InvalidHashError):
        operator.failed_logins += 1
        if operator.failed_logins >= MAX_FAILURES:
            operator.failed_logins = 0
            operator.locked_until = moment + LOCK_FOR
            refused(OperatorLocked.error)
            raise OperatorLocked(until=_beijing(operator.locked_until)) from None
        refused(OperatorSignInFailed.error)
        raise OperatorSignInFailed() from None
    if operator.status != ACTIVE:
        refused(OperatorDisabled.error)
        raise OperatorDisabled()
    if _hasher.check_needs_rehash(operator.password_hash):
        operator.password_hash = _hasher.hash(password)
    operator.failed_logins = 0
    operator.locked_until = None
    operator.last_login_at = moment
    raw = secrets.token_urlsafe(32)
    session.add(
        OperatorToken(
            operator_id=operator.id, token_hash=_hash_token(raw), expires_at=moment + TOKEN_TTL
        )
    )
    record(session, action="auth.login", operator=operator)
    return IssuedOperatorToken(
        access_token=raw,
        expires_in=int(TOKEN_TTL.total_seconds()),
        operator=_signed_in(session, operator),
    )


def _beijing(moment: datetime) -> str:
    return f"{moment.astimezone(BEIJING):%Y-%m-%d %H:%M}"


def broker_exists(session: Session, broker_id: int) -> bool:
    return session.get(Broker, broker_id) is not None


def operator_for_token(session: Session, raw: str | None) -> SignedInOperator:
    """The active operator holding a live operator token; otherwise 401 (a customer's token is
    not in the operator token table, so it is refused like an unknown one)."""
    if not raw:
        raise OperatorTokenInvalid()
    found = repository.token_holder(session, _hash_token(raw))
    if found is None:
        raise OperatorTokenInvalid()
    operator, expires_at, revoked_at = found
    if revoked_at is not None or expires_at <= now() or operator.status != ACTIVE:
        raise OperatorTokenInvalid()
    return _signed_in(session, operator)


def sign_out(session: Session, *, operator: SignedInOperator, raw: str) -> None:
    session.execute(
        update(OperatorToken)
        .where(OperatorToken.token_hash == _hash_token(raw), OperatorToken.revoked_at.is_(None))
        .values(revoked_at=now())
    )
    record(session, action="auth.logout", operator=operator)


def require_roles(
    session: Session, operator: SignedInOperator, roles: Iterable[str], *, action: str
) -> None:
    """Refuse (403, audited) unless the operator holds one of ``roles`` (none: any operator)."""
    wanted = tuple(roles)
    if wanted and not operator.roles.intersection(wanted):
        record(
            session,
            action=action,
            operator=operator,
            outcome=OperatorRoleRequired.error,
            detail={"required": list(wanted)},
        )
        raise OperatorRoleRequired(roles="、".join(ROLE_LABELS[r] for r in wanted))
