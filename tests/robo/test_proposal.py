"""An adviser's proposal (docs/robo.md#adviser-proposals): drafted on the operator side, seen
by its customer only, authorised, signed and deposited like any plan."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from tests.robo.conftest import RoboCalls, RoboWorld, login, tick
from tests.trading.conftest import make_trader


def test_adviser_proposal_is_signed_by_its_customer(
    session: Session,
    client: TestClient,
    api: str,
    robo: RoboCalls,
    robo_world: RoboWorld,
    adviser: Callable[[], dict[str, str]],
) -> None:
    bond, _short, mixed, stock, _gold = (f.code for f in robo_world.funds)
    body = {
        "brokerUserId": robo.trader.user.id,
        "proposalName": "稳健配置建议",
        "amount": "50000.00",
        "horizonMonths": 12,
        "weightList": [
            {"fundCode": bond, "weight": "0.5"},
            {"fundCode": mixed, "weight": "0.3"},
            {"fundCode": stock, "weight": "0.2"},
        ],
        "reason": "以债券打底，少量权益增强收益。",
    }
    bad = client.post(
        f"{api}/operator/adviser/robo/proposal",
        json={**body, "weightList": [{"fundCode": bond, "weight": "0.9"}]},
        headers=adviser(),
    ).json()
    assert bad["code"] == 69304 and bad["msg"] == "各基金权重之和需为1"
    res = client.post(f"{api}/operator/adviser/robo/proposal", json=body, headers=adviser())
    assert res.status_code == 200, res.text
    drafted = res.json()["data"]
    pid = drafted["planningId"]
    assert drafted["source"] == "ADVISER" and drafted["authorizationCode"] == 0
    (allocation,) = drafted["allocations"]
    assert {i["fundCode"]: Decimal(i["weight"]) for i in allocation["items"]} == {
        bond: Decimal("0.5"),
        mixed: Decimal("0.3"),
        stock: Decimal("0.2"),
    }
    assert [i["amount"] for i in allocation["items"]] == ["25000.00", "15000.00", "10000.00"]

    seen = robo.get("/investment/planning/draft/detail")["data"]
    assert seen["planningId"] == pid and seen["reason"] == body["reason"]
    stranger = make_trader(session, risk_grade5=3)
    other = client.get(
        f"{api}/investment/planning/draft/detail",
        params={"planningId": pid},
        headers=login(session, stranger.user),
    )
    assert other.status_code == 404
    nothing = client.get(
        f"{api}/investment/planning/draft/detail", headers=login(session, stranger.user)
    ).json()
    assert nothing["data"] is None
    refused = client.post(
        f"{api}/investment/planning/riskPermission/confirm",
        json={"planningId": pid},
        headers=login(session, stranger.user),
    )
    assert refused.status_code == 404

    robo.post("/investment/planning/riskPermission/confirm", {"planningId": pid})
    tick()
    sa_id, order = robo.confirm_adviser_proposal(pid, seen["surveyVersion"], robo_world.po.code)
    assert order["orderCode"] == "P02" and Decimal(order["tradeAmount"]) == Decimal("5000.00")
    assert robo.get("/investment/planning/draft/detail")["data"] is None
    listed = robo.get("/roboServiceAccount/getRoboSAList")["data"]["list"]
    assert [a["roboServiceName"] for a in listed] == ["稳健配置"]
