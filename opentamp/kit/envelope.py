"""The success envelope ``{"code": 0, "msg": "ok", "data": …}`` and the documented errors."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict

from opentamp.kit.params import ExactJsonRoute

T = TypeVar("T")


class Envelope(BaseModel, Generic[T]):
    code: int = 0
    msg: str = "ok"
    data: T


class ErrorEnvelope(BaseModel):
    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "code": 40400,
                "msg": "数据不存在或已删除",
                "error": "not_found",
                "data": None,
            }
        }
    )

    code: int
    msg: str
    error: str
    #: null, or for a 429 ``{"retryAfter": seconds}``
    data: dict[str, Any] | None = None


def ok(data: T) -> Envelope[T]:
    return Envelope[T](data=data)


#: The success envelope's JSON before its data and after it, as ``Envelope`` writes them.
_OK_HEAD, _NULL, _OK_TAIL = Envelope[Any](data=None).model_dump_json().rpartition("null")


def ok_json(data: BaseModel) -> bytes:
    """``ok(data).model_dump_json()``, encoded, without building the envelope around ``data``
    (a generic model built and validated for each answer): the body of an answer given before
    FastAPI's route (``deps.OneHopWrite``)."""
    return f"{_OK_HEAD}{data.model_dump_json()}{_OK_TAIL}".encode()


def _header(description: str, type_: str = "string") -> dict[str, Any]:
    return {"description": description, "schema": {"type": type_}}


#: The error answers every operation may give (docs/api.md#messages-and-codes), each the error
#: envelope; FastAPI's own 422 (a validation list no answer of ours has) is replaced.
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorEnvelope, "description": "参数或业务校验失败"},
    401: {"model": ErrorEnvelope, "description": "未登录或登录已过期 (invalid_token)"},
    404: {"model": ErrorEnvelope, "description": "不存在，或不属于当前用户"},
    405: {
        "model": ErrorEnvelope,
        "description": "不支持的请求方式",
        "headers": {"Allow": _header("此地址支持的请求方式")},
    },
    409: {"model": ErrorEnvelope, "description": "操作冲突（如同一交易请求正在处理）"},
    413: {"model": ErrorEnvelope, "description": "请求内容过大"},
    422: {"model": ErrorEnvelope, "description": "交易请求编号已用于内容不同的请求"},
    429: {
        "model": ErrorEnvelope,
        "description": "过于频繁",
        "headers": {"Retry-After": _header("可再次请求前需等待的秒数", "integer")},
    },
    500: {"model": ErrorEnvelope, "description": "系统异常"},
}


def api_router(**kwargs: Any) -> APIRouter:
    """An APIRouter whose operations document the error envelope and read JSON bodies exactly
    (``kit.params.ExactJsonRoute``: numbers as ``Decimal``, never through a float). A router
    may document further answers (``responses``), such as the operator calls' 403."""
    responses = {**ERROR_RESPONSES, **kwargs.pop("responses", {})}
    return APIRouter(responses=responses, route_class=ExactJsonRoute, **kwargs)
