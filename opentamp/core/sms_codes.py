"""One-time SMS codes (docs/api.md#messages-and-codes), for every feature that confirms something by
SMS.

``send_code`` texts a fresh 6-digit code through the SMS gateway; ``check_code`` spends it.
Rules: a code lives ``sms_code_ttl_seconds`` (50110 after), five wrong tries lock it (50108
with the tries left, then 50109: a new code is needed); one code a minute per phone and
purpose and ten a day per phone, sign-in codes and the codes of signed-in calls each counted
apart (``quota_kind``) (429); and, per client address, ``sms_client_limit`` codes of
any purpose a window (core/throttle.py, 429 with the minutes left). Codes are stored as salted
SHA-256 digests; the per-phone quota row is locked while sending so concurrent sends cannot
exceed the limits.

Five means five under parallel guesses too: ``check_code`` locks the code's row (``SELECT … FOR
UPDATE``, re-read from the database) before it looks at the failure count or the code, so the
tries of one code are evaluated one at a time, each seeing the count the previous one committed
(a wrong try's count is committed by the failing request, ``keeps_writes``); once five have
failed, the rest are refused without being compared (docs/accounts.md#sign-in).
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from opentamp.config import get_settings
from opentamp.core import throttle
from opentamp.core.idempotency import refuse_inside_run
from opentamp.errors import AppError, TooManyRequests
from opentamp.kit.clock import now
from opentamp.kit.terminal import current_client
from opentamp.models.verification import SmsCode, SmsQuota
from opentamp.outside.sms import sms_gateway


class SmsCodeWrong(AppError):
    code = 50108
    error = "sms_code_wrong"
    msg = "验证码错误，还可尝试{left}次"
    keeps_writes = True  # the wrong try is counted although the request fails


class SmsCodeLocked(AppError):
    code = 50109
    error = "sms_code_locked"
    msg = "验证码错误次数过多，请重新获取验证码"
    keeps_writes = True


class SmsCodeExpired(AppError):
    code = 50110
    error = "sms_code_expired"
    msg = "验证码已失效，请重新获取"


class SmsTooFrequent(TooManyRequests):
    code = 42901
    error = "sms_too_frequent"
    msg = "验证码发送过于频繁，请{seconds}秒后再试"


class SmsDailyLimit(TooManyRequests):
    code = 42902
    error = "sms_daily_limit"
    msg = "该手机号今日获取验证码次数已达上限，请明天再试"


class SmsClientLimit(TooManyRequests):
    code = 42903
    error = "sms_client_limit"
    msg = "获取验证码过于频繁，请{minutes}分钟后再试"


PURPOSE_TEXT = {
    "login": "登录",
    "open_account": "开户",
    "bind_card": "绑定银行卡",
    "sign_card": "支付签约",
    "card_phone": "修改银行预留手机号",
    "change_card": "更换银行卡",
    "id_verify": "身份验证",
    "update_phone": "更换手机号",
    "trade": "交易",
}


def _digest(salt: str, code: str) -> str:
    return hashlib.sha256(f"{salt}:{code}".encode()).hexdigest()


def quota_kind(purpose: str) -> str:
    """The daily quota a purpose's codes count in: sign-in codes, which anyone may ask for, apart
    from the codes of signed-in calls (trade, cards, account), so that codes asked for by a
    stranger never use up the owner's trade codes."""
    return "login" if purpose == "login" else "account"


def _lock_quota(session: Session, phone: str, kind: str) -> SmsQuota:
    query = select(SmsQuota).where(SmsQuota.phone == phone, SmsQuota.kind == kind).with_for_update()
    quota = session.scalar(query)
    if quota is not None:
        return quota
    try:
        with session.begin_nested():
            session.add(SmsQuota(phone=phone, kind=kind, day=now().date(), sent=0))
    except IntegrityError:
        pass  # a concurrent send created it first
    quota = session.scalar(query)
    assert quota is not None
    return quota


def send_code(
    session: Session, *, phone: str, purpose: str, subject: str = "", sender: str = ""
) -> int:
    """Text a new code for ``purpose`` (and ``subject``); returns its lifetime in seconds.

    The client of the request (``current_client``) counts first: over its limit nothing is
    looked at, so a client cannot learn a phone's state nor spend its quota."""
    settings = get_settings()
    throttle.take(
        session,
        scope="sms",
        client=current_client(),
        limit=settings.sms_client_limit,
        window_seconds=settings.client_window_seconds,
        error=SmsClientLimit,
    )
    moment = now()
    quota = _lock_quota(session, phone, quota_kind(purpose))
    if quota.day != moment.date():
        quota.day, quota.sent = moment.date(), 0
    if quota.sent >= settings.sms_daily_limit:
        raise SmsDailyLimit()
    last = session.scalar(
        select(SmsCode.created_at)
        .where(SmsCode.phone == phone, SmsCode.purpose == purpose)
        .order_by(SmsCode.created_at.desc())
        .limit(1)
    )
    interval = timedelta(seconds=settings.sms_min_interval_seconds)
    if last is not None and moment - last < interval:
        wait = interval - (moment - last)
        seconds = max(1, int(wait.total_seconds() + 0.999))
        raise SmsTooFrequent(seconds=seconds, retry_after=seconds)
    code = f"{secrets.randbelow(1_000_000):06d}"
    salt = secrets.token_hex(8)
    session.add(
        SmsCode(
            phone=phone,
            purpose=purpose,
            subject=subject,
            salt=salt,
            code_hash=_digest(salt, code),
            created_at=moment,
            expires_at=moment + timedelta(seconds=settings.sms_code_ttl_seconds),
        )
    )
    quota.sent += 1
    session.flush()
    minutes = max(1, settings.sms_code_ttl_seconds // 60)
    label = PURPOSE_TEXT.get(purpose, "身份验证")
    sign = f"【{sender}】" if sender else ""
    sms_gateway().send(
        phone=phone,
        text=f"{sign}您正在{label}，验证码{code}，{minutes}分钟内有效。如非本人操作，请忽略本短信。",
        purpose=purpose,
    )
    return settings.sms_code_ttl_seconds


def check_code(
    session: Session, *, phone: str, purpose: str, code: str | None, subject: str = ""
) -> None:
    """Spend the latest code sent to ``phone`` for ``purpose``/``subject``, or raise.

    Call it before the request's other writes: the code's row is locked first (module
    docstring), and a wrong try is counted and kept although the request fails
    (``keeps_writes``: the request's writes so far are committed with it).
    """
    refuse_inside_run(session, "an SMS code's check")
    settings = get_settings()
    row = session.scalar(
        select(SmsCode)
        .where(SmsCode.phone == phone, SmsCode.purpose == purpose, SmsCode.subject == subject)
        .order_by(SmsCode.created_at.desc(), SmsCode.id.desc())
        .limit(1)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    moment = now()
    if row is None or row.used_at is not None or row.expires_at <= moment:
        raise SmsCodeExpired()
    if row.failures >= settings.sms_code_max_failures:
        raise SmsCodeLocked()
    if not code or not secrets.compare_digest(row.code_hash, _digest(row.salt, code.strip())):
        row.failures += 1
        session.flush()
        left = settings.sms_code_max_failures - row.failures
        if left <= 0:
            raise SmsCodeLocked()
        raise SmsCodeWrong(left=left)
    row.used_at = moment
    session.flush()
