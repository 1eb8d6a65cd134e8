"""Typed errors and the one handler that renders them (docs/architecture.md#transport).

Every failure answers ``{"code", "msg", "error", "data": null}``: ``code`` is the business code
(the spec's own numbers where it names them), ``msg`` the Chinese text shown to the user,
``error`` a stable machine key. Subclass :class:`AppError` for each case; raise it from
services; never build an error response by hand.

Business codes: the spec's own where it names them (50108 wrong SMS code, 50109 locked, 50110
expired, 3001 card binding, 5011-5013 ID photo); 400xx-500xx transport (below); otherwise one
range per feature: 60xxx trading and settlement, 61xxx products and market data, 62xxx
accounts, cards and security, 63xxx platform and pop-ups, 64xxx suitability, 66xxx recurring
plans (定投), 67xxx operator accounts (docs/operators.md), 681xx signals and
follow plans (docs/signals.md), 682xx target strategies
(docs/targets.md) and redemption appointments (docs/appointments.md), 69xxx advisory service
accounts (docs/advisory.md#errors-69xxx) except 693xx, the robo adviser (docs/robo.md#errors-693xx),
694xx the Morningstar questionnaire, diagnosis and proposal (docs/morningstar.md#errors-694xx),
695xx advisory membership (docs/membership.md#errors-695xx), 711xx personal pension
(docs/pension.md), 712xx transfer-in of outside holdings (docs/transfers.md), 721xx the notice
centre (docs/notices.md#errors), 722xx statements, asset certificates, profit books and capital
flows (docs/statements.md#errors-722xx), 723xx return analytics and the rest of the shelf
(docs/shelf.md).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, ClassVar

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

log = logging.getLogger(__name__)


class AppError(Exception):
    """A failure the user is told about. Class attributes give the defaults of each case."""

    status: ClassVar[int] = 400
    code: ClassVar[int] = 40000
    error: ClassVar[str] = "bad_request"
    msg: ClassVar[str] = "请求有误，请检查后重试"
    #: The request's writes are committed although it fails. Only for failure counters (a wrong
    #: trade password, a wrong SMS code) recorded before any other write of the request.
    keeps_writes: ClassVar[bool] = False

    def __init__(self, msg: str | None = None, **fmt: Any) -> None:
        self.message = (msg or type(self).msg).format(**fmt) if fmt else (msg or type(self).msg)
        super().__init__(self.message)

    def body(self) -> dict[str, Any]:
        return {"code": self.code, "msg": self.message, "error": self.error, "data": None}


class BadRequest(AppError):
    pass


class InvalidParams(AppError):
    code = 40001
    error = "invalid_params"
    msg = "参数有误"


class MalformedRequest(InvalidParams):
    """A request the server refuses before reading its parameters (kit/params.py): a body that
    is not UTF-8 or not JSON, nested too deep, or text holding control characters."""

    error = "malformed_request"
    msg = "请求内容格式有误"


class PayloadTooLarge(AppError):
    """A body over the size the server accepts (``Settings.max_json_body_bytes``, or
    ``max_multipart_body_bytes`` for uploads), refused before it is parsed."""

    status = 413
    code = 41300
    error = "payload_too_large"
    msg = "请求内容过大"


class InvalidPage(AppError):
    """A page before the call's first page or a size outside 1..100 (kit/pagination.py)."""

    code = 61004
    error = "invalid_page"
    msg = "分页参数有误：页码从{base}开始，每页1至100条"


class InvalidToken(AppError):
    status = 401
    code = 40100
    error = "invalid_token"
    msg = "登录已过期"


class NotFound(AppError):
    """Also the answer for another user's object, so that ids cannot be probed
    (docs/architecture.md#transport)."""

    status = 404
    code = 40400
    error = "not_found"
    msg = "数据不存在或已删除"


class MethodNotAllowed(AppError):
    status = 405
    code = 40500
    error = "method_not_allowed"
    msg = "不支持的请求方式"


class Conflict(AppError):
    status = 409
    code = 40900
    error = "conflict"
    msg = "操作冲突，请刷新后重试"


class TradeUUIDReused(Conflict):
    code = 40901
    error = "trade_uuid_reused"
    msg = "交易请求编号已用于其他操作，请刷新页面后重试"


class TradeRequestInFlight(Conflict):
    """The first call of a tradeUUID has not finished (core/idempotency.py)."""

    code = 40902
    error = "trade_request_in_flight"
    msg = "该交易请求正在处理中，请稍后在交易记录中查看结果"


class TradeUUIDMismatch(AppError):
    """A tradeUUID sent again with another body (core/idempotency.py): the first call's
    answer is not this request's, so it is refused, not replayed."""

    status = 422
    code = 42201
    error = "trade_uuid_mismatch"
    msg = "该交易请求编号已用于内容不同的另一笔交易，请刷新页面后重新提交"


class TooManyRequests(AppError):
    """Too soon or too often. With ``retry_after`` (seconds), the answer says when to try again:
    the ``Retry-After`` header and ``data.retryAfter``, from which a screen counts down."""

    status = 429
    code = 42900
    error = "too_many_requests"
    msg = "操作过于频繁，请稍后再试"

    def __init__(self, msg: str | None = None, *, retry_after: int | None = None, **fmt: Any):
        super().__init__(msg, **fmt)
        self.retry_after = retry_after

    def body(self) -> dict[str, Any]:
        body = super().body()
        if self.retry_after is not None:
            body["data"] = {"retryAfter": self.retry_after}
        return body


class InternalError(AppError):
    status = 500
    code = 50000
    error = "internal_error"
    msg = "系统繁忙，请稍后再试"


_FIELD_MESSAGES = {
    "missing": "缺少必填参数：{field}",
    "json_invalid": "请求内容不是有效的 JSON",
    "model_attributes_type": "请求内容格式有误",
    "dict_type": "请求内容格式有误",
    "string_too_short": "{field} 长度不足",
    "string_too_long": "{field} 长度超出限制",
    "string_pattern_mismatch": "{field} 格式不正确",
    "greater_than": "{field} 必须大于 {limit}",
    "greater_than_equal": "{field} 不能小于 {limit}",
    "less_than": "{field} 必须小于 {limit}",
    "less_than_equal": "{field} 不能大于 {limit}",
    "enum": "{field} 取值不在允许范围内",
    "literal_error": "{field} 取值不在允许范围内",
    "decimal_max_places": "{field} 小数位数过多",
    # kit/schema.py: a document's address
    "document_url_empty": "{field} 请填写文件地址",
    "document_url": "{field} 须为以 http://、https:// 或 / 开头的文件地址",
}


def validation_message(errors: list[Any]) -> str:
    """The first validation problem, in Chinese, naming the field as the client sent it."""
    if not errors:
        return InvalidParams.msg
    first = errors[0]
    ctx = first.get("ctx") or {}
    if "what" in ctx:
        # kit/schema.py's amounts, shares and ratios: their own message names what the user
        # typed in Chinese (金额必须大于 0), not the field (amount 必须大于 0)
        return str(first.get("msg") or InvalidParams.msg)
    loc = [str(p) for p in first.get("loc", ()) if p not in ("body", "query", "path", "header")]
    field = ".".join(loc) or "请求"
    limit = next((ctx[k] for k in ("gt", "ge", "lt", "le") if k in ctx), "")
    template = _FIELD_MESSAGES.get(first.get("type", ""), "{field} 格式不正确")
    return template.format_map({"what": field, **ctx, "field": field, "limit": limit})


#: Bare HTTP statuses raised by the framework, answered without its English detail.
_HTTP_ERRORS: dict[int, Callable[[], AppError]] = {
    400: MalformedRequest,
    404: lambda: NotFound("接口不存在"),
    405: MethodNotAllowed,
    413: PayloadTooLarge,
}


def _render(exc: AppError) -> JSONResponse:
    headers = None
    if isinstance(exc, TooManyRequests) and exc.retry_after is not None:
        headers = {"Retry-After": str(exc.retry_after)}
    return JSONResponse(exc.body(), status_code=exc.status, headers=headers)


def unknown_path() -> JSONResponse:
    """The answer to a path no route takes: the router's 404, or kit/unknown_paths.py's."""
    return _render(_HTTP_ERRORS[404]())


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(AppError)
    async def _app_error(_request: Request, exc: AppError) -> JSONResponse:
        return _render(exc)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return _render(InvalidParams(validation_message(list(exc.errors()))))

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # Starlette and FastAPI raise these with English details ("There was an error parsing
        # the body", "Content Too Large"): the user is told in Chinese, by status alone.
        make = _HTTP_ERRORS.get(exc.status_code)
        response = (
            _render(make())
            if make is not None
            else JSONResponse(AppError().body(), status_code=exc.status_code)
        )
        # what the framework says besides (a 405's Allow: the methods the path takes)
        response.headers.update(exc.headers or {})
        return response

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return _render(InternalError())
