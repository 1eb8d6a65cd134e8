"""The trade password (docs/architecture.md#transport trade writes; issue of sign-in and accounts):
six digits,
stored as an argon2id hash, locked for a day after five wrong tries in a row.

Five means five under parallel guesses too: :func:`verify_trade_password` locks the account's
row (``SELECT … FOR NO KEY UPDATE``, re-read from the database) before it looks at the count
or the password, so the tries of one account are evaluated one at a time, each seeing the
count the previous one committed (the wrong try's count is committed by the failing request,
``keeps_writes``); once locked, the rest are refused without being compared. On SQLite a
writing request holds the database lock, which serialises them the same way.

The hash uses the OWASP argon2id parameters (19 MiB, two passes, one lane): every trade
verifies it inside the request, so it must cost tens of milliseconds, not the library
default's hundreds; a six-digit secret is guarded by the lockout, the hash guards a stolen
table. Hashes made with other parameters still verify, and are re-hashed on the next success.
"""

from __future__ import annotations

import re
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.errors import AppError
from opentamp.kit.clock import now
from opentamp.models.accounts import Account

MAX_FAILURES = 5
LOCK_FOR = timedelta(hours=24)
_hasher = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)


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


def set_trade_password(account: Account, *, password: str) -> None:
    if not re.fullmatch(r"\d{6}", password or ""):
        raise TradePasswordInvalid()
    account.trade_password_hash = _hasher.hash(password)
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


def verify_trade_password(session: Session, account: Account, *, password: str | None) -> None:
    """Raise unless ``password`` is the account's trade password.

    Call it before any other write of the request: the account's row is locked first (module
    docstring), a wrong try is counted on it and the error keeps that write (``keeps_writes``)
    while the request fails.
    """
    _lock(session, account)
    if not account.trade_password_hash:
        raise TradePasswordNotSet()
    moment = now()
    locked_until = account.trade_password_locked_until
    if locked_until is not None and locked_until > moment:
        raise TradePasswordLocked(until=f"{locked_until:%Y-%m-%d %H:%M}")
    try:
        _hasher.verify(account.trade_password_hash, password or "")
    except (VerificationError, InvalidHashError):
        account.trade_password_failures += 1
        if account.trade_password_failures >= MAX_FAILURES:
            account.trade_password_locked_until = moment + LOCK_FOR
            account.trade_password_failures = 0
            raise TradePasswordLocked(
                until=f"{account.trade_password_locked_until:%Y-%m-%d %H:%M}"
            ) from None
        raise TradePasswordWrong(left=MAX_FAILURES - account.trade_password_failures) from None
    if _hasher.check_needs_rehash(account.trade_password_hash):
        account.trade_password_hash = _hasher.hash(password or "")
    account.trade_password_failures = 0
    account.trade_password_locked_until = None


def needs_trade_sms(account: Account) -> bool:
    """payAuthMode PASSWORD_SMS: every trade also needs an SMS code (the buy verify code)."""
    return account.trade_verify_method == "PASSWORD_SMS"
