"""Base model of API payloads: the spec's camelCase names outside, snake_case inside."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel


class CamelModel(BaseModel):
    model_config = ConfigDict(
        alias_generator=to_camel,
        populate_by_name=True,
        from_attributes=True,
        serialize_by_alias=True,
    )


TradeUUID = Annotated[
    str,
    Field(
        alias="tradeUUID",
        min_length=1,
        max_length=64,
        description="每个交易页面生成一次的请求编号：同一用户同一编号只会下单一次",
    ),
]


class TradeWriteIn(CamelModel):
    """Body of every trade write (docs/architecture.md#transport): carries the page's tradeUUID."""

    trade_uuid: TradeUUID
