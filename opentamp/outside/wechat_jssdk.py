"""The messaging app's JS-SDK configuration (docs/api.md#platform "Messaging-app signature").

A page that uses the JS-SDK (share, scan) needs ``appId, timestamp, nonceStr, signature`` for
its address. The signature is SHA-1 over ``jsapi_ticket, noncestr, timestamp, url`` (keys in
that order, ``url`` without its fragment), the messaging app's documented algorithm. The real
service fetches the ticket with the official account's secret; the local signer uses a ticket
from the settings, so nothing outside is called (docs/architecture.md#the-pieces).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Protocol

from opentamp.config import get_settings
from opentamp.kit.clock import now


@dataclass(frozen=True)
class JsSdkConfig:
    app_id: str
    timestamp: int
    nonce: str
    signature: str


def signature_of(*, ticket: str, nonce: str, timestamp: int, url: str) -> str:
    plain = f"jsapi_ticket={ticket}&noncestr={nonce}&timestamp={timestamp}&url={url}"
    return hashlib.sha1(plain.encode("utf-8")).hexdigest()  # noqa: S324 - the service's algorithm


class JsSdkSigner(Protocol):
    def sign(self, url: str) -> JsSdkConfig: ...


class LocalJsSdkSigner:
    def sign(self, url: str) -> JsSdkConfig:
        settings = get_settings()
        timestamp = int(now().timestamp())
        nonce = secrets.token_hex(8)
        return JsSdkConfig(
            app_id=settings.wechat_app_id,
            timestamp=timestamp,
            nonce=nonce,
            signature=signature_of(
                ticket=settings.wechat_jsapi_ticket, nonce=nonce, timestamp=timestamp, url=url
            ),
        )


def get_signer() -> JsSdkSigner:
    return LocalJsSdkSigner()
