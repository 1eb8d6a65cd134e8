"""Sign-in (docs/api.md#authentication, docs/product.md#states login entry): SMS login, WeChat OAuth
and mini-program login, logout, and the signed-in user's info.

A phone signs in under a broker; the first sign-in registers the broker user. Sign-in calls
need no token (they are how one is obtained). A WeChat identity not yet bound to a user gets a
short-lived ticket; signing in by SMS with it binds the identity, after which the WeChat code
alone signs the user in.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.auth.errors import BrokerUnknown, PhoneInvalid, WechatAuthFailed, WechatTicketInvalid
from opentamp.auth.schemas import (
    CaptchaOut,
    CodeSentOut,
    CustomerOut,
    LoginOut,
    WechatLoginOut,
    WechatUserInfo,
)
from opentamp.config import get_settings
from opentamp.core import captcha, throttle
from opentamp.core.caller import account_of, broker_of
from opentamp.core.sms_codes import check_code, send_code
from opentamp.core.tokens import issue_token, revoke_token
from opentamp.kit.clock import now
from opentamp.kit.masking import mask_id_no, mask_phone
from opentamp.kit.terminal import current_client
from opentamp.models.accounts import FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.platform import Broker, Team
from opentamp.models.preferences import UserSetting
from opentamp.models.wechat import WechatIdentity
from opentamp.outside.sms import sms_gateway
from opentamp.outside.wechat import WechatCodeInvalid, WechatUser, wechat_gateway

PHONE = re.compile(r"^(?:\+?86)?(1[3-9]\d{9})$")
WECHAT_TICKET_TTL = timedelta(minutes=30)


def normalize_phone(phone: str) -> str:
    """The 11-digit mainland mobile number (docs/product.md#validation: optional +86, then
    1[3-9])."""
    match = PHONE.match((phone or "").strip().replace(" ", ""))
    if not match:
        raise PhoneInvalid()
    return match.group(1)


def resolve_broker(session: Session, *, broker_id: int | None, team_id: int | None) -> Broker:
    """The broker a sign-in is for: the one named, the team's, or the default team's."""
    if broker_id is not None:
        broker = session.get(Broker, broker_id)
    elif team_id is not None:
        team = session.get(Team, team_id)
        broker = session.get(Broker, team.broker_id) if team else None
    else:
        default = session.scalar(select(Team).where(Team.is_default).limit(1))
        broker = (
            session.get(Broker, default.broker_id)
            if default
            else session.scalar(select(Broker).order_by(Broker.id).limit(1))
        )
    if broker is None:
        raise BrokerUnknown()
    return broker


def login_captcha(session: Session) -> CaptchaOut:
    """A graphical captcha for the sign-in code request (docs/api.md#limits)."""
    issued = captcha.issue(session, client=current_client())
    return CaptchaOut(
        captcha_id=issued.captcha_id, image=issued.image, expires_in=issued.expires_in
    )


def send_login_code(
    session: Session,
    *,
    phone: str,
    broker_id: int | None,
    team_id: int | None,
    captcha_id: str | None = None,
    captcha_code: str | None = None,
) -> CodeSentOut:
    """Text a sign-in code. A client that already asked for ``sms_captcha_after`` codes in the
    window must solve a captcha for each further one (docs/api.md#limits): 62012 without it,
    62013 wrong (the captcha is spent), 62014 expired. The captcha is checked before the phone
    is looked at, so a client without one learns nothing about the phone."""
    settings = get_settings()
    client = current_client()
    window = settings.client_window_seconds
    if throttle.used(session, scope="login_sms", client=client, window_seconds=window) >= (
        settings.sms_captcha_after
    ):
        captcha.check(session, captcha_id=captcha_id, answer=captcha_code)
    number = normalize_phone(phone)
    broker = resolve_broker(session, broker_id=broker_id, team_id=team_id)
    ttl = send_code(session, phone=number, purpose="login", sender=broker.short_name)
    # Counted once sent: a refused request (a wrong phone, the minute not over) costs nothing.
    throttle.take(
        session,
        scope="login_sms",
        client=client,
        limit=2**31 - 1,
        window_seconds=window,
    )
    return CodeSentOut(
        phone=mask_phone(number),
        expires_in=ttl,
        interval=get_settings().sms_min_interval_seconds,
    )


def _hash(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def _sign_in(session: Session, user: BrokerUser, *, is_new: bool, client: str) -> LoginOut:
    token = issue_token(session, user=user, client=client)
    moment = now()
    setting = session.get(UserSetting, user.id)
    if setting is not None and setting.login_notify and user.last_login_at is not None:
        sms_gateway().send(
            phone=user.phone,
            text=f"您的账户于{moment:%Y-%m-%d %H:%M}登录。如非本人操作，请立即修改密码并联系客服。",
            purpose="login_notice",
        )
    user.last_login_at = moment
    account = account_of(session, user)
    session.flush()
    return LoginOut(
        access_token=token.access_token,
        expires_in=token.expires_in,
        broker_user_id=user.id,
        account_id=account.id if account else None,
        broker=user.broker_id,
        is_new_user=is_new,
    )


def login_by_phone(
    session: Session,
    *,
    phone: str,
    verify_code: str,
    broker_id: int | None,
    team_id: int | None,
    wechat_ticket: str | None = None,
) -> LoginOut:
    number = normalize_phone(phone)
    broker = resolve_broker(session, broker_id=broker_id, team_id=team_id)
    check_code(session, phone=number, purpose="login", code=verify_code)
    identity = None
    if wechat_ticket:
        identity = session.scalar(
            select(WechatIdentity).where(WechatIdentity.ticket_hash == _hash(wechat_ticket))
        )
        expires = identity.ticket_expires_at if identity else None
        if identity is None or identity.broker_id != broker.id or expires is None:
            raise WechatTicketInvalid()
        if expires <= now():
            raise WechatTicketInvalid()
    user = session.scalar(
        select(BrokerUser).where(BrokerUser.broker_id == broker.id, BrokerUser.phone == number)
    )
    is_new = user is None
    if user is None:
        user = BrokerUser(broker_id=broker.id, phone=number, nickname=f"用户{number[-4:]}")
        session.add(user)
        session.flush()
    if identity is not None:
        identity.broker_user_id = user.id
        identity.ticket_hash = None
        identity.ticket_expires_at = None
        if identity.nickname and user.nickname.startswith("用户"):
            user.nickname = identity.nickname
    return _sign_in(session, user, is_new=is_new, client="h5")


def logout(session: Session, *, raw_token: str) -> None:
    revoke_token(session, raw_token)


def _user_info(user: WechatUser) -> WechatUserInfo:
    return WechatUserInfo(
        openid=user.openid,
        unionid=user.unionid,
        nickname=user.nickname,
        headimgurl=user.headimgurl,
        is_snapshotuser=1 if user.is_snapshotuser else 0,
    )


def _wechat_login(
    session: Session, *, broker: Broker, app_type: str, user: WechatUser
) -> WechatLoginOut:
    info = _user_info(user)
    if user.is_snapshotuser:
        # 朋友圈快照页: WeChat gives a virtual identity; the page must be opened for real.
        return WechatLoginOut(is_bind=False, user_info=info)
    identity = session.scalar(
        select(WechatIdentity).where(
            WechatIdentity.broker_id == broker.id,
            WechatIdentity.app_type == app_type,
            WechatIdentity.openid == user.openid,
        )
    )
    if identity is None:
        identity = WechatIdentity(broker_id=broker.id, app_type=app_type, openid=user.openid)
        session.add(identity)
    identity.unionid = user.unionid or identity.unionid
    if user.nickname:
        identity.nickname, identity.headimgurl = user.nickname, user.headimgurl
    if identity.broker_user_id is None and user.unionid:
        # The same person already bound through the other app of the broker (unionid).
        sibling = session.scalar(
            select(WechatIdentity).where(
                WechatIdentity.broker_id == broker.id,
                WechatIdentity.unionid == user.unionid,
                WechatIdentity.broker_user_id.is_not(None),
            )
        )
        if sibling is not None:
            identity.broker_user_id = sibling.broker_user_id
    session.flush()
    info = WechatUserInfo(
        openid=identity.openid,
        unionid=identity.unionid,
        nickname=identity.nickname,
        headimgurl=identity.headimgurl,
        is_snapshotuser=0,
    )
    if identity.broker_user_id is not None:
        bound = session.get(BrokerUser, identity.broker_user_id)
        if bound is not None and bound.status == "active":
            client = "mp" if app_type == "mp" else "wechat"
            token = _sign_in(session, bound, is_new=False, client=client)
            return WechatLoginOut(is_bind=True, user_info=info, token=token)
    ticket = secrets.token_urlsafe(24)
    identity.ticket_hash = _hash(ticket)
    identity.ticket_expires_at = now() + WECHAT_TICKET_TTL
    session.flush()
    return WechatLoginOut(
        is_bind=False,
        user_info=info,
        wechat_ticket=ticket,
        need_user_info=app_type == "oa" and not identity.nickname,
    )


def wechat_oa_login(
    session: Session, *, code: str, broker_id: int | None, team_id: int | None
) -> WechatLoginOut:
    broker = resolve_broker(session, broker_id=broker_id, team_id=team_id)
    try:
        user = wechat_gateway().oauth_user(code=code)
    except WechatCodeInvalid:
        raise WechatAuthFailed() from None
    return _wechat_login(session, broker=broker, app_type="oa", user=user)


def wechat_mini_program_login(
    session: Session, *, code: str, broker_id: int | None, team_id: int | None
) -> WechatLoginOut:
    broker = resolve_broker(session, broker_id=broker_id, team_id=team_id)
    try:
        user = wechat_gateway().mini_program_user(code=code)
    except WechatCodeInvalid:
        raise WechatAuthFailed() from None
    return _wechat_login(session, broker=broker, app_type="mp", user=user)


def customer(session: Session, *, user: BrokerUser) -> CustomerOut:
    account = account_of(session, user)
    broker = broker_of(session, user)
    has_pension = False
    if account is not None:
        has_pension = (
            session.scalar(
                select(FinancialAccount.id)
                .where(
                    FinancialAccount.account_id == account.id, FinancialAccount.type == "pension"
                )
                .limit(1)
            )
            is not None
        )
    avatar = session.scalar(
        select(WechatIdentity.headimgurl)
        .where(WechatIdentity.broker_user_id == user.id, WechatIdentity.headimgurl != "")
        .limit(1)
    )
    return CustomerOut(
        broker_user_id=user.id,
        broker=broker.id,
        broker_name=broker.name,
        nickname=user.nickname,
        phone=mask_phone(user.phone),
        account_id=account.id if account else None,
        account_name=account.name if account else None,
        identity_no=mask_id_no(account.id_no) if account else None,
        account_type=account.holder_type if account else None,
        non_american=account.non_american if account else None,
        has_pension_account=has_pension,
        risk_grade5=account.risk_grade5 if account else None,
        account_manage=broker.max_real_financial_accounts > 1,
        has_trade_password=bool(account and account.trade_password_hash),
        headimgurl=avatar or "",
    )
