"""SMS sign-in (docs/api.md#authentication, docs/api.md#messages-and-codes): codes, their limits,
tokens and logout."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.config import get_settings
from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.auth import AuthToken, BrokerUser
from opentamp.models.platform import Team
from tests.factories import make_account, make_broker, make_user
from tests.sms import SmsRecorder

T0 = datetime(2026, 11, 20, 10, 0, tzinfo=BEIJING)


def _code(client: TestClient, api: str, phone: str, broker_id: int) -> dict:
    return client.post(
        f"{api}/auth/login/getPhoneVerifyCode", json={"phone": phone, "brokerId": broker_id}
    ).json()


def _login(client: TestClient, api: str, phone: str, code: str, broker_id: int) -> dict:
    return client.post(
        f"{api}/auth/login/phone",
        json={"phone": phone, "verifyCode": code, "brokerId": broker_id},
    ).json()


def test_a_new_phone_signs_in_and_is_registered(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    broker = make_broker(session)
    with frozen(T0):
        sent = _code(client, api, "+86 13911112222", broker.id)
        assert sent["data"] == {"phone": "139****2222", "expiresIn": 300, "interval": 60}
        [(phone, text, purpose)] = sms.sent
        assert phone == "13911112222" and purpose == "login" and "5分钟内有效" in text
        body = _login(client, api, "13911112222", sms.code("13911112222"), broker.id)
    data = body["data"]
    assert body["code"] == 0 and data["isNewUser"] is True and data["accountId"] is None
    assert data["expiresIn"] == 7 * 24 * 3600 and data["broker"] == broker.id
    user = session.get(BrokerUser, data["brokerUserId"])
    assert user is not None and user.phone == "13911112222" and user.last_login_at == T0
    with frozen(T0 + timedelta(days=1)):
        me = client.get(
            f"{api}/app/customer", headers={"Authorization": f"Bearer {data['accessToken']}"}
        ).json()["data"]
    assert me["phone"] == "139****2222" and me["accountId"] is None


def test_an_existing_user_gets_their_account(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    user = make_user(session)
    account = make_account(session, user=user)
    _code(client, api, user.phone, user.broker_id)
    data = _login(client, api, user.phone, sms.code(user.phone), user.broker_id)["data"]
    assert data["brokerUserId"] == user.id and data["accountId"] == account.id
    assert data["isNewUser"] is False


def test_without_broker_the_default_team_broker_is_used(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    broker = make_broker(session)
    session.add(Team(id=88001, broker_id=broker.id, mid="MDEF", name="默认", is_default=True))
    session.flush()
    client.post(f"{api}/auth/login/getPhoneVerifyCode", json={"phone": "13911113333"})
    res = client.post(
        f"{api}/auth/login/phone",
        json={"phone": "13911113333", "verifyCode": sms.code("13911113333")},
    ).json()
    assert res["data"]["broker"] == broker.id
    bad = client.post(
        f"{api}/auth/login/getPhoneVerifyCode", json={"phone": "13911113333", "brokerId": 4242}
    )
    assert bad.status_code == 400 and bad.json()["msg"] == "商户信息传入有误，链接无法打开"


def test_bad_phone_numbers(client: TestClient, api: str, session: Session, sms: SmsRecorder):
    broker = make_broker(session)
    for phone in ("12911112222", "1391111222a", "139111122223"):
        res = client.post(
            f"{api}/auth/login/getPhoneVerifyCode", json={"phone": phone, "brokerId": broker.id}
        )
        assert res.status_code == 400
        assert res.json()["code"] in (62005, 40001)
    assert sms.sent == []


def test_one_code_a_minute_and_ten_a_day(
    client: TestClient,
    api: str,
    session: Session,
    sms: SmsRecorder,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Eleven codes from one client: this test is about the phone's quota, so the client's own
    # captcha threshold is out of its way (tests/auth/test_client_limits.py covers it).
    monkeypatch.setattr(get_settings(), "sms_captcha_after", 20)
    broker = make_broker(session)
    phone = "13922220000"
    with frozen(T0):
        assert _code(client, api, phone, broker.id)["code"] == 0
    with frozen(T0 + timedelta(seconds=45)):
        res = client.post(
            f"{api}/auth/login/getPhoneVerifyCode", json={"phone": phone, "brokerId": broker.id}
        )
        assert res.status_code == 429
        assert res.json() == {
            "code": 42901,
            "msg": "验证码发送过于频繁，请15秒后再试",
            "error": "sms_too_frequent",
            "data": {"retryAfter": 15},
        }
        # the seconds left, for a screen to count down and for any client to wait
        assert res.headers["Retry-After"] == "15"
    for i in range(1, 10):  # nine more, a minute apart: ten in the day
        with frozen(T0 + timedelta(minutes=i)):
            assert _code(client, api, phone, broker.id)["code"] == 0
    with frozen(T0 + timedelta(minutes=30)):
        res = client.post(
            f"{api}/auth/login/getPhoneVerifyCode", json={"phone": phone, "brokerId": broker.id}
        )
        assert res.status_code == 429 and res.json()["code"] == 42902
    assert len(sms.sent) == 10
    with frozen(datetime(2026, 11, 21, 0, 0, 1, tzinfo=BEIJING)):  # a new Beijing day
        assert _code(client, api, phone, broker.id)["code"] == 0


def test_wrong_codes_lock_after_five_tries(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    broker = make_broker(session)
    phone = "13933330000"
    with frozen(T0):
        _code(client, api, phone, broker.id)
        right = sms.code(phone)
        wrong = "000000" if right != "000000" else "111111"
        for left in (4, 3, 2, 1):
            res = _login(client, api, phone, wrong, broker.id)
            assert (res["code"], res["msg"]) == (50108, f"验证码错误，还可尝试{left}次")
        res = _login(client, api, phone, wrong, broker.id)
        assert (res["code"], res["error"]) == (50109, "sms_code_locked")
        # Locked: even the right code is refused now; a new code is needed.
        assert _login(client, api, phone, right, broker.id)["code"] == 50109
    assert session.scalar(select(BrokerUser).where(BrokerUser.phone == phone)) is None


def test_codes_expire_after_five_minutes_and_serve_once(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    broker = make_broker(session)
    phone = "13944440000"
    with frozen(T0):
        _code(client, api, phone, broker.id)
    with frozen(T0 + timedelta(minutes=5)):
        res = _login(client, api, phone, sms.code(phone), broker.id)
        assert (res["code"], res["msg"]) == (50110, "验证码已失效，请重新获取")
        _code(client, api, phone, broker.id)
        assert _login(client, api, phone, sms.code(phone), broker.id)["code"] == 0
        assert _login(client, api, phone, sms.code(phone), broker.id)["code"] == 50110


def test_tokens_expire_and_logout_revokes(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    broker = make_broker(session)
    phone = "13955550000"
    with frozen(T0):
        _code(client, api, phone, broker.id)
        token = _login(client, api, phone, sms.code(phone), broker.id)["data"]["accessToken"]
        headers = {"Authorization": f"Bearer {token}"}
        assert client.get(f"{api}/app/customer", headers=headers).status_code == 200
    with frozen(T0 + timedelta(days=7)):
        res = client.get(f"{api}/app/customer", headers=headers)
        assert res.status_code == 401
        assert (res.json()["error"], res.json()["msg"]) == ("invalid_token", "登录已过期")
    with frozen(T0 + timedelta(days=1)):
        assert client.post(f"{api}/auth/logout", headers=headers).json()["code"] == 0
        assert client.get(f"{api}/app/customer", headers=headers).status_code == 401
    row = session.scalar(select(AuthToken).where(AuthToken.broker_user_id.is_not(None)).limit(1))
    assert row is not None and "." not in row.token_hash and len(row.token_hash) == 64


def test_login_notice_when_enabled(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    from opentamp.models.preferences import UserSetting

    user = make_user(session)
    user.last_login_at = T0
    session.add(UserSetting(broker_user_id=user.id, login_notify=True))
    session.flush()
    _code(client, api, user.phone, user.broker_id)
    _login(client, api, user.phone, sms.code(user.phone), user.broker_id)
    assert sms.sent[-1][2] == "login_notice"
