from __future__ import annotations

import secrets
from typing import Annotated
from urllib.parse import urlencode, urlsplit

from fastapi import Depends, Query, Request
from fastapi.responses import RedirectResponse

from opentamp.auth import service
from opentamp.auth.schemas import (
    AuthorizeUrlOut,
    CaptchaOut,
    CodeSentOut,
    CustomerOut,
    LoginOut,
    PhoneCodeIn,
    PhoneLoginIn,
    WechatCodeIn,
    WechatLoginOut,
)
from opentamp.deps import CurrentUser, OptionalToken, SessionDep, claimed_ids
from opentamp.errors import InvalidParams
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.outside.wechat import SCOPES, LocalWechatGateway, WechatUser, wechat_gateway

router = api_router(tags=["auth"], dependencies=[Depends(claimed_ids)])


@router.post("/auth/login/captcha")
def login_captcha(session: SessionDep) -> Envelope[CaptchaOut]:
    """A graphical captcha (图形验证码) for the sign-in code request, drawn by the server: its
    id and PNG image; the answer stays on the server (docs/api.md#limits)."""
    return ok(service.login_captcha(session))


@router.post("/auth/login/getPhoneVerifyCode")
def get_phone_verify_code(body: PhoneCodeIn, session: SessionDep) -> Envelope[CodeSentOut]:
    """Text a login code (no token needed). One a minute, ten a day per phone, and per client
    ``sms_client_limit`` codes a window (429, Retry-After). After ``sms_captcha_after`` codes
    from one client, each needs ``captchaId`` and ``captchaCode`` (62012 required, 62013 wrong,
    62014 expired)."""
    return ok(
        service.send_login_code(
            session,
            phone=body.phone,
            broker_id=body.broker_id,
            team_id=body.team_id,
            captcha_id=body.captcha_id,
            captcha_code=body.captcha_code,
        )
    )


@router.post("/auth/login/phone")
def login_by_phone(body: PhoneLoginIn, session: SessionDep) -> Envelope[LoginOut]:
    """Sign in (and on first use register) with the SMS code: 50108 wrong, 50109 locked after
    five wrong tries, 50110 expired."""
    return ok(
        service.login_by_phone(
            session,
            phone=body.phone,
            verify_code=body.verify_code,
            broker_id=body.broker_id,
            team_id=body.team_id,
            wechat_ticket=body.wechat_ticket,
        )
    )


@router.post("/auth/logout")
def logout(user: CurrentUser, session: SessionDep, token: OptionalToken) -> Envelope[None]:
    """Revoke the token of this request; it answers 401 invalid_token from now on."""
    assert token is not None  # CurrentUser already required it
    service.logout(session, raw_token=token)
    return ok(None)


@router.post("/auth/wechat-oa/token")
def wechat_oa_token(body: WechatCodeIn, session: SessionDep) -> Envelope[WechatLoginOut]:
    """The official account's OAuth code (snsapi_base or snsapi_userinfo): the token when the
    WeChat identity is bound, otherwise a ticket to bind it by SMS sign-in."""
    return ok(
        service.wechat_oa_login(
            session, code=body.code, broker_id=body.broker_id, team_id=body.team_id
        )
    )


@router.post("/auth/login/wechatCode")
def wechat_code_login(body: WechatCodeIn, session: SessionDep) -> Envelope[WechatLoginOut]:
    """The mini program's login code (wx.login): isBind, userInfo and token."""
    return ok(
        service.wechat_mini_program_login(
            session, code=body.code, broker_id=body.broker_id, team_id=body.team_id
        )
    )


@router.get("/app/customer")
def app_customer(user: CurrentUser, session: SessionDep) -> Envelope[CustomerOut]:
    """The signed-in user (docs/product.md#entities user info), phone and identity number masked."""
    return ok(service.customer(session, user=user))


@router.get("/noauth/wechat/authorizeUrl")
def wechat_authorize_url(
    redirect_uri: Annotated[str, Query(alias="redirectUri", max_length=2048)],
    scope: Annotated[str, Query()] = "snsapi_base",
    state: Annotated[str, Query(max_length=64)] = "",
) -> Envelope[AuthorizeUrlOut]:
    """Where to send a WeChat browser for the official account's OAuth (snsapi_base silently,
    snsapi_userinfo to ask for the profile)."""
    if scope not in SCOPES:
        raise InvalidParams("授权参数有误")
    url = wechat_gateway().authorize_url(redirect_uri=redirect_uri, scope=scope, state=state)
    return ok(AuthorizeUrlOut(url=url))


@router.get("/noauth/wechat/authorize", include_in_schema=False)
def local_wechat_authorize(
    request: Request,
    redirect_uri: Annotated[str, Query()],
    scope: Annotated[str, Query()] = "snsapi_base",
    state: Annotated[str, Query()] = "",
) -> RedirectResponse:
    """The local gateway's stand-in for open.weixin.qq.com: it authorizes at once and returns
    to the app with a code. The device keeps one openid in a cookie."""
    if scope not in SCOPES or urlsplit(redirect_uri).netloc not in ("", request.url.netloc):
        raise InvalidParams("授权参数有误")
    openid = request.cookies.get("wx_local_openid") or ("o_local_" + secrets.token_hex(10))
    code = LocalWechatGateway.issue_code(
        WechatUser(
            openid=openid,
            unionid="u" + openid[1:],
            nickname="微信用户",
            headimgurl="",
            scope=scope,
        )
    )
    separator = "&" if "?" in redirect_uri else "?"
    target = f"{redirect_uri}{separator}{urlencode({'code': code, 'state': state})}"
    response = RedirectResponse(target)
    response.set_cookie("wx_local_openid", openid, max_age=365 * 86400, httponly=True)
    return response
