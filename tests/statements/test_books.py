"""Profit books from the daily rows, and the card's money in and out (tests/statements/conftest.py
works the figures out)."""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.models.platform import Broker
from opentamp.models.products import WALLET_FUND_CODE
from tests.assets.factories import make_order
from tests.statements.conftest import World


def _get(client: TestClient, api: str, headers: dict[str, str], path: str, **params: Any) -> Any:
    res = client.get(api + path, params=params, headers=headers)
    assert res.status_code == 200, res.text
    return res.json()["data"]


def test_month_book_is_the_sum_of_its_daily_rows(
    client: TestClient, api: str, world: World
) -> None:
    book = _get(client, api, world.headers, "/account/getProfitBookDetail", year=2026, month=10)
    assert book["periodType"] == "month"
    assert book["period"] == "2026-10"
    assert book["total"] == "38.50"  # 10.00 − 4.00 + 25.50 + 5.00 + 2.00
    assert book["dividends"] == "6.00"
    assert book["fees"] == "16.50"  # 15.00 + 1.50
    assert book["priceChange"] == "49.00"  # 38.50 − 6.00 + 16.50
    assert book["realised"] == "13.00"  # dividend 6.00 + the cleared fund's 7.00
    assert book["unrealised"] == "25.50"
    assert [(d["date"], d["profit"]) for d in book["days"]] == [
        ("2026-10-30", "25.50"),
        ("2026-10-20", "-4.00"),
        ("2026-10-15", "2.00"),
        ("2026-10-09", "15.00"),
    ]
    products = {p["productCode"]: p for p in book["products"]}
    assert products["000711"] == {
        "productCode": "000711",
        "productName": "稳健增长",
        "total": "31.50",
        "priceChange": "40.50",  # 31.50 − 6.00 + 15.00
        "dividends": "6.00",
        "fees": "15.00",
        "realised": "6.00",
        "unrealised": "25.50",
    }
    assert products["000722"]["total"] == "7.00"
    assert products["000722"]["realised"] == "7.00"


def test_year_and_all_years(client: TestClient, api: str, world: World) -> None:
    year = _get(client, api, world.headers, "/account/getProfitBookDetail", year=2026)
    assert year["total"] == "41.50"
    assert year["children"] == [
        {"period": "2026-11", "total": "3.00"},
        {"period": "2026-10", "total": "38.50"},
    ]
    everything = _get(client, api, world.headers, "/account/getProfitBookDetail")
    assert everything["periodType"] == "all"
    assert everything["children"] == [{"period": "2026", "total": "41.50"}]


def test_book_of_an_account_and_refusals(
    client: TestClient, api: str, world: World, stranger: dict[str, str]
) -> None:
    one = _get(
        client,
        api,
        world.headers,
        "/account/getProfitBookDetail",
        year=2026,
        month=10,
        financialAccountId=world.fa.id,
    )
    assert one["total"] == "38.50"
    res = client.get(
        api + "/account/getProfitBookDetail",
        params={"year": 2026, "financialAccountId": world.fa.id},
        headers=stranger,
    )
    assert res.status_code == 404
    res = client.get(
        api + "/account/getProfitBookDetail", params={"month": 3}, headers=world.headers
    )
    assert res.status_code == 400
    assert res.json()["code"] == 72206


def test_capital_flows_and_net_inflow(client: TestClient, api: str, world: World) -> None:
    page = _get(client, api, world.headers, "/account/getCapitalDetail", month="2026-10")
    assert [(f["date"], f["direction"], f["amount"], f["title"]) for f in page["list"]] == [
        ("2026-10-17", "out", "505.50", "赎回"),
        ("2026-10-08", "in", "1015.00", "申购"),
    ]
    assert page["total"] == 2
    inflow = _get(client, api, world.headers, "/account/getCapitalNetInflow", months=3)
    assert inflow["months"] == [
        {"month": "2026-09", "inflow": "0.00", "outflow": "0.00", "net": "0.00"},
        {"month": "2026-10", "inflow": "1015.00", "outflow": "505.50", "net": "509.50"},
        {"month": "2026-11", "inflow": "0.00", "outflow": "0.00", "net": "0.00"},
    ]
    assert inflow["net"] == "509.50"


def test_a_wallet_recharge_names_the_brokers_wallet(
    session: Session, client: TestClient, api: str, world: World
) -> None:
    """充值 by card into the wallet reads as the broker names its wallet (活期宝充值), as every
    screen names it, not 钱包充值; and names it once: no product beside it (the wallet's fund,
    which the notices do not name either, rules.order_words)."""
    broker = session.get(Broker, world.user.broker_id)
    assert broker is not None
    broker.wallet_name = "活期宝"
    recharge = make_order(
        session,
        fa=world.fa,
        order_code="W01",
        confirm_status="W2",
        trade_amount="300.00",
        fund_code=WALLET_FUND_CODE,
        day=date(2026, 11, 10),
    )
    recharge.pay_method = "card"
    session.flush()
    page = _get(client, api, world.headers, "/account/getCapitalDetail", month="2026-11")
    assert [(f["amount"], f["title"], f["productName"]) for f in page["list"]] == [
        ("300.00", "活期宝充值", "")
    ]
