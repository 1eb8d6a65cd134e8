"""Errors of the platform feature and the pop-ups (business codes 63xxx, opentamp/errors.py)."""

from __future__ import annotations

from opentamp.errors import AppError, NotFound, TooManyRequests


class MetricsTooFrequent(TooManyRequests):
    code = 63001
    error = "metrics_too_frequent"
    msg = "上报过于频繁，请稍后再试"


class CustomerServiceUnavailable(AppError):
    status = 404
    code = 63002
    error = "customer_service_unavailable"
    msg = "获取客服配置失败"


class StoreLinkInvalid(AppError):
    """A store link whose teamId, mid or brokerId is missing or unknown
    (docs/product.md#validation)."""

    status = 404
    code = 63003
    error = "store_link_invalid"
    msg = "商户信息传入有误，链接无法打开"


class RedirectNotAllowed(AppError):
    code = 63004
    error = "redirect_not_allowed"
    msg = "跳转地址不在允许范围内，无法打开"


class SignatureUrlInvalid(AppError):
    code = 63005
    error = "signature_url_invalid"
    msg = "签名地址须为完整的 http(s) 页面地址"


class TeamNotFound(NotFound):
    code = 63006
    error = "team_not_found"
    msg = "团队不存在"
