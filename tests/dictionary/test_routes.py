"""/utils/dict, /utils/dynamicDict, /utils/country."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.models.content import DictItem
from tests.factories import login, make_user

API = "/api/v1/opentamp"


def test_dicts(client: TestClient, session: Session) -> None:
    headers = login(session, make_user(session))
    data = client.get(
        API + "/utils/dict", params={"dictType": "riskLevel,periodUnit"}, headers=headers
    ).json()["data"]
    assert [g["groupCode"] for g in data] == ["riskLevel", "periodUnit"]
    assert data[1]["items"][2] == {"label": "每月", "value": "2"}
    everything = client.get(API + "/utils/dict", headers=headers).json()["data"]
    assert {g["groupCode"] for g in everything} >= {"fundType", "riskGrade", "productType"}
    res = client.get(API + "/utils/dict", params={"dictType": "nope"}, headers=headers)
    assert res.status_code == 400 and res.json()["msg"] == "字典不存在：nope"


def test_dynamic_dicts(client: TestClient, session: Session) -> None:
    session.add_all(
        [
            DictItem(group_code="g1", label="乙", value="b", sort_order=2),
            DictItem(group_code="g1", label="甲", value="a", sort_order=1),
        ]
    )
    headers = login(session, make_user(session))
    data = client.get(
        API + "/utils/dynamicDict", params={"groupCodes": "g1,empty"}, headers=headers
    ).json()["data"]
    assert data == [
        {
            "groupCode": "g1",
            "items": [{"label": "甲", "value": "a"}, {"label": "乙", "value": "b"}],
        },
        {"groupCode": "empty", "items": []},
    ]


def test_countries(client: TestClient, session: Session) -> None:
    data = client.get(API + "/utils/country", headers=login(session, make_user(session))).json()[
        "data"
    ]
    assert data[0] == {
        "code": "CHN",
        "name": "中国",
        "enName": "China",
        "phoneCode": "86",
        "isRegion": False,
    }
    assert [c["code"] for c in data if c["isRegion"]] == ["HKG", "MAC", "TWN"]
    assert len({c["code"] for c in data}) == len(data) > 50
    assert client.get(API + "/utils/country").status_code == 401
