"""The trade password (docs/architecture.md#transport trade writes; issue of sign-in and accounts):
six digits,
stored as an argon2id hash, locked for a day after five wrong tries in a row.

Five means five under parallel guesses too: :func:`verify_trade_password` locks the account's
row (``SELECT … FOR NO KEY UPDATE``, re-read from the database) before it looks at the count
or the password, so the tries of one account are evaluated one at a time, each seeing the
count the previous one committed (the wrong try's count is committed by the failing request,
``keeps_writes``); once locked, the rest are refused without being compared. On SQLite a
writing request holds the database lock, which serialises them the same way.

A six-digit secret has a million candidates: no hashing cost protects a stolen table of them.
What protects it is a server-side pepper (docs/accounts.md#security): the password is first
keyed with HMAC-SHA256 under a key that lives in the settings or a key file, never in the
database, and that digest is hashed with argon2id at a small cost: 1 MiB, one pass, one lane,
0.45 ms of CPU a verify on the 2-core machine of docs/scale.md (2 MiB and two passes cost
1.65 ms, the 19 MiB of the OWASP figures 20 ms and a 19 MiB buffer per worker thread).

The cost is what it is because it buys nothing more for a PIN (issue 19's decision: with the
pepper, a verify under about 3 ms). Without the pepper a stolen hash is an HMAC under an
unknown 256-bit key: no cost is needed to keep it. With the pepper stolen too, the million
candidates take 7.5 minutes of one core at 1 MiB/one pass, and 27 minutes at 2 MiB/two
passes: no cost a purchase can pay makes a six-digit PIN survive that, and the online guesses
are stopped by the lockout (five tries), not by the hash. What the memory-hard hash still
gives is that a stolen table with its pepper costs real work per account, not a look-up
table. A verify is paid by every purchase (a quarter of its CPU at the former cost), so the
cost is kept at the small end of that; the verified password itself is never remembered.

A stored hash says whether it is peppered (``PEPPERED`` prefix); one made without the pepper
or with other parameters (the former 2 MiB and two passes) still verifies, and is re-hashed at
today's parameters on the next success (:func:`verify_trade_password`: such an account has a
hash to renew, so its purchase takes the account's row lock once and writes the new hash).

The comparison is made before the request's write transaction
(:func:`check_trade_password_first`, a dependency of the routers whose calls carry
``tradePassword``), and a failure is recorded in a short write of its own. On SQLite a writing
request holds the database's one write lock from its first query, so a comparison made inside
it would make every other writer wait: there the tries of an account are compared one at a
time per process (striped locks), outside any transaction. On PostgreSQL the comparison runs
in a short transaction of its own that holds the account's row lock, so the tries are compared
one at a time across every server process (the lockout race of
``tests/trading/test_lockout_races.py``); inside the request's transaction the row was locked
until the commit, and every purchase of the account queued behind the whole of the one before.

The comparison's proof then lets :func:`verify_trade_password`, inside the request's
transaction, skip comparing again. When the account has nothing to write (no failure to reset,
no lock to clear, no hash to renew) it does not lock the row either: a purchase's transaction
then holds no lock of the account, and the purchases of one account run side by side. A lock
set by wrong tries committed after the comparison is then seen by the next request, as if the
purchase had come first. Otherwise it locks the row, re-reads it and answers from what it finds.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Request
from sqlalchemy import Connection, bindparam, select
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from opentamp.config import get_settings
from opentamp.core.idempotency import refuse_inside_run
from opentamp.core.tokens import (
    hand_over_owner,
    hash_token,
    live_owner_of_columns,
    owner_columns_query,
)
from opentamp.db import db, transaction
from opentamp.deps import SessionDep, token_of
from opentamp.errors import AppError, InvalidToken
from opentamp.kit.clock import now
from opentamp.models.accounts import Account
from opentamp.models.auth import BrokerUser

MAX_FAILURES = 5
LOCK_FOR = timedelta(hours=24)
#: argon2id over the peppered digest: 1 MiB, one pass, one lane (module docstring).
_hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
#: The prefix of a hash made over the peppered digest.
PEPPERED = "hmac-sha256$"
#: Where the request's session keeps the proof of a comparison made before its transaction.
PROOF_KEY = "trade_password_proof"


class TradePasswordNotSet(AppError):
    code = 62001
    error = "trade_password_not_set"
    msg = "请先设置交易密码"


class TradePasswordWrong(AppError):
    code = 62002
    error = "trade_password_wrong"
    msg = "交易密码错误，还可尝试{left}次"
    keeps_writes = True  # the failure count survives the failed request


class TradePasswordLocked(AppError):
    code = 62003
    error = "trade_password_locked"
    msg = "交易密码错误次数过多，已锁定，请于{until}后重试或重置交易密码"
    keeps_writes = True


class TradePasswordInvalid(AppError):
    code = 62004
    error = "trade_password_invalid"
    msg = "交易密码须为6位数字"


@lru_cache(maxsize=4)
def _pepper_of(configured: str, key_file: Path | None, product: str) -> bytes:
    if configured:
        return configured.encode("utf-8")
    if key_file is not None:
        return key_file.read_bytes().strip()
    # Development and the demo only (docs/accounts.md#security): a key anyone can derive.
    return hashlib.sha256(f"{product} development trade password pepper".encode()).digest()


def pepper() -> bytes:
    """The HMAC key: ``trade_password_pepper``, else the contents of
    ``trade_password_pepper_file``, else the development key."""
    settings = get_settings()
    return _pepper_of(
        settings.trade_password_pepper, settings.trade_password_pepper_file, settings.product
    )


def _peppered(password: str) -> bytes:
    return hmac.new(pepper(), password.encode("utf-8"), hashlib.sha256).digest()


def _hash(password: str) -> str:
    return PEPPERED + _hasher.hash(_peppered(password))


def _matches(stored: str, password: str) -> bool:
    try:
        if stored.startswith(PEPPERED):
            return bool(_hasher.verify(stored[len(PEPPERED) :], _peppered(password)))
        return bool(_hasher.verify(stored, password))  # made before the pepper
    except (VerificationError, InvalidHashError):
        return False


def _needs_rehash(stored: str) -> bool:
    if not stored.startswith(PEPPERED):
        return True
    try:
        return bool(_hasher.check_needs_rehash(stored[len(PEPPERED) :]))
    except InvalidHashError:
        return True


def set_trade_password(account: Account, *, password: str) -> None:
    if not re.fullmatch(r"\d{6}", password or ""):
        raise TradePasswordInvalid()
    account.trade_password_hash = _hash(password)
    account.trade_password_failures = 0
    account.trade_password_locked_until = None


def _lock(session: Session, account: Account) -> None:
    """Lock the account's row until the request ends and re-read its columns: a concurrent try
    of the same account waits here until this one commits, then sees its count. NO KEY UPDATE
    (PostgreSQL) leaves inserts referencing the account free; SQLite ignores the clause."""
    session.scalar(
        select(Account)
        .where(Account.id == account.id)
        .with_for_update(key_share=True)
        .execution_options(populate_existing=True)
    )


def _failure(account: Account, moment: datetime) -> AppError:
    """Count a wrong try on ``account`` (locking it at the fifth); the error to answer."""
    account.trade_password_failures += 1
    if account.trade_password_failures >= MAX_FAILURES:
        account.trade_password_locked_until = moment + LOCK_FOR
        account.trade_password_failures = 0
        return TradePasswordLocked(until=f"{account.trade_password_locked_until:%Y-%m-%d %H:%M}")
    return TradePasswordWrong(left=MAX_FAILURES - account.trade_password_failures)


def verify_trade_password(session: Session, account: Account, *, password: str | None) -> None:
    """Raise unless ``password`` is the account's trade password.

    Call it before any other write of the request: the account's row is locked first (module
    docstring), a wrong try is counted on it and the error keeps that write (``keeps_writes``)
    while the request fails. A proof left by :func:`check_trade_password_first` for this
    password and this very hash stands for the comparison, and when the account has nothing
    to write, for the lock as well.
    """
    refuse_inside_run(session, "the trade password's check")
    proof = session.info.pop(PROOF_KEY, None)
    if _proven_and_clean(proof, account, password or ""):
        return  # nothing to count, reset or re-hash: the row is left unlocked (module docstring)
    _lock(session, account)
    if not account.trade_password_hash:
        raise TradePasswordNotSet()
    moment = now()
    locked_until = account.trade_password_locked_until
    if locked_until is not None and locked_until > moment:
        raise TradePasswordLocked(until=f"{locked_until:%Y-%m-%d %H:%M}")
    stored = account.trade_password_hash
    if isinstance(proof, Proof) and proof.stands_for(account.id, stored, password or ""):
        matched = True
    else:
        matched = _matches(stored, password or "")
    if not matched:
        raise _failure(account, moment)
    if _needs_rehash(stored):
        account.trade_password_hash = _hash(password or "")
    account.trade_password_failures = 0
    account.trade_password_locked_until = None


# -- the comparison before the write transaction (SQLite) ------------------------------------


@dataclass(frozen=True)
class Proof:
    """That ``digest``'s password matched the hash ``stored`` of account ``account_id``."""

    account_id: int
    stored: str
    digest: bytes

    def stands_for(self, account_id: int, stored: str, password: str) -> bool:
        return (
            self.account_id == account_id
            and self.stored == stored
            and hmac.compare_digest(self.digest, _peppered(password))
        )


_STRIPES = [threading.Lock() for _ in range(64)]
#: Wrong tries this process has recorded (counted once committed): an account read before its
#: stripe was taken is read again when a failure was recorded meanwhile (:func:`compare_first`).
_failures_recorded = 0
_failures_lock = threading.Lock()

#: The token's owner, the token's expiry and revocation, and what the comparison reads of the
#: owner's account, in one round trip and as plain values (the request's look-up,
#: ``core.tokens``, with the account joined): no session, no ORM row hydrated
#: (docs/scale.md#the-comparisons-look-up-and-the-fee-by-integers).
_OWNER_AND_ACCOUNT = (
    owner_columns_query()
    .add_columns(
        Account.id.label("account_id"),
        Account.trade_password_hash,
        Account.trade_password_locked_until,
    )
    .join(Account, Account.broker_user_id == BrokerUser.id)
)
#: The same, the account's row locked until the transaction ends (PostgreSQL).
_OWNER_AND_LOCKED_ACCOUNT = _OWNER_AND_ACCOUNT.with_for_update(key_share=True, of=Account.__table__)
#: The account's hash and lock, read again (:func:`compare_first`).
_ACCOUNT_AGAIN = select(
    Account.id.label("account_id"),
    Account.trade_password_hash,
    Account.trade_password_locked_until,
).where(Account.id == bindparam("account_id"))


@dataclass(frozen=True)
class _Held:
    """What the comparison reads of an account: its id, stored hash and lock."""

    id: int
    stored: str | None
    locked_until: datetime | None

    @classmethod
    def of(cls, row: Any) -> _Held:
        return cls(row.account_id, row.trade_password_hash, row.trade_password_locked_until)


@dataclass(frozen=True)
class FirstLook:
    """What :func:`compare_first` found: the token's owner (None: no live token, or no account
    yet) and the comparison's proof (None: not compared)."""

    owner: BrokerUser | None
    proof: Proof | None


def compare_first(raw_token: str, password: str) -> FirstLook:
    """Compare ``password`` with the trade password of the token owner's account outside any
    write transaction. A match gives a proof; a wrong try is counted in a short write of its
    own and raised. Anything else (no valid token, no account, no password set, locked) gives
    no proof and is left to :func:`verify_trade_password`, which answers it without comparing.
    The token, its owner and the account are read in one statement on a pooled connection, and
    the owner is handed to the request (``core.tokens.hand_over_owner``)."""
    if not db.is_sqlite:
        return _compare_under_row_lock(raw_token, password)
    global _failures_recorded
    seen = _failures_recorded
    with db.engine.connect() as connection:
        found = _owner_and_account(connection, raw_token, lock=False)
    if found is None:
        return FirstLook(None, None)
    owner, account = found
    with _STRIPES[account.id % len(_STRIPES)]:
        if _failures_recorded != seen:  # a wrong try was counted since the read: read again
            with db.engine.connect() as connection:
                again = connection.execute(_ACCOUNT_AGAIN, {"account_id": account.id}).first()
            account = account if again is None else _Held.of(again)
        first = _compared(owner, account, password)
        if first is not None:
            return first
        counted = False
        with transaction() as session:
            fresh = session.get(Account, account.id)
            assert fresh is not None
            moment = now()
            locked_until = fresh.trade_password_locked_until
            if locked_until is not None and locked_until > moment:
                error: AppError = TradePasswordLocked(until=f"{locked_until:%Y-%m-%d %H:%M}")
            else:
                error = _failure(fresh, moment)
                counted = True
        if counted:
            # Told once committed, not before: a try that read the account before this commit
            # then sees the change of the count and reads it again; told before the commit, a
            # try reading in between read the count before it and compared once too often.
            with _failures_lock:
                _failures_recorded += 1
        raise error


def _compare_under_row_lock(raw_token: str, password: str) -> FirstLook:
    """PostgreSQL: :func:`compare_first`'s comparison in a short transaction of its own that
    holds the account's row lock (``SELECT … FOR NO KEY UPDATE OF account``, taken by the
    token's look-up), so the tries of one account are compared one at a time by every server
    process, each seeing the count the previous one committed; a wrong try is counted and
    committed there (the account then read as a row of the session, still locked)."""
    with transaction() as session:
        found = _owner_and_account(session.connection(), raw_token, lock=True)
        if found is None:
            return FirstLook(None, None)
        owner, account = found
        first = _compared(owner, account, password)
        if first is not None:
            return first
        locked = session.get(Account, account.id)
        assert locked is not None
        error = _failure(locked, now())
    raise error


def _owner_and_account(
    connection: Connection, raw_token: str, *, lock: bool
) -> tuple[BrokerUser, _Held] | None:
    """The live token's owner (a detached row) and what the comparison reads of their account
    (``lock``: the account's row locked), in one statement; None when the token is not live or
    the owner has no account."""
    query = _OWNER_AND_LOCKED_ACCOUNT if lock else _OWNER_AND_ACCOUNT
    row = connection.execute(query, {"token_hash": hash_token(raw_token)}).first()
    try:
        owner = live_owner_of_columns(row)
    except InvalidToken:
        return None
    return owner, _Held.of(row)


def _compared(owner: BrokerUser, account: _Held, password: str) -> FirstLook | None:
    """The comparison with ``account``'s trade password: a proof when it matches, no proof
    when there is nothing to compare (no password set, locked); None for a wrong try, which
    the caller counts."""
    stored = account.stored
    locked_until = account.locked_until
    if not stored or (locked_until is not None and locked_until > now()):
        return FirstLook(owner, None)
    if _matches(stored, password):
        return FirstLook(owner, Proof(account.id, stored, _peppered(password)))
    return None


def _proven_and_clean(proof: object, account: Account, password: str) -> bool:
    """Whether a comparison made before the transaction stands for this try and the account
    has nothing to write: no failure to reset, no lock (even a past one) to clear, a hash of
    today's parameters."""
    stored = account.trade_password_hash
    return (
        isinstance(proof, Proof)
        and bool(stored)
        and account.trade_password_failures == 0
        and account.trade_password_locked_until is None
        and proof.stands_for(account.id, stored or "", password)
        and not _needs_rehash(stored or "")
    )


def password_to_compare(raw: str | None, body: object) -> tuple[str, str] | None:
    """The bearer token ``raw`` (``deps.token_of``) and the ``tradePassword`` of a JSON
    write's parsed ``body`` when the password is to be compared before the request's write
    transaction (module docstring): a token is sent and the password is six digits. Anything
    else is left to :func:`verify_trade_password`, inside the transaction."""
    if not raw:
        return None
    password = body.get("tradePassword") if isinstance(body, dict) else None
    if not isinstance(password, str) or not re.fullmatch(r"\d{6}", password):
        return None
    return raw, password


def compare_into(session: Session, raw_token: str, password: str) -> None:
    """:func:`compare_first`, its findings left for the request's ``session``: the token's
    owner (``core.tokens.hand_over_owner``) and the proof, which waits for
    :func:`verify_trade_password`. Blocking: call it on a worker thread."""
    first = compare_first(raw_token, password)
    if first.owner is not None:
        hand_over_owner(session, raw_token, first.owner)
    if first.proof is not None:
        session.info[PROOF_KEY] = first.proof


def compare_before_transaction(session: Session, raw: str, body: object) -> None:
    """What :func:`check_trade_password_first` does, on the caller's thread, for a JSON POST
    whose body was parsed already (the purchase answered in one worker-thread hop,
    ``deps.OneHopWrite``)."""
    found = password_to_compare(raw, body)
    if found is not None:
        compare_into(session, *found)


async def check_trade_password_first(request: Request, session: SessionDep) -> None:
    """A router dependency (listed before any other that reads the database): a JSON write
    carrying ``tradePassword`` has it compared before the request's write transaction opens
    (module docstring); the proof waits in the session for :func:`verify_trade_password`. For
    any other request nothing happens."""
    if request.method != "POST":
        return
    if not request.headers.get("content-type", "").startswith("application/json"):
        return
    raw = await token_of(request)
    if not raw:
        return
    try:
        body = await request.json()
    except ValueError:
        return
    found = password_to_compare(raw, body)
    if found is not None:
        await run_in_threadpool(compare_into, session, *found)


def needs_trade_sms(account: Account) -> bool:
    """payAuthMode PASSWORD_SMS: every trade also needs an SMS code (the buy verify code)."""
    return account.trade_verify_method == "PASSWORD_SMS"
