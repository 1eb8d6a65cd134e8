"""Opening an account: the form's rules, the SMS confirmation, the broker verification."""

from __future__ import annotations

from datetime import date, datetime

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.accounts import Account, FinancialAccount
from opentamp.models.auth import BrokerUser
from tests.factories import login, make_broker, make_id_photos, make_user
from tests.sms import SmsRecorder

NOW = datetime(2026, 11, 20, 10, 0, tzinfo=BEIJING)
# 11010519491231002X: a well-known valid sample number (female, born 1949-12-31).
ID_NO = "11010519491231002X"

FORM = {
    "name": "王小红",
    "idType": "0",
    "idNo": ID_NO,
    "occupation": "02",
    "address": "北京市朝阳区建国路88号",
    "idValidUntil": "2036-05-01",
    "nonAmerican": True,
    "agreeProtocol": True,
}


def opening_form(session: Session, user: BrokerUser, **change: object) -> dict[str, object]:
    """FORM with both sides of the user's identity document uploaded."""
    return {**FORM, **make_id_photos(session, user), **change}


def test_open_an_account_with_the_sms_code(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    user = make_user(session)
    headers = login(session, user)
    with frozen(NOW):
        before = client.get(f"{api}/tamp/account", headers=headers).json()["data"]
        assert before["hasAccount"] is False and before["canOpenAccount"] is True
        assert {"value": "02", "label": "企业单位人员"} in before["occupations"]
        prep = client.post(
            f"{api}/tamp/account/prepareBindAccount",
            json=opening_form(session, user),
            headers=headers,
        ).json()
        assert prep["code"] == 0, prep
        assert prep["data"]["phone"] == f"{user.phone[:3]}****{user.phone[-4:]}"
        code = sms.code(user.phone, "open_account")
        res = client.post(
            f"{api}/tamp/account/confirmBindAccount",
            json={"bindId": prep["data"]["bindId"], "verifyCode": code},
            headers=headers,
        ).json()
    assert res["code"] == 0, res
    data = res["data"]
    assert data["accountName"] == "王小红" and data["identityNo"] == "1101**********002X"
    assert data["hasTradePassword"] is False and data["openDate"] == "2026-11-20"
    account = session.scalar(select(Account).where(Account.broker_user_id == user.id))
    assert account is not None
    assert (account.gender, account.birth_date, account.id_valid_until) == (
        2,
        date(1949, 12, 31),
        date(2036, 5, 1),
    )
    [default] = session.scalars(
        select(FinancialAccount).where(FinancialAccount.account_id == account.id)
    )
    assert (default.name, default.type) == ("默认账户", "default")
    again = client.post(
        f"{api}/tamp/account/prepareBindAccount", json=opening_form(session, user), headers=headers
    )
    assert again.json()["code"] == 62022


def test_the_form_rules(client: TestClient, api: str, session: Session, sms: SmsRecorder) -> None:
    user = make_user(session)
    headers = login(session, user)
    photos = make_id_photos(session, user)
    cases = [
        ({"idNo": "110105194912310021"}, "请输入正确的身份证号码"),  # check digit is X
        ({"idNo": "110105202012310028"}, None),  # filled below: under 18
        ({"name": "Wang Xiaohong"}, "请输入与身份证一致的中文姓名"),
        ({"idType": "4", "idNo": "X1234567"}, "请输入正确的港澳居民来往内地通行证号码"),
        ({"occupation": "77"}, "请选择职业"),
        ({"address": "北京"}, "请填写详细的联系地址（省市区及街道门牌）"),
        ({"idValidUntil": "2026-11-20"}, "证件已过期，请使用有效证件"),
        ({"nonAmerican": False}, "暂不支持美国税收居民线上开户"),
        ({"agreeProtocol": False}, "请阅读并同意开户相关协议"),
    ]
    with frozen(NOW):
        for change, message in cases:
            res = client.post(
                f"{api}/tamp/account/prepareBindAccount",
                json={**FORM, **photos, **change},
                headers=headers,
            )
            body = res.json()
            assert res.status_code == 400 and body["code"] in (62023, 40001), (change, body)
            if message:
                assert body["msg"] == message
    assert sms.sent == []


def test_under_eighteen_cannot_open(client: TestClient, api: str, session: Session) -> None:
    from opentamp.accounts.identity import check_digit

    first17 = "11010520090101001"  # born 2009-01-01: 17 on 2026-11-20
    user = make_user(session)
    headers = login(session, user)
    with frozen(NOW):
        res = client.post(
            f"{api}/tamp/account/prepareBindAccount",
            json=opening_form(session, user, idNo=first17 + check_digit(first17)),
            headers=headers,
        )
    assert res.json()["msg"] == "开户需年满18周岁"


def test_one_identity_opens_once_per_broker(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    broker = make_broker(session)
    first, second = make_user(session, broker=broker), make_user(session, broker=broker)
    h1, h2 = login(session, first), login(session, second)
    bind = client.post(
        f"{api}/tamp/account/prepareBindAccount", json=opening_form(session, first), headers=h1
    ).json()
    client.post(
        f"{api}/tamp/account/confirmBindAccount",
        json={"bindId": bind["data"]["bindId"], "verifyCode": sms.code(first.phone)},
        headers=h1,
    )
    res = client.post(
        f"{api}/tamp/account/prepareBindAccount", json=opening_form(session, second), headers=h2
    ).json()
    assert res["code"] == 62026


def test_a_wrong_code_opens_nothing_and_another_users_bind_id_is_404(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    user, other = make_user(session), make_user(session)
    headers = login(session, user)
    bind = client.post(
        f"{api}/tamp/account/prepareBindAccount", json=opening_form(session, user), headers=headers
    ).json()
    right = sms.code(user.phone)
    wrong = "000000" if right != "000000" else "111111"
    res = client.post(
        f"{api}/tamp/account/confirmBindAccount",
        json={"bindId": bind["data"]["bindId"], "verifyCode": wrong},
        headers=headers,
    )
    assert res.json()["code"] == 50108
    assert session.scalar(select(Account).where(Account.broker_user_id == user.id)) is None
    res = client.post(
        f"{api}/tamp/account/confirmBindAccount",
        json={"bindId": bind["data"]["bindId"], "verifyCode": right},
        headers=login(session, other),
    )
    assert res.status_code == 404


def test_broker_verification_instead_of_sms(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    broker = make_broker(session, is_tamp_create_account=False)
    user = make_user(session, broker=broker)
    headers = login(session, user)
    prep = client.post(
        f"{api}/tamp/account/prepareBindAccount", json=opening_form(session, user), headers=headers
    )
    data = prep.json()["data"]
    assert data["brokerVerifyUrl"].endswith(f"/mockBrokerVerify?bindId={data['bindId']}")
    assert sms.sent == []
    verify = client.post(
        f"{api}/tamp/account/mockBrokerVerify", json={"bindId": data["bindId"]}, headers=headers
    ).json()["data"]
    assert verify["accountName"] == "**红" and verify["identityNo"] == "1101**********002X"
    forged = client.post(
        f"{api}/tamp/account/confirmBindAccount",
        json={"bindId": data["bindId"], "brokerTicket": "0" * 32},
        headers=headers,
    )
    assert forged.json()["code"] == 62025
    res = client.post(
        f"{api}/tamp/account/confirmBindAccount",
        json={"bindId": data["bindId"], "brokerTicket": verify["brokerTicket"]},
        headers=headers,
    )
    assert res.json()["code"] == 0


def test_disabled_opening_and_institutions(client: TestClient, api: str, session: Session):
    from tests.factories import make_account

    broker = make_broker(session, is_disable_open_account=True)
    headers = login(session, make_user(session, broker=broker))
    res = client.post(f"{api}/tamp/account/prepareBindAccount", json=FORM, headers=headers)
    assert res.json()["code"] == 62027
    org = make_user(session)
    make_account(session, user=org, holder_type=0)
    res = client.post(
        f"{api}/account/createFinancialAccount",
        json={"financialAccountName": "机构"},
        headers=login(session, org),
    )
    assert res.status_code == 403
    assert res.json()["msg"] == "当前账号为机构账户，不可操作该页面"
    nobody = login(session, make_user(session))
    res = client.post(
        f"{api}/account/createFinancialAccount", json={"financialAccountName": "甲"}, headers=nobody
    )
    assert res.json()["msg"] == "未开户用户无法进行该操作"


def test_both_sides_of_the_id_card_are_required_and_checked(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    user, other = make_user(session), make_user(session)
    headers = login(session, user)
    prepare = f"{api}/tamp/account/prepareBindAccount"
    photos = make_id_photos(session, user)
    with frozen(NOW):
        for missing in ("idPhotoFront", "idPhotoBack"):
            res = client.post(prepare, json={**FORM, **photos, missing: None}, headers=headers)
            assert res.status_code == 400
            assert res.json()["msg"] == "请上传身份证人像面和国徽面照片"
        res = client.post(
            prepare, json={**FORM, "idType": "4", "idNo": "H12345678"}, headers=headers
        )
        assert res.json()["msg"] == "请上传证件人像面和国徽面照片"
        # Another user's pictures, or the two sides swapped, are not this user's ID photos.
        theirs = make_id_photos(session, other)
        res = client.post(prepare, json={**FORM, **theirs}, headers=headers)
        assert (res.status_code, res.json()["code"]) == (404, 62071)
        swapped = {"idPhotoFront": photos["idPhotoBack"], "idPhotoBack": photos["idPhotoFront"]}
        res = client.post(prepare, json={**FORM, **swapped}, headers=headers)
        assert res.status_code == 404
        # The photo checks of 设置 › 证件照片: a side too small to read is refused by its code.
        small = make_id_photos(session, user, width=200)
        for change, code in (
            ({"idPhotoFront": small["idPhotoFront"]}, 5012),
            ({"idPhotoBack": small["idPhotoBack"]}, 5011),
            (small, 5013),
        ):
            res = client.post(prepare, json={**FORM, **photos, **change}, headers=headers)
            assert res.json()["code"] == code, change
        assert sms.sent == []
        prep = client.post(prepare, json={**FORM, **photos}, headers=headers).json()
        assert prep["code"] == 0, prep
        opened = client.post(
            f"{api}/tamp/account/confirmBindAccount",
            json={"bindId": prep["data"]["bindId"], "verifyCode": sms.code(user.phone)},
            headers=headers,
        ).json()
    assert opened["code"] == 0, opened
    account = session.scalar(select(Account).where(Account.broker_user_id == user.id))
    assert account is not None
    assert (account.id_photo_front, account.id_photo_back) == (
        photos["idPhotoFront"],
        photos["idPhotoBack"],
    )
    sensitive = client.get(f"{api}/tamp/getAccountSensitive", headers=headers).json()["data"]
    assert sensitive["idPhotoUploaded"] is True
