"""Protocols (docs/product.md#entities Protocol, docs/product.md#constants): latest versions,
history, scopes, agreements."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.catalogue import ProductDocument
from opentamp.models.content import Protocol
from tests.factories import login, make_broker, make_fund, make_portfolio, make_user

API = "/api/v1/opentamp"
NOW = datetime(2026, 11, 20, 10, 0, tzinfo=BEIJING)


def at(day: str) -> datetime:
    return datetime.fromisoformat(day).replace(tzinfo=BEIJING)


@pytest.fixture
def protocols(session: Session) -> dict[str, int]:
    rows = {
        "p1": Protocol(
            protocol_type="privacyPolicy",
            name="隐私政策",
            version="1.0",
            effective_at=at("2025-01-01"),
            content="第一版",
        ),
        "p2": Protocol(
            protocol_type="privacyPolicy",
            name="隐私政策",
            version="2.0",
            effective_at=at("2026-06-01"),
            content="第二版",
        ),
        "p3": Protocol(
            protocol_type="privacyPolicy",
            name="隐私政策",
            version="3.0",
            effective_at=at("2027-01-01"),
            content="未生效",
        ),
        "app": Protocol(
            protocol_type="privacyPolicy",
            name="隐私政策（APP）",
            version="2.0",
            scope="APP",
            effective_at=at("2026-06-01"),
        ),
        "user": Protocol(
            protocol_type="userAgreement", name="用户协议", effective_at=at("2025-01-01")
        ),
        "open": Protocol(
            protocol_type="accountOpening", name="开户协议", effective_at=at("2025-01-01")
        ),
        "law": Protocol(
            protocol_type="lawsRegulations", name="证券投资基金法", effective_at=at("2015-04-24")
        ),
        "pay1": Protocol(
            protocol_type="paymentAgreement",
            name="工行快捷支付协议",
            bank_no="002",
            effective_at=at("2025-01-01"),
        ),
        "pay2": Protocol(
            protocol_type="paymentAgreement",
            name="招行快捷支付协议",
            bank_no="007",
            effective_at=at("2025-01-01"),
        ),
        "pay3": Protocol(
            protocol_type="paymentAgreement",
            name="招行代扣协议",
            bank_no="007",
            effective_at=at("2025-01-01"),
        ),
        "po": Protocol(
            protocol_type="portfolio", name="基金组合服务协议", effective_at=at("2025-01-01")
        ),
        "risk": Protocol(
            protocol_type="riskDisclosure", name="风险揭示书", effective_at=at("2025-01-01")
        ),
    }
    session.add_all(rows.values())
    session.flush()
    return {k: v.id for k, v in rows.items()}


def get(
    client: TestClient, path: str, headers: dict[str, str] | None = None, **params: object
) -> object:
    with frozen(NOW):
        res = client.get(API + path, params=params, headers=headers or {})
    assert res.status_code == 200, res.json()
    return res.json()["data"]


def test_latest_privacy_ignores_versions_not_yet_effective(
    client: TestClient, protocols: dict[str, int]
) -> None:
    data = get(client, "/noauth/protocol/privacy/latest")
    assert [(p["protocolType"], p["version"]) for p in data] == [
        ("privacyPolicy", "2.0"),
        ("userAgreement", "1.0"),
    ]
    assert data[0]["fileUrl"] == f"/richText?fromModule=protocol&id={protocols['p2']}"
    app = get(client, "/noauth/protocol/privacy/latest", scope="APP")
    assert [p["name"] for p in app] == ["隐私政策（APP）"]
    res = client.get(API + "/noauth/protocol/privacy/latest", params={"scope": "PC"})
    assert res.status_code == 400 and res.json()["code"] == 61201


def test_privacy_history_newest_first(client: TestClient, protocols: dict[str, int]) -> None:
    assert [p["version"] for p in get(client, "/noauth/protocol/privacy/list")] == ["2.0", "1.0"]


def test_a_brokers_own_version_wins(
    client: TestClient, protocols: dict[str, int], session: Session
) -> None:
    broker = make_broker(session)
    session.add(
        Protocol(
            protocol_type="privacyPolicy",
            name="券商隐私政策",
            broker_id=broker.id,
            effective_at=at("2025-03-01"),
        )
    )
    data = get(client, "/noauth/protocol/privacy/latest", brokerId=broker.id)
    assert data[0]["name"] == "券商隐私政策"


def test_account_laws_and_detail(client: TestClient, protocols: dict[str, int]) -> None:
    assert [p["name"] for p in get(client, "/noauth/protocol/account")] == [
        "开户协议",
        "风险揭示书",
    ]
    assert [p["name"] for p in get(client, "/noauth/protocol/lawsRegulations/list")] == [
        "证券投资基金法"
    ]
    assert get(client, "/noauth/protocol/detail", protocolId=protocols["p1"])["content"] == "第一版"
    with frozen(NOW):
        res = client.get(API + "/noauth/protocol/detail", params={"protocolId": protocols["p3"]})
    assert res.status_code == 404


def test_payment_agreements_merge_under_one_name(
    client: TestClient, protocols: dict[str, int], session: Session
) -> None:
    headers = login(session, make_user(session))
    one = get(
        client, "/protocol/agreements", headers, bankNo="002", agreementType="paymentAgreement"
    )
    assert one["paymentAgreement"]["name"] == "工行快捷支付协议"
    two = get(
        client, "/protocol/agreements", headers, bankNo="007", agreementType="paymentAgreement"
    )
    assert two["paymentAgreement"]["name"] == "银行授权支付服务协议"
    assert {a["name"] for a in two["paymentAgreement"]["agreements"]} == {
        "招行快捷支付协议",
        "招行代扣协议",
    }


def test_product_agreements_and_list_by_po(
    client: TestClient, protocols: dict[str, int], session: Session
) -> None:
    fund = make_fund(session, code="940001", short_name="测试")
    session.add(
        ProductDocument(
            product_code=fund.code,
            doc_type="contract",
            title="测试基金合同",
            version_date=date(2025, 1, 1),
        )
    )
    po = make_portfolio(session, components=[(fund, Decimal(1))], code="ZH940001")
    session.add(
        ProductDocument(
            product_code=po.code,
            doc_type="strategy",
            title="策略说明书",
            version_date=date(2025, 1, 1),
        )
    )
    session.flush()
    headers = login(session, make_user(session))
    fund_agreements = get(client, "/protocol/agreements", headers, productCode="940001")
    assert [a["name"] for a in fund_agreements["agreements"]] == ["《测试基金合同》", "风险揭示书"]
    po_list = get(client, "/protocol/listByPo", headers, poCode="ZH940001")
    assert [a["name"] for a in po_list["list"]] == [
        "《策略说明书》",
        "基金组合服务协议",
        "风险揭示书",
    ]
    assert po_list["fundList"][0]["agreements"][0]["name"] == "《测试基金合同》"
    with frozen(NOW):
        res = client.get(
            API + "/protocol/agreements", params={"productCode": "ZZ"}, headers=headers
        )
    assert res.status_code == 404
