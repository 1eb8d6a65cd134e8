"""Base model of API payloads: the spec's camelCase names outside, snake_case inside."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
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


def _plain_numbers(value: Any) -> Any:
    """JSON numbers arrive exact, as ``Decimal`` (kit/params.py); what is kept as free-form
    JSON stores them as the JSON column can, as floats."""
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, dict):
        return {k: _plain_numbers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_numbers(v) for v in value]
    return value


#: A free-form JSON object from the client (trace details, report extras), stored as it came.
FreeJson = Annotated[dict[str, Any], AfterValidator(_plain_numbers)]
