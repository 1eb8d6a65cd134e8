"""Trade password set, change (old password) and reset (ID + SMS); weak passwords; the
payment verification method; the phone change."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.accounts.trade_password import verify_trade_password
from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.auth import BrokerUser
from tests.factories import login, make_account, make_user
from tests.sms import SmsRecorder

T0 = datetime(2026, 11, 20, 10, 0, tzinfo=BEIJING)


def test_set_change_and_reset(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    user = make_user(session)
    account = make_account(session, user=user, birth_date=date(1990, 3, 7))
    headers = login(session, user)
    for weak in ("111111", "123456", "987654", "900307", "030790"):
        res = client.post(f"{api}/security/pwd/set", json={"password": weak}, headers=headers)
        assert res.json()["code"] == 62052, weak
    assert (
        client.post(f"{api}/security/pwd/set", json={"password": "12345"}, headers=headers).json()[
            "code"
        ]
        == 62004
    )
    first = client.post(f"{api}/security/pwd/set", json={"password": "135790"}, headers=headers)
    assert first.json()["data"] == {"hasTradePassword": True, "scene": "set"}
    again = client.post(f"{api}/security/pwd/set", json={"password": "246802"}, headers=headers)
    assert again.json()["code"] == 62053
    # Change: the old password gives a ticket.
    ticket = client.post(
        f"{api}/security/pwd/verify", json={"password": "135790"}, headers=headers
    ).json()["data"]["ticket"]
    changed = client.post(
        f"{api}/security/pwd/set", json={"password": "246802", "ticket": ticket}, headers=headers
    ).json()["data"]
    assert changed["scene"] == "change"
    reuse = client.post(
        f"{api}/security/pwd/set", json={"password": "975318", "ticket": ticket}, headers=headers
    )
    assert reuse.json()["code"] == 62050
    # Reset: ID number + SMS code.
    with frozen(T0):
        sent = client.post(
            f"{api}/security/IDSms/send", json={"scene": "resetTradePassword"}, headers=headers
        ).json()["data"]
        assert sent["phone"] == f"{user.phone[:3]}****{user.phone[-4:]}"
        wrong_id = client.post(
            f"{api}/security/IDSms/verify",
            json={
                "scene": "resetTradePassword",
                "idNo": "110101199001011234",
                "verifyCode": sms.code(user.phone, "id_verify"),
            },
            headers=headers,
        )
        assert wrong_id.json()["code"] == 62051
    # The wrong number spent the code: a new one, a minute later.
    with frozen(T0 + timedelta(minutes=1)):
        client.post(
            f"{api}/security/IDSms/send", json={"scene": "resetTradePassword"}, headers=headers
        )
        ticket = client.post(
            f"{api}/security/IDSms/verify",
            json={
                "scene": "resetTradePassword",
                "idNo": account.id_no.lower(),
                "verifyCode": sms.code(user.phone, "id_verify"),
            },
            headers=headers,
        ).json()["data"]["ticket"]
        reset = client.post(
            f"{api}/security/pwd/set",
            json={"password": "975318", "ticket": ticket},
            headers=headers,
        ).json()["data"]
    assert reset["scene"] == "reset"
    session.refresh(account)
    verify_trade_password(session, account, password="975318")


def test_lockout_shows_in_the_setting(client: TestClient, api: str, session: Session) -> None:
    user = make_user(session)
    make_account(session, user=user)
    headers = login(session, user)
    client.post(f"{api}/security/pwd/set", json={"password": "135790"}, headers=headers)
    codes = [
        client.post(
            f"{api}/security/pwd/verify", json={"password": "000000"}, headers=headers
        ).json()["code"]
        for _ in range(5)
    ]
    assert codes == [62002, 62002, 62002, 62002, 62003]
    state = client.get(f"{api}/security/setting", headers=headers).json()["data"]
    assert state["tradePasswordLocked"] is True and state["lockedUntil"] is not None
    right = client.post(f"{api}/security/pwd/verify", json={"password": "135790"}, headers=headers)
    assert right.json()["code"] == 62003


def test_pay_auth_mode_and_login_notice(client: TestClient, api: str, session: Session) -> None:
    user = make_user(session)
    make_account(session, user=user)
    headers = login(session, user)
    client.post(f"{api}/security/pwd/set", json={"password": "135790"}, headers=headers)
    res = client.post(
        f"{api}/security/changeTradeVerifyMethod",
        json={"method": "PASSWORD_SMS", "password": "135790"},
        headers=headers,
    ).json()["data"]
    assert res["tradeVerifyMethod"] == "PASSWORD_SMS"
    on = client.post(f"{api}/security/setting", json={"loginNotify": True}, headers=headers)
    assert on.json()["data"]["loginNotify"] is True
    team = client.get(f"{api}/security/teamSetting", headers=headers).json()["data"]
    assert team["maxPasswordFailures"] == 5 and team["lockHours"] == 24


def test_change_the_phone(client: TestClient, api: str, session: Session, sms: SmsRecorder) -> None:
    user = make_user(session)
    make_account(session, user=user)
    taken = make_user(
        session,
        broker=session.get(
            __import__("opentamp.models.platform", fromlist=["Broker"]).Broker, user.broker_id
        ),
    )
    headers = login(session, user)
    busy = client.post(
        f"{api}/account/updatePhone/sendCode", json={"phone": taken.phone}, headers=headers
    )
    assert busy.json()["msg"] == "该手机号已注册，请更换其他手机号"
    client.post(f"{api}/security/IDSms/send", json={"scene": "updatePhone"}, headers=headers)
    from opentamp.models.accounts import Account

    account = session.query(Account).filter_by(broker_user_id=user.id).one()
    ticket = client.post(
        f"{api}/security/IDSms/verify",
        json={
            "scene": "updatePhone",
            "idNo": account.id_no,
            "verifyCode": sms.code(user.phone, "id_verify"),
        },
        headers=headers,
    ).json()["data"]["ticket"]
    client.post(
        f"{api}/account/updatePhone/sendCode", json={"phone": "13612345678"}, headers=headers
    )
    done = client.post(
        f"{api}/account/updatePhone",
        json={
            "phone": "13612345678",
            "verifyCode": sms.code("13612345678", "update_phone"),
            "ticket": ticket,
        },
        headers=headers,
    ).json()
    assert done["data"] == {"phone": "136****5678"}
    assert session.get(BrokerUser, user.id).phone == "13612345678"  # type: ignore[union-attr]
    phones = client.get(f"{api}/account/getPaymentPhones", headers=headers).json()["data"]
    assert phones["loginPhone"] == "136****5678" and phones["accountPhone"] == "136****5678"


def test_needs_trade_sms_follows_pay_auth_mode(session) -> None:  # type: ignore[no-untyped-def]
    from opentamp.accounts.trade_password import needs_trade_sms

    account = make_account(session)
    assert needs_trade_sms(account) is False
    account.trade_verify_method = "PASSWORD_SMS"
    assert needs_trade_sms(account) is True
