"""收益分析's three returns through getProfits (docs/rules.md#returns): a hand-made account and
a period running backwards (李明 of the demo world, checked against independent figures, is in
tests/test_demo_world.py)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from tests.assets.conftest import World
from tests.assets.factories import make_daily_profit
from tests.rules.test_returns import xirr_by_bisection


def returns_of(client: TestClient, api: str, headers: dict[str, str], **params: object) -> dict:
    res = client.get(api + "/trade/getProfits", params=params, headers=headers)
    assert res.status_code == 200, res.text
    return res.json()["data"]


def test_without_a_start_date_noreturns_of(client: TestClient, api: str, world: World) -> None:
    data = returns_of(client, api, world.headers, financialAccountId=world.fa.id)
    assert data["returns"] is None


def test_a_period_running_backwards_is_refused(client: TestClient, api: str, world: World) -> None:
    res = client.get(
        api + "/trade/getProfits",
        params={"startDate": "2026-11-20", "endDate": "2026-11-01"},
        headers=world.headers,
    )
    assert res.status_code == 400
    assert res.json()["code"] == 72301 and res.json()["msg"] == "开始日期不能晚于结束日期"


def test_a_hand_made_account(client: TestClient, api: str, world: World, session: Session) -> None:
    """One holding of ``fa2``: 1 000 in and +50 on 10-12, 500 more in and −31 on 10-13, so the
    TWR is 1.05 × (1 − 31 / 1 550) − 1 = 0.029; simple 19 / 1 500; another account's rows and
    the other account's holdings never count."""
    h = world.holdings["fa2-000111"]
    make_daily_profit(
        session, holding=h, day=date(2026, 10, 12), profit="50.00", market_value="1050.00"
    )
    make_daily_profit(
        session, holding=h, day=date(2026, 10, 13), profit="-31.00", market_value="1519.00"
    )
    data = returns_of(
        client,
        api,
        world.headers,
        financialAccountId=world.fa2.id,
        startDate="2026-10-01",
        endDate="2026-10-31",
    )
    r = data["returns"]
    assert r["startValue"] == "0.00" and r["endValue"] == "1519.00"
    assert r["netPaidIn"] == "1500.00" and r["profit"] == "19.00"
    assert r["simpleReturn"] == str((Decimal(19) / Decimal(1500)).quantize(Decimal("1e-8")))
    assert abs(float(r["timeWeightedReturn"]) - 0.029) < 1e-9
    assert r["cashFlows"] == [
        {"date": "2026-10-12", "amount": "-1000.00"},
        {"date": "2026-10-13", "amount": "-500.00"},
        {"date": "2026-10-31", "amount": "1519.00"},
    ]
    flows = [
        (date(2026, 10, 12), -1000.0),
        (date(2026, 10, 13), -500.0),
        (date(2026, 10, 31), 1519.0),
    ]
    assert abs(float(r["moneyWeightedReturn"]) - xirr_by_bisection(flows)) < 1e-6
