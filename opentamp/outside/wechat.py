"""WeChat sign-in (docs/product.md#entities WeChat info, docs/product.md#states login entry): web
OAuth of the broker's official account (``snsapi_base`` gives the openid silently;
``snsapi_userinfo`` asks the user and gives the nickname and avatar) and the mini program's code
login (jscode2session).

The local gateway plays WeChat: its codes are self-describing (``wxlocal.`` + base64 JSON of the
identity), issued by :meth:`LocalWechatGateway.issue_code` in tests and by the local authorize
page (``/noauth/wechat/authorize``) in development. A snapshot user (朋友圈快照页,
``is_snapshotuser``) gets an openid but must open the page for real before signing in.
"""

from __future__ import annotations

import base64
import json
from dataclasses import asdict, dataclass
from typing import Protocol
from urllib.parse import urlencode

from opentamp.config import get_settings

LOCAL_PREFIX = "wxlocal."
SCOPES = ("snsapi_base", "snsapi_userinfo")


class WechatCodeInvalid(Exception):
    """WeChat refused the code (used, expired or forged)."""


@dataclass(frozen=True)
class WechatUser:
    openid: str
    unionid: str = ""
    nickname: str = ""
    headimgurl: str = ""
    scope: str = "snsapi_base"
    is_snapshotuser: bool = False


class WechatGateway(Protocol):
    def authorize_url(self, *, redirect_uri: str, scope: str, state: str) -> str: ...

    def oauth_user(self, *, code: str) -> WechatUser: ...

    def mini_program_user(self, *, code: str) -> WechatUser: ...


class LocalWechatGateway:
    def __init__(self, authorize_endpoint: str = "") -> None:
        self.authorize_endpoint = authorize_endpoint

    @staticmethod
    def issue_code(user: WechatUser) -> str:
        raw = json.dumps(asdict(user), ensure_ascii=False).encode()
        return LOCAL_PREFIX + base64.urlsafe_b64encode(raw).decode().rstrip("=")

    def authorize_url(self, *, redirect_uri: str, scope: str, state: str) -> str:
        query = urlencode({"redirect_uri": redirect_uri, "scope": scope, "state": state})
        return f"{self.authorize_endpoint}?{query}"

    def _decode(self, code: str) -> WechatUser:
        if not code.startswith(LOCAL_PREFIX):
            raise WechatCodeInvalid(code)
        body = code[len(LOCAL_PREFIX) :]
        try:
            data = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
            user = WechatUser(**data)
        except (ValueError, TypeError) as exc:
            raise WechatCodeInvalid(code) from exc
        if not user.openid:
            raise WechatCodeInvalid(code)
        return user

    def oauth_user(self, *, code: str) -> WechatUser:
        user = self._decode(code)
        if user.scope == "snsapi_base":  # the silent scope gives no profile
            return WechatUser(openid=user.openid, unionid=user.unionid, scope=user.scope)
        return user

    def mini_program_user(self, *, code: str) -> WechatUser:
        user = self._decode(code)
        return WechatUser(openid=user.openid, unionid=user.unionid, scope="mini_program")


_gateway: WechatGateway | None = None


def wechat_gateway() -> WechatGateway:
    global _gateway
    if _gateway is None:
        _gateway = LocalWechatGateway(f"{get_settings().api_prefix}/noauth/wechat/authorize")
    return _gateway


def use_wechat_gateway(gateway: WechatGateway | None) -> None:
    global _gateway
    _gateway = gateway
