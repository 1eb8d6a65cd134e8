"""Errors of sign-in: the phone, the broker link and WeChat."""

from __future__ import annotations

from opentamp.errors import AppError


class PhoneInvalid(AppError):
    code = 62005
    error = "phone_invalid"
    msg = "请输入正确的手机号"


class BrokerUnknown(AppError):
    code = 62006
    error = "broker_unknown"
    msg = "商户信息传入有误，链接无法打开"


class WechatAuthFailed(AppError):
    code = 62010
    error = "wechat_auth_failed"
    msg = "微信授权失败，请重新授权"


class WechatTicketInvalid(AppError):
    code = 62011
    error = "wechat_ticket_invalid"
    msg = "微信授权已过期，请重新授权"
