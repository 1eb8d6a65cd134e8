"""Bodies and answers of the operator calls."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import Field

from opentamp.kit.params import SmallId
from opentamp.kit.schema import CamelModel


class OperatorLoginIn(CamelModel):
    broker_id: SmallId = Field(alias="brokerId", description="操作员所属券商")
    login: Annotated[str, Field(min_length=1, max_length=32, description="登录名")]
    password: Annotated[str, Field(min_length=1, max_length=128, description="密码")]


class OperatorOut(CamelModel):
    id: int
    broker_id: int
    login: str
    display_name: str
    roles: list[str] = Field(description="operator 操作员, adviser 投顾, lead_manager 主理人")


class OperatorLoginOut(CamelModel):
    access_token: str
    expires_in: int = Field(description="有效秒数")
    operator: OperatorOut


class AuditOut(CamelModel):
    id: int
    operator_id: int | None
    actor: str = Field(description="operator 操作员本人, cli 命令行")
    login: str
    action: str
    target_kind: str
    target_id: str
    detail: dict[str, Any]
    client_address: str
    outcome: str = Field(description="ok，或被拒绝时的错误标识")
    created_at: datetime
