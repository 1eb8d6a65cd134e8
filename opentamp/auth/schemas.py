from __future__ import annotations

from pydantic import Field

from opentamp.kit.params import SmallId
from opentamp.kit.schema import CamelModel

PhoneField = Field(min_length=11, max_length=20, description="手机号，可带 +86")


class PhoneCodeIn(CamelModel):
    phone: str = PhoneField
    broker_id: SmallId | None = Field(default=None, description="券商 id，缺省为默认团队的券商")
    team_id: SmallId | None = None
    captcha_id: str | None = Field(
        default=None, max_length=32, description="图形验证码 id（服务端要求时，62012）"
    )
    captcha_code: str | None = Field(default=None, max_length=8, description="图形验证码")


class CaptchaOut(CamelModel):
    captcha_id: str = Field(description="图形验证码 id，随答案一同提交")
    image: str = Field(description="图片，data:image/png;base64,…")
    expires_in: int = Field(description="有效期（秒）")


class CodeSentOut(CamelModel):
    phone: str = Field(description="掩码后的手机号")
    expires_in: int = Field(description="验证码有效期（秒）")
    interval: int = Field(description="再次获取前需等待（秒）")


class PhoneLoginIn(CamelModel):
    phone: str = PhoneField
    verify_code: str = Field(min_length=4, max_length=8)
    broker_id: SmallId | None = None
    team_id: SmallId | None = None
    wechat_ticket: str | None = Field(default=None, description="微信授权未绑定时得到的票据")


class LoginOut(CamelModel):
    """Token (docs/product.md#entities): accessToken, brokerUserId, accountId; expiresIn in seconds
    (the client treats it as expired 300 s early)."""

    access_token: str
    expires_in: int
    broker_user_id: int
    account_id: int | None
    broker: int
    is_new_user: bool


class WechatUserInfo(CamelModel):
    """WeChat info (docs/product.md#entities), with WeChat's own snake_case names."""

    openid: str
    unionid: str
    nickname: str
    headimgurl: str
    is_snapshotuser: int = Field(alias="is_snapshotuser")


class WechatCodeIn(CamelModel):
    code: str = Field(min_length=1, max_length=2048)
    broker_id: SmallId | None = None
    team_id: SmallId | None = None
    app_id: str | None = None
    app_secret: str | None = None


class WechatLoginOut(CamelModel):
    """isBind, userInfo, token (docs/api.md#authentication). Not bound: ``wechatTicket`` binds the
    identity when the user then signs in by SMS; ``needUserInfo`` asks for the snsapi_userinfo
    scope."""

    is_bind: bool
    user_info: WechatUserInfo
    token: LoginOut | None = None
    wechat_ticket: str | None = None
    need_user_info: bool = False


class CustomerOut(CamelModel):
    """User info (docs/product.md#entities); phone and identity number masked."""

    broker_user_id: int
    broker: int
    broker_name: str
    nickname: str
    phone: str
    account_id: int | None
    account_name: str | None
    identity_no: str | None
    account_type: int | None = Field(description="持有人类型：0 机构，1 个人，2 产品")
    non_american: bool | None
    has_pension_account: bool
    risk_grade5: int | None
    account_manage: bool
    has_trade_password: bool
    headimgurl: str = ""


class AuthorizeUrlOut(CamelModel):
    url: str
