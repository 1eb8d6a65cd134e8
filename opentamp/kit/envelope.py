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
    data: None = None


def ok(data: T) -> Envelope[T]:
    return Envelope[T](data=data)


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorEnvelope, "description": "参数或业务校验失败"},
    401: {"model": ErrorEnvelope, "description": "未登录或登录已过期 (invalid_token)"},
    404: {"model": ErrorEnvelope, "description": "不存在，或不属于当前用户"},
    500: {"model": ErrorEnvelope, "description": "系统异常"},
}


def api_router(**kwargs: Any) -> APIRouter:
    """An APIRouter whose operations document the error envelope and read JSON bodies exactly
    (``kit.params.ExactJsonRoute``: numbers as ``Decimal``, never through a float)."""
    return APIRouter(responses=ERROR_RESPONSES, route_class=ExactJsonRoute, **kwargs)
