"""Private placements: figures only after the qualified-investor statement."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.models.catalogue import (
    PrivateInvestorStatement,
    PrivateNav,
    PrivateProduct,
    PrivateSet,
    ProductDocument,
    ProductNotice,
)
from opentamp.private_funds.service import STATEMENT_VERSION
from tests.factories import login, make_user

API = "/api/v1/opentamp"


@pytest.fixture
def headers(session: Session) -> dict[str, str]:
    s = PrivateSet(name="私募精选")
    session.add(s)
    session.flush()
    session.add(
        PrivateProduct(
            code="P90001",
            set_id=s.id,
            name="测试私募",
            manager_company="测试私募管理",
            strategy_type="市场中性",
            risk_level=3,
            inception_date=date(2025, 1, 3),
        )
    )
    session.flush()
    for day, nav in (
        (date(2025, 11, 14), "1.0000"),
        (date(2026, 5, 15), "1.1000"),
        (date(2026, 11, 13), "1.0500"),
        (date(2026, 11, 20), "1.2000"),
    ):
        session.add(
            PrivateNav(product_code="P90001", nav_date=day, nav=Decimal(nav), acc_nav=Decimal(nav))
        )
    session.add(
        ProductDocument(
            product_code="P90001",
            doc_type="contract",
            title="私募基金合同",
            version_date=date(2025, 1, 1),
        )
    )
    session.add(
        ProductNotice(
            product_code="P90001", kind="report", title="季报", publish_date=date(2026, 10, 20)
        )
    )
    session.flush()
    return login(session, make_user(session))


def test_figures_hidden_before_the_statement(client: TestClient, headers: dict[str, str]) -> None:
    data = client.get(API + "/private/list", headers=headers).json()["data"]
    assert data["qualified"] is False and data["statementVersion"] == STATEMENT_VERSION
    assert data["statementTitle"] == "合格投资者承诺函" and "合格投资者" in data["statementContent"]
    product = data["sets"][0]["products"][0]
    assert product["name"] == "测试私募" and product["nav"] is None
    info = client.get(
        API + "/private/product/info", params={"productCode": "P90001"}, headers=headers
    ).json()["data"]
    assert info["qualified"] is False and info["navs"] == [] and info["returns"][0]["value"] is None
    res = client.get(API + "/private/archive", params={"productCode": "P90001"}, headers=headers)
    assert res.status_code == 403 and res.json()["code"] == 61403


def test_statement_then_figures(
    client: TestClient, headers: dict[str, str], session: Session
) -> None:
    res = client.post(
        API + "/private/investorStatement",
        json={"version": STATEMENT_VERSION, "confirmed": False},
        headers=headers,
    )
    assert res.status_code == 400 and res.json()["msg"] == "请阅读并确认合格投资者声明"
    res = client.post(
        API + "/private/investorStatement",
        json={"version": "2019.1", "confirmed": True},
        headers=headers,
    )
    assert res.status_code == 400 and res.json()["code"] == 61402
    ok = client.post(
        API + "/private/investorStatement",
        json={"version": STATEMENT_VERSION, "confirmed": True},
        headers=headers,
    )
    assert ok.status_code == 200 and ok.json()["data"]["qualified"] is True
    assert session.query(PrivateInvestorStatement).count() == 1
    info = client.get(
        API + "/private/product/info", params={"productCode": "P90001"}, headers=headers
    ).json()["data"]
    assert info["nav"] == "1.2000" and info["sinceInception"] == "0.200000"
    returns = {r["period"]: r["value"] for r in info["returns"]}
    assert returns["1y"] == "0.200000"  # from 2025-11-14 (on or before 2025-11-20)
    assert returns["6m"] == "0.090909"  # 1.20 / 1.10 − 1 from 2026-05-15
    assert info["maxDrawdown"] == "-0.045455"  # 1.05 / 1.10 − 1
    assert [n["navDate"] for n in info["navs"]][:2] == ["2026-11-20", "2026-11-13"]
    archive = client.get(
        API + "/private/archive", params={"productCode": "P90001"}, headers=headers
    ).json()["data"]
    assert [d["title"] for d in archive["list"]] == ["私募基金合同"]
    notices = client.get(
        API + "/private/announcement", params={"productCode": "P90001"}, headers=headers
    ).json()["data"]
    assert [n["title"] for n in notices["list"]] == ["季报"]


def test_unknown_product(client: TestClient, headers: dict[str, str]) -> None:
    res = client.get(
        API + "/private/product/info", params={"productCode": "P00000"}, headers=headers
    )
    assert res.status_code == 404
