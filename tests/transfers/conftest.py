"""Transfer-in fixtures: an investor of the trading tests, two catalogue funds with NAVs over
a week, and the calls through the test client."""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import date, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from PIL import Image, ImageDraw, ImageFont
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, ClockState, clock
from opentamp.models.products import Fund
from tests.factories import add_navs, make_fund
from tests.trading.conftest import (  # noqa: F401  (fixtures)
    Api,
    Trader,
    make_trader,
    trader,
)

MON, TUE, WED, THU = date(2026, 11, 23), date(2026, 11, 24), date(2026, 11, 25), date(2026, 11, 26)
CJK_FONT = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"


def freeze(text: str) -> None:
    clock.override(ClockState(frozen_at=datetime.fromisoformat(text).replace(tzinfo=BEIJING)))


@pytest.fixture
def monday() -> Iterator[None]:
    freeze("2026-11-23 10:00")
    yield


@pytest.fixture
def funds(session: Session) -> tuple[Fund, Fund]:
    blue = make_fund(session, code="005827", name="易方达蓝筹精选混合", short_name="蓝筹精选")
    liquor = make_fund(session, code="161725", name="招商中证白酒指数", short_name="中证白酒")
    add_navs(session, blue, {MON: "2.0000", TUE: "2.0100", WED: "2.1000", THU: "2.2000"})
    add_navs(session, liquor, {MON: "1.0000", TUE: "1.0100", WED: "1.0500", THU: "1.0000"})
    return blue, liquor


@pytest.fixture
def me(client: TestClient, api: str, trader: Trader) -> Api:  # noqa: F811
    return Api(client, api, trader)


def upload(me: Api, path: str, name: str, data: bytes, *, status: int = 200) -> dict[str, Any]:
    res = me.client.post(
        f"{me.base}{path}", files={"file": (name, data)}, headers=me.trader.headers
    )
    assert res.status_code == status, res.text
    return dict(res.json())


def holdings_png(rows: list[tuple[str, str, str, str]]) -> bytes:
    """A holdings page as another app shows it, drawn with the Noto CJK font."""
    font = ImageFont.truetype(CJK_FONT, 30)
    lines = [("基金名称", "代码", "持有份额", "持仓成本"), *rows]
    image = Image.new("RGB", (900, 60 + 60 * len(lines)), "white")
    draw = ImageDraw.Draw(image)
    for i, cells in enumerate(lines):
        for x, text in zip((20, 380, 540, 720), cells, strict=True):
            draw.text((x, 30 + 60 * i), text, font=font, fill="black")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
