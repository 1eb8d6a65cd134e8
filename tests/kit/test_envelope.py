"""The success envelope (kit/envelope.py): ``ok_json`` writes the same bytes as the envelope
model, for the answers given before FastAPI's route (``deps.OneHopWrite``)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

import pytest
from pydantic import BaseModel

from opentamp.kit.clock import BEIJING
from opentamp.kit.envelope import ok, ok_json
from opentamp.kit.schema import CamelModel


class Line(CamelModel):
    fund_code: str
    trade_amount: Decimal


class Answer(CamelModel):
    broker_order_no: str
    trade_amount: Decimal
    fee_rate: Decimal | None
    apply_time: datetime
    confirm_date: date
    product_name: str
    lines: list[Line]
    ext_meta_info: dict[str, object] | None = None


class Plain(BaseModel):
    total: int
    items: list[str]


@pytest.mark.parametrize(
    "data",
    [
        Answer(
            broker_order_no="20261127000001",
            trade_amount=Decimal("100.00"),
            fee_rate=None,
            apply_time=datetime(2026, 11, 27, 10, 30, tzinfo=BEIJING),
            confirm_date=date(2026, 11, 30),
            product_name='稳健增长混合A "精选"',
            lines=[Line(fund_code="110011", trade_amount=Decimal("0.10"))],
            ext_meta_info={"a": [1, None]},
        ),
        Plain(total=0, items=[]),
    ],
)
def test_ok_json_is_the_envelopes_json(data: BaseModel) -> None:
    assert ok_json(data) == ok(data).model_dump_json().encode("utf-8")
