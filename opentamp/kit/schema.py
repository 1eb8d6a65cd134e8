"""Base model of API payloads: the spec's camelCase names outside, snake_case inside."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    PlainSerializer,
)
from pydantic.alias_generators import to_camel
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

from opentamp.kit.money import AMOUNT_SCALE, SHARE_SCALE, quantum


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


# -- a document's address ---------------------------------------------------------------------

#: An absolute http(s) address with a host, or an address on the site itself ("/files/…", not
#: "//host/…"); no spaces.
_DOCUMENT_URL = re.compile(r"(https?://[^\s/?#]+|/(?!/))\S*")


def _document_url(value: str) -> str:
    if not value.strip():
        raise PydanticCustomError("document_url_empty", "请填写文件地址")
    if _DOCUMENT_URL.fullmatch(value) is None:
        raise PydanticCustomError("document_url", "文件地址须以 http://、https:// 或 / 开头")
    return value


#: The address of a document (an agreement's file, an attachment): refused in Chinese when
#: empty or not an http(s) or site address (errors.py ``document_url``).
DocumentUrl = Annotated[
    str,
    AfterValidator(_document_url),
    Field(description="文件地址：http(s)://… 或站内地址 /…", examples=["/files/agreement.pdf"]),
]


# -- money, shares and ratios in a request ---------------------------------------------------------

#: A decimal as the client writes it (docs/architecture.md#transport): ASCII digits, no sign,
#: no leading zero, no spaces, no exponent; the decimals are checked apart.
_DECIMAL_TEXT = re.compile(r"(0|[1-9][0-9]*)(?:\.([0-9]+))?")


def _decimal_in(value: Any, *, what: str, scale: int, le: Decimal) -> Decimal:
    """A positive decimal of at most ``scale`` places and at most ``le``, from a canonical
    decimal string or a JSON number read exactly (kit/params.py: never through a float)."""
    if isinstance(value, str):
        m = _DECIMAL_TEXT.fullmatch(value)
        if m is None:
            raise PydanticCustomError("decimal_format", "{what}格式不正确", {"what": what})
        if len(m.group(2) or "") > scale:
            raise PydanticCustomError("decimal_max_places", "{what}小数位数过多", {"what": what})
        number = Decimal(value)
    elif isinstance(value, int) and not isinstance(value, bool):
        number = Decimal(value)
    elif isinstance(value, Decimal) and value.is_finite():
        number = value
    else:  # a float (never exact), a bool, an object, …
        raise PydanticCustomError("decimal_format", "{what}格式不正确", {"what": what})
    if number <= 0:
        raise PydanticCustomError("greater_than", "{what}必须大于 0", {"what": what, "gt": 0})
    if number > le:
        raise PydanticCustomError(
            "less_than_equal", "{what}不能大于 {le}", {"what": what, "le": le}
        )
    exact = number.quantize(quantum(scale))
    if exact != number:
        raise PydanticCustomError("decimal_max_places", "{what}小数位数过多", {"what": what})
    return exact


@dataclass(frozen=True)
class DecimalIn:
    """``Annotated[Decimal, DecimalIn(...)]``: validated by :func:`_decimal_in`, documented as
    a decimal string (or an exact JSON number)."""

    what: str
    scale: int
    le: Decimal
    example: str

    def validate(self, value: Any) -> Decimal:
        return _decimal_in(value, what=self.what, scale=self.scale, le=self.le)

    def __get_pydantic_core_schema__(
        self, _source: Any, _handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(self.validate)

    def __get_pydantic_json_schema__(
        self, _schema: core_schema.CoreSchema, _handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return {
            "anyOf": [
                {"type": "string", "pattern": rf"^(0|[1-9][0-9]*)(\.[0-9]{{1,{self.scale}}})?$"},
                {"type": "number", "exclusiveMinimum": 0, "maximum": float(self.le)},
            ],
            "description": (
                f"{self.what}：十进制字符串，最多 {self.scale} 位小数，大于 0，不超过 {self.le}"
            ),
            "examples": [self.example],
        }


#: An amount in a request (yuan): "100.00", at most 2 decimals, more than 0.
AmountIn = Annotated[
    Decimal, DecimalIn("金额", AMOUNT_SCALE, Decimal("999999999999.99"), example="100.00")
]
#: Shares in a request: "1000.00", at most 2 decimals, more than 0.
SharesIn = Annotated[
    Decimal, DecimalIn("份额", SHARE_SCALE, Decimal("99999999999999.99"), example="1000.00")
]
#: A part of a whole in a request (a portfolio's redemption ratio): "0.5", more than 0, at most 1.
RatioIn = Annotated[Decimal, DecimalIn("比例", 8, Decimal(1), example="0.5")]


#: An amount in an answer, always with its 2 decimals ("500.00").
AmountOut = Annotated[
    Decimal,
    PlainSerializer(
        lambda v: f"{v.quantize(quantum(AMOUNT_SCALE))}", return_type=str, when_used="json"
    ),
]
#: A rate or ratio in an answer with 4 decimals ("0.1500").
Rate4Out = Annotated[
    Decimal,
    PlainSerializer(lambda v: f"{v.quantize(quantum(4))}", return_type=str, when_used="json"),
]
