"""The graphical captcha (图形验证码, docs/api.md#limits) a client must solve before it may ask
for more sign-in codes than ``Settings.sms_captcha_after`` in a window.

The image is drawn here, by the ``captcha`` library (Pillow underneath, with the fonts it
ships): four characters of an alphabet without the look-alikes 0/O, 1/I/L. Its answer is kept
in the ``captcha`` table for ``captcha_ttl_seconds``; it is never sent to the client. One try
spends a captcha, right or wrong, so an answer cannot be guessed against the same image.
"""

from __future__ import annotations

import base64
import secrets
from dataclasses import dataclass
from datetime import timedelta
from functools import lru_cache
from typing import TYPE_CHECKING

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from opentamp.config import get_settings
from opentamp.core import throttle
from opentamp.errors import AppError, TooManyRequests
from opentamp.kit.clock import now
from opentamp.models.verification import Captcha

if TYPE_CHECKING:
    from captcha.image import ImageCaptcha

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 4


class CaptchaRequired(AppError):
    """The client asked for more codes than it may without a captcha: fetch one and send its
    id and answer with the request."""

    code = 62012
    error = "captcha_required"
    msg = "请输入图形验证码"


class CaptchaWrong(AppError):
    code = 62013
    error = "captcha_wrong"
    msg = "图形验证码错误，请重新输入"
    keeps_writes = True  # the captcha is spent although the request fails


class CaptchaExpired(AppError):
    code = 62014
    error = "captcha_expired"
    msg = "图形验证码已失效，请点击图片刷新"


class CaptchaTooFrequent(TooManyRequests):
    code = 42904
    error = "captcha_too_frequent"
    msg = "图形验证码获取过于频繁，请{minutes}分钟后再试"


@dataclass(frozen=True)
class IssuedCaptcha:
    captcha_id: str
    image: str  # a data: URL of the PNG
    expires_in: int  # seconds


@lru_cache(maxsize=1)
def _painter() -> ImageCaptcha:
    # Imported on first use: the captcha package and Pillow are a few MiB of every process's
    # memory, and most processes draw no captcha (docs/scale.md#memory).
    from captcha.image import ImageCaptcha

    return ImageCaptcha(width=128, height=48, font_sizes=(32, 35, 38))


def issue(session: Session, *, client: str) -> IssuedCaptcha:
    """Draw a new captcha for ``client`` (at most ``captcha_client_limit`` a window)."""
    settings = get_settings()
    throttle.take(
        session,
        scope="captcha",
        client=client,
        limit=settings.captcha_client_limit,
        window_seconds=settings.client_window_seconds,
        error=CaptchaTooFrequent,
    )
    moment = now()
    # Captchas a day past their end are of no more use, even to a log reader.
    session.execute(delete(Captcha).where(Captcha.expires_at < moment - timedelta(days=1)))
    answer = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    captcha = Captcha(
        id=secrets.token_urlsafe(18),
        answer=answer,
        client=client[:64],
        created_at=moment,
        expires_at=moment + timedelta(seconds=settings.captcha_ttl_seconds),
    )
    session.add(captcha)
    session.flush()
    png = _painter().generate(answer, format="png").getvalue()
    return IssuedCaptcha(
        captcha_id=captcha.id,
        image="data:image/png;base64," + base64.b64encode(png).decode("ascii"),
        expires_in=settings.captcha_ttl_seconds,
    )


def check(session: Session, *, captcha_id: str | None, answer: str | None) -> None:
    """Spend the captcha ``captcha_id``: nothing when ``answer`` is right (case does not
    matter), else :class:`CaptchaWrong`; :class:`CaptchaExpired` when it is unknown, used or
    past its time; :class:`CaptchaRequired` when either is missing."""
    if not captcha_id or not answer:
        raise CaptchaRequired()
    captcha = session.scalar(
        select(Captcha)
        .where(Captcha.id == captcha_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    moment = now()
    if captcha is None or captcha.used_at is not None or captcha.expires_at <= moment:
        raise CaptchaExpired()
    captcha.used_at = moment
    session.flush()
    if not secrets.compare_digest(captcha.answer.encode(), answer.strip().upper().encode()):
        raise CaptchaWrong()
