"""WeChat sign-in through the local gateway: bind by SMS with the ticket, then the code alone
signs in; snapshot users and bad codes."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.outside.wechat import LocalWechatGateway, WechatUser
from tests.factories import make_broker
from tests.sms import SmsRecorder


def _oa(client: TestClient, api: str, code: str, broker_id: int) -> dict:
    return client.post(
        f"{api}/auth/wechat-oa/token", json={"code": code, "brokerId": broker_id}
    ).json()


def test_bind_once_then_sign_in_by_code(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    broker = make_broker(session)
    base = LocalWechatGateway.issue_code(WechatUser(openid="oA1", unionid="uA1"))
    first = _oa(client, api, base, broker.id)["data"]
    assert first["isBind"] is False and first["needUserInfo"] is True
    assert first["userInfo"]["openid"] == "oA1" and first["userInfo"]["is_snapshotuser"] == 0
    full = LocalWechatGateway.issue_code(
        WechatUser(openid="oA1", unionid="uA1", nickname="小明", scope="snsapi_userinfo")
    )
    second = _oa(client, api, full, broker.id)["data"]
    assert second["isBind"] is False and second["needUserInfo"] is False
    assert second["userInfo"]["nickname"] == "小明"
    client.post(
        f"{api}/auth/login/getPhoneVerifyCode", json={"phone": "13966660000", "brokerId": broker.id}
    )
    login = client.post(
        f"{api}/auth/login/phone",
        json={
            "phone": "13966660000",
            "verifyCode": sms.code("13966660000"),
            "brokerId": broker.id,
            "wechatTicket": second["wechatTicket"],
        },
    ).json()["data"]
    third = _oa(client, api, base, broker.id)["data"]
    assert third["isBind"] is True and third["token"]["brokerUserId"] == login["brokerUserId"]
    headers = {"Authorization": f"Bearer {third['token']['accessToken']}"}
    me = client.get(f"{api}/app/customer", headers=headers).json()["data"]
    assert me["nickname"] == "小明"
    # The mini program of the same broker knows the person by unionid.
    mp = client.post(
        f"{api}/auth/login/wechatCode",
        json={
            "code": LocalWechatGateway.issue_code(WechatUser(openid="mpA1", unionid="uA1")),
            "brokerId": broker.id,
        },
    ).json()["data"]
    assert mp["isBind"] is True and mp["token"]["brokerUserId"] == login["brokerUserId"]


def test_a_ticket_serves_once_and_for_its_broker(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    broker, other = make_broker(session), make_broker(session)
    code = LocalWechatGateway.issue_code(WechatUser(openid="oB1", nickname="甲"))
    ticket = _oa(client, api, code, broker.id)["data"]["wechatTicket"]
    client.post(
        f"{api}/auth/login/getPhoneVerifyCode", json={"phone": "13977770000", "brokerId": other.id}
    )
    res = client.post(
        f"{api}/auth/login/phone",
        json={
            "phone": "13977770000",
            "verifyCode": sms.code("13977770000"),
            "brokerId": other.id,
            "wechatTicket": ticket,
        },
    )
    assert res.status_code == 400 and res.json()["code"] == 62011


def test_snapshot_users_and_bad_codes(client: TestClient, api: str, session: Session) -> None:
    broker = make_broker(session)
    snap = LocalWechatGateway.issue_code(
        WechatUser(openid="oS", scope="snsapi_userinfo", is_snapshotuser=True)
    )
    data = _oa(client, api, snap, broker.id)["data"]
    assert data["isBind"] is False and data["userInfo"]["is_snapshotuser"] == 1
    assert data["wechatTicket"] is None and data["token"] is None
    bad = client.post(f"{api}/auth/wechat-oa/token", json={"code": "forged", "brokerId": broker.id})
    assert bad.status_code == 400 and bad.json()["msg"] == "微信授权失败，请重新授权"


def test_local_authorize_page_returns_with_a_code(client: TestClient, api: str) -> None:
    res = client.get(
        f"{api}/noauth/wechat/authorize",
        params={"redirect_uri": "/h5/opentamp-trade-h5/empower", "scope": "snsapi_base"},
        follow_redirects=False,
    )
    assert res.status_code == 307
    assert res.headers["location"].startswith("/h5/opentamp-trade-h5/empower?code=wxlocal.")
    off = client.get(
        f"{api}/noauth/wechat/authorize",
        params={"redirect_uri": "https://evil.example/x"},
        follow_redirects=False,
    )
    assert off.status_code == 400
