"""Bank cards: binding in three steps, 3001, the card limit, unbinding, signing, the reserved
phone and card changes."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.accounts.trade_password import set_trade_password
from opentamp.models.accounts import FinancialAccount, PaymentMethod
from opentamp.models.cards import CardChangeApplication
from opentamp.models.holdings import Holding
from opentamp.models.verification import SmsCode
from opentamp.outside.oss import LocalObjectStore, use_object_store
from opentamp.outside.payment import CARD_BIND_FAILS
from opentamp.payments.card_change import review_card_changes
from tests.accounts.test_uploads import png
from tests.factories import login, make_account, make_broker, make_fund, make_user
from tests.sms import SmsRecorder

ICBC = "6222021234567890123"  # 622202: 工商银行
CMB = "6225881234567890"  # 622588: 招商银行


def _bind(client: TestClient, api: str, headers: dict, sms: SmsRecorder, card: str,
          phone: str = "13812345678") -> dict:  # fmt: skip
    sent = client.post(
        f"{api}/account/sendNewCardVerifyCode",
        json={"cardNo": card, "phone": phone},
        headers=headers,
    ).json()
    if sent["code"] != 0:
        return sent
    serial = sent["data"]["serialNo"]
    checked = client.post(
        f"{api}/account/checkNewCardVerifyCode",
        json={"serialNo": serial, "verifyCode": sms.code(phone, "bind_card")},
        headers=headers,
    ).json()
    assert checked["data"] == {"serialNo": serial, "verified": True}
    return client.post(
        f"{api}/account/paymentMethod/bind", json={"serialNo": serial}, headers=headers
    ).json()


def test_bind_a_card_in_three_steps(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    user = make_user(session)
    make_account(session, user=user)
    headers = login(session, user)
    bank = client.get(f"{api}/utils/getOpenBankName", params={"cardNo": ICBC}, headers=headers)
    assert bank.json()["data"]["bankName"] == "中国工商银行"
    sent = client.post(
        f"{api}/account/sendNewCardVerifyCode",
        json={"cardNo": "6222 0212 3456 7890 123", "phone": "13812345678"},
        headers=headers,
    ).json()["data"]
    assert (sent["bankNo"], sent["bankCardTail"], sent["phone"]) == ("002", "0123", "138****5678")
    early = client.post(
        f"{api}/account/paymentMethod/bind", json={"serialNo": sent["serialNo"]}, headers=headers
    )
    assert early.json()["msg"] == "请先完成短信验证"
    client.post(
        f"{api}/account/checkNewCardVerifyCode",
        json={"serialNo": sent["serialNo"], "verifyCode": sms.code("13812345678")},
        headers=headers,
    )
    card = client.post(
        f"{api}/account/paymentMethod/bind", json={"serialNo": sent["serialNo"]}, headers=headers
    ).json()["data"]
    assert card["bankCardShowName"] == "工商银行(0123)" and card["paymentNo"] == "**** 0123"
    assert card["paymentType"] == "bank:002" and card["isSigned"] is True
    assert card["singleLimit"] == "50000.00" and card["phone"] == "138****5678"
    row = session.get(PaymentMethod, card["paymentMethodId"])
    assert row is not None and row.card_tail == "0123" and ICBC not in row.card_fingerprint
    again = client.post(
        f"{api}/account/paymentMethod/bind", json={"serialNo": sent["serialNo"]}, headers=headers
    )
    assert again.json()["code"] == 62043
    listed = client.get(f"{api}/account/getPaymentMethods", headers=headers).json()["data"]
    assert [m["paymentMethodId"] for m in listed["paymentMethods"]] == [card["paymentMethodId"]]


def test_the_failing_test_card_answers_3001(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    user = make_user(session)
    make_account(session, user=user)
    res = client.post(
        f"{api}/account/sendNewCardVerifyCode",
        json={"cardNo": CARD_BIND_FAILS, "phone": "13812345678"},
        headers=login(session, user),
    )
    assert res.status_code == 400
    assert res.json()["code"] == 3001 and "银行卡信息校验失败" in res.json()["msg"]
    assert sms.sent == []


def test_card_limits(client: TestClient, api: str, session: Session, sms: SmsRecorder) -> None:
    single = make_broker(session, disable_bind_multi_cards=True, user_bank_card_bind_limit=3)
    user = make_user(session, broker=single)
    make_account(session, user=user)
    headers = login(session, user)
    assert _bind(client, api, headers, sms, ICBC)["code"] == 0
    res = _bind(client, api, headers, sms, CMB)
    assert (res["code"], res["msg"]) == (62041, "最多可绑定1张银行卡，请先解绑后再添加")
    multi = make_broker(session, disable_bind_multi_cards=False, user_bank_card_bind_limit=3)
    other = make_user(session, broker=multi)
    make_account(session, user=other)
    h2 = login(session, other)
    got = client.get(f"{api}/account/getPaymentMethods", headers=h2).json()["data"]
    assert got["bindLimit"] == 5  # max(5, 3)
    dup = _bind(client, api, h2, sms, ICBC, phone="13812340001")
    assert dup["code"] == 0
    assert _bind(client, api, h2, sms, ICBC, phone="13812340002")["code"] == 62042
    mismatch = client.post(
        f"{api}/account/sendNewCardVerifyCode",
        json={"cardNo": CMB, "bankNo": "002", "phone": "13812345678"},
        headers=h2,
    )
    assert mismatch.json()["msg"] == "卡号与所选银行不一致，该卡为招商银行卡"


def test_unbind_needs_the_password_and_keeps_the_last_card_while_holding(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    user = make_user(session)
    account = make_account(session, user=user)
    set_trade_password(account, password="135790")
    headers = login(session, user)
    card = _bind(client, api, headers, sms, ICBC)["data"]
    fund = make_fund(session)
    fa = session.scalar(select(FinancialAccount).where(FinancialAccount.account_id == account.id))
    assert fa is not None
    session.add(
        Holding(
            broker_user_id=user.id,
            account_id=account.id,
            financial_account_id=fa.id,
            fund_code=fund.code,
            shares=Decimal("10.00"),
        )
    )
    session.flush()
    wrong = client.post(
        f"{api}/account/paymentMethod/unbind",
        json={"paymentMethodId": card["paymentMethodId"], "tradePassword": "000000"},
        headers=headers,
    )
    assert wrong.json()["code"] == 62002
    blocked = client.post(
        f"{api}/account/paymentMethod/unbind",
        json={"paymentMethodId": card["paymentMethodId"], "tradePassword": "135790"},
        headers=headers,
    )
    assert blocked.json()["msg"] == "您当前持有资产，需至少保留一张银行卡用于接收赎回款"
    session.query(Holding).filter_by(account_id=account.id).update({"shares": Decimal("0")})
    session.flush()
    done = client.post(
        f"{api}/account/paymentMethod/unbind",
        json={"paymentMethodId": card["paymentMethodId"], "tradePassword": "135790"},
        headers=headers,
    )
    assert done.json()["code"] == 0
    history = client.get(f"{api}/account/getHistoryPaymentMethods", headers=headers).json()
    assert [c["paymentMethodId"] for c in history["data"]] == [card["paymentMethodId"]]
    assert history["data"][0]["unbindDate"] is not None


def test_signing_cmb_and_the_reserved_phone(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    user = make_user(session)
    make_account(session, user=user)
    headers = login(session, user)
    card = _bind(client, api, headers, sms, CMB)["data"]
    row = session.get(PaymentMethod, card["paymentMethodId"])
    assert row is not None
    row.is_signed = False
    session.flush()
    sent = client.post(
        f"{api}/account/paymentMethod/prepareSign",
        json={"paymentMethodId": row.id},
        headers=headers,
    ).json()["data"]
    signed = client.post(
        f"{api}/account/paymentMethod/confirmSign",
        json={"serialNo": sent["serialNo"], "verifyCode": sms.code("13812345678", "sign_card")},
        headers=headers,
    ).json()["data"]
    assert signed["isSigned"] is True
    cmb = client.post(
        f"{api}/payment/cmb/sign", json={"paymentMethodId": row.id}, headers=headers
    ).json()["data"]
    assert cmb["verifyUrl"].endswith(f"/cmbVerifyResult?serialNo={cmb['serialNo']}")
    limits = (row.single_limit, row.daily_limit)

    def read() -> dict:
        res: dict = client.get(
            f"{api}/payment/cmb/verifyResult", params={"serialNo": cmb["serialNo"]}, headers=headers
        ).json()["data"]
        return res

    # A GET only reads: before the bank's page came back nothing is signed, however often.
    for _ in range(2):
        assert read()["status"] == "PROCESSING"
    session.refresh(row)
    assert (row.single_limit, row.daily_limit) == limits
    confirm = {"serialNo": cmb["serialNo"]}
    result = client.post(f"{api}/payment/cmb/verifyResult", json=confirm, headers=headers).json()
    assert result["data"]["status"] == "SUCCESS"
    assert result["data"]["paymentMethod"]["singleLimit"] == "200000.00"
    assert read() == result["data"]
    again = client.post(f"{api}/payment/cmb/verifyResult", json=confirm, headers=headers).json()
    assert again == result
    sent = client.post(
        f"{api}/payment/changeBankCardPhone/sendSms",
        json={"paymentMethodId": row.id, "phone": "13700001111"},
        headers=headers,
    ).json()["data"]
    changed = client.post(
        f"{api}/payment/changeBankCardPhone/confirm",
        json={"serialNo": sent["serialNo"], "verifyCode": sms.code("13700001111", "card_phone")},
        headers=headers,
    ).json()["data"]
    assert (changed["phone"], changed["bankCardPhoneTail"]) == ("137****1111", "1111")


def test_change_a_card_through_the_review(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    user = make_user(session)
    account = make_account(session, user=user)
    set_trade_password(account, password="135790")
    headers = login(session, user)
    old = _bind(client, api, headers, sms, ICBC)["data"]
    bad = client.post(
        f"{api}/onlineChangeCard/verifyUser",
        json={"idNo": "110101199001011234", "tradePassword": "135790"},
        headers=headers,
    )
    assert bad.json()["code"] == 62051
    ok = client.post(
        f"{api}/onlineChangeCard/verifyUser",
        json={"idNo": account.id_no, "tradePassword": "135790"},
        headers=headers,
    )
    assert ok.json()["data"] == {"verified": True}
    new = client.post(
        f"{api}/onlineChangeCard/newCardCheck",
        json={"oldPaymentMethodId": old["paymentMethodId"], "cardNo": CMB, "phone": "13812345678"},
        headers=headers,
    ).json()["data"]
    saved = client.post(
        f"{api}/onlineChangeCard/save",
        json={
            "oldPaymentMethodId": old["paymentMethodId"],
            "serialNo": new["serialNo"],
            "verifyCode": sms.code("13812345678", "change_card"),
            "reason": "原卡丢失",
        },
        headers=headers,
    ).json()["data"]
    assert saved["status"] == "DRAFT" and saved["newCardVerified"] is True
    assert saved["newBankName"] == "招商银行"
    submitted = client.post(
        f"{api}/onlineChangeCard/submit", json={"applyId": saved["applyId"]}, headers=headers
    ).json()["data"]
    assert (submitted["status"], submitted["statusName"]) == ("SUBMITTED", "审核中")
    assert review_card_changes(session) == 1
    detail = client.get(
        f"{api}/onlineChangeCard/detail", params={"applyId": saved["applyId"]}, headers=headers
    ).json()["data"]
    assert detail["status"] == "APPROVED"
    cards = client.get(f"{api}/account/getPaymentMethods", headers=headers).json()["data"]
    assert [c["bankCardTail"] for c in cards["paymentMethods"]] == ["7890"]
    listed = client.get(f"{api}/onlineChangeCard/list", headers=headers).json()["data"]
    assert [a["applyId"] for a in listed] == [saved["applyId"]]


def test_a_wrong_code_on_save_keeps_only_its_count(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    """The wrong code's count is committed with the failing request, so the request writes
    nothing before it: no draft application is left behind."""
    user = make_user(session)
    make_account(session, user=user)
    headers = login(session, user)
    old = _bind(client, api, headers, sms, ICBC)["data"]
    new = client.post(
        f"{api}/onlineChangeCard/newCardCheck",
        json={"oldPaymentMethodId": old["paymentMethodId"], "cardNo": CMB, "phone": "13812345678"},
        headers=headers,
    ).json()["data"]
    code = sms.code("13812345678", "change_card")
    res = client.post(
        f"{api}/onlineChangeCard/save",
        json={
            "oldPaymentMethodId": old["paymentMethodId"],
            "serialNo": new["serialNo"],
            "verifyCode": f"{(int(code) + 1) % 1_000_000:06d}",
            "reason": "原卡丢失",
        },
        headers=headers,
    ).json()
    assert (res["code"], res["msg"]) == (50108, "验证码错误，还可尝试4次")
    assert (
        session.scalars(
            select(CardChangeApplication).where(CardChangeApplication.broker_user_id == user.id)
        ).all()
        == []
    )
    row = session.scalar(
        select(SmsCode)
        .where(SmsCode.purpose == "change_card", SmsCode.subject == new["serialNo"])
        .execution_options(populate_existing=True)
    )
    assert row is not None and row.failures == 1


@pytest.fixture
def object_store(tmp_path: Path) -> Iterator[None]:
    use_object_store(LocalObjectStore(tmp_path))
    yield
    use_object_store(None)


def _upload(client: TestClient, api: str, headers: dict) -> str:
    res = client.post(
        f"{api}/utils/uploadOssResource",
        files={"file": ("a.png", png(64, 64), "image/png")},
        data={"scene": "changeCard"},
        headers=headers,
    ).json()
    key: str = res["data"]["ossKey"]
    return key


@pytest.mark.usefixtures("object_store")
def test_a_card_change_keeps_only_the_callers_own_photos(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    user = make_user(session)
    make_account(session, user=user)
    headers = login(session, user)
    old = _bind(client, api, headers, sms, ICBC)["data"]
    other_headers = login(session, make_user(session))
    mine, theirs = _upload(client, api, headers), _upload(client, api, other_headers)

    def save(photos: list[str]) -> dict:
        body = {"oldPaymentMethodId": old["paymentMethodId"], "reason": "原卡丢失"}
        res: dict = client.post(
            f"{api}/onlineChangeCard/save", json=body | {"photos": photos}, headers=headers
        ).json()
        return res

    for photos in ([theirs], [mine, theirs], ["../../../etc/passwd"], [f"u{user.id}/x.png"]):
        res = save(photos)
        assert (res["code"], res["error"], res["msg"]) == (
            62071,
            "upload_not_found",
            "图片不存在或已失效，请重新上传",
        ), photos
    assert (
        session.scalars(
            select(CardChangeApplication).where(CardChangeApplication.broker_user_id == user.id)
        ).all()
        == []
    )
    saved = save([mine])["data"]
    assert saved["photos"] == [mine]


def test_agreements_merge(client: TestClient, api: str, session: Session) -> None:
    headers = login(session, make_user(session))
    data = client.get(
        f"{api}/account/getAgreements",
        params={"bankNo": "002", "agreementType": "paymentAgreement"},
        headers=headers,
    ).json()["data"]["paymentAgreement"]
    assert data["name"] == "银行授权支付服务协议"
    assert [a["name"] for a in data["agreements"]] == [
        "中国工商银行快捷支付服务协议",
        "委托扣款授权书",
    ]
