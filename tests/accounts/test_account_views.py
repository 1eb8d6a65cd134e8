"""The account as the screens read it (masked), addresses, the official account's pushes,
closing the account, and the masking rules themselves."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.kit.masking import mask_card_tail, mask_id_no, mask_name, mask_phone
from opentamp.models.accounts import FinancialAccount, PaymentMethod
from opentamp.models.holdings import Holding
from opentamp.models.wechat import WechatIdentity
from tests.factories import login, make_account, make_fund, make_payment_method, make_user
from tests.sms import SmsRecorder


def test_masking_rules() -> None:
    assert mask_phone("13812345678") == "138****5678"
    assert mask_phone("+8613812345678") == "+86138****5678"
    assert mask_id_no("11010519491231002X") == "1101**********002X"
    assert mask_id_no("H12345678") == "H1*****78"
    assert mask_card_tail("0123") == "**** 0123"
    assert (mask_name("张三"), mask_name("欧阳娜娜")) == ("*三", "**娜娜")


def test_account_views(client: TestClient, api: str, session: Session) -> None:
    user = make_user(session, phone="13812345678")
    account = make_account(
        session,
        user=user,
        id_no="11010519491231002X",
        occupation="05",
        address="北京市朝阳区建国路88号",
        id_valid_until=date(2030, 1, 1),
    )
    make_payment_method(session, account=account)
    session.add(
        FinancialAccount(broker_user_id=user.id, account_id=account.id, name="养老", type="pension")
    )
    session.flush()
    headers = login(session, user)
    got = client.get(f"{api}/account/getAccount", headers=headers).json()["data"]
    assert got["accountId"] == account.id and got["identityNo"] == "1101**********002X"
    assert got["hasPensionAccount"] is True and got["accountManage"] is True
    tamp = client.get(f"{api}/tamp/account", headers=headers).json()["data"]
    assert tamp["hasAccount"] is True and tamp["account"]["hasPaymentMethod"] is True
    info = client.get(f"{api}/tamp/getAccountSensitive", headers=headers).json()["data"]
    assert (info["accountName"], info["phone"], info["occupationName"]) == (
        "*三",
        "138****5678",
        "专业技术人员",
    )
    assert info["idLongTerm"] is False and info["idExpired"] is False
    addresses = client.get(f"{api}/account/getAddressList", headers=headers).json()["data"]
    assert addresses == [
        {"address": "北京市朝阳区建国路88号", "isDefault": True, "source": "account"}
    ]
    me = client.get(f"{api}/app/customer", headers=headers).json()["data"]
    assert me["hasTradePassword"] is False and me["accountType"] == 1


def test_official_account_pushes(client: TestClient, api: str, session: Session) -> None:
    user = make_user(session)
    headers = login(session, user)
    none = client.get(f"{api}/account/broker/officialAccount/subscribe", headers=headers)
    assert none.json()["data"] == {"hasWechat": False, "subscribed": False}
    session.add(
        WechatIdentity(
            broker_id=user.broker_id, app_type="oa", openid="oX", broker_user_id=user.id,
            subscribed=True,
        )
    )  # fmt: skip
    session.flush()
    on = client.get(f"{api}/account/broker/officialAccount/subscribe", headers=headers)
    assert on.json()["data"] == {"hasWechat": True, "subscribed": True}
    off = client.delete(f"{api}/account/broker/officialAccount/subscribe", headers=headers)
    assert off.json()["data"] == {"hasWechat": True, "subscribed": False}


def _close_ticket(
    client: TestClient, api: str, headers: dict, sms: SmsRecorder, user, account
) -> str:  # type: ignore[no-untyped-def]
    client.post(f"{api}/security/IDSms/send", json={"scene": "closeAccount"}, headers=headers)
    return client.post(
        f"{api}/security/IDSms/verify",
        json={"scene": "closeAccount", "idNo": account.id_no, "verifyCode": sms.code(user.phone)},
        headers=headers,
    ).json()["data"]["ticket"]


def test_close_the_account(
    client: TestClient, api: str, session: Session, sms: SmsRecorder
) -> None:
    user = make_user(session)
    account = make_account(session, user=user)
    card = make_payment_method(session, account=account)
    fa = session.query(FinancialAccount).filter_by(account_id=account.id).one()
    fund = make_fund(session)
    holding = Holding(
        broker_user_id=user.id,
        account_id=account.id,
        financial_account_id=fa.id,
        fund_code=fund.code,
        shares=Decimal("5.00"),
    )
    session.add(holding)
    session.flush()
    headers = login(session, user)
    ticket = _close_ticket(client, api, headers, sms, user, account)
    blocked = client.post(f"{api}/account/close", json={"ticket": ticket}, headers=headers)
    assert blocked.json()["msg"] == "您的账户仍有持仓资产，请全部卖出并到账后再注销"
    holding.shares = Decimal("0")
    session.flush()
    done = client.post(f"{api}/account/close", json={"ticket": ticket}, headers=headers)
    assert done.json()["code"] == 0
    session.refresh(card)
    assert card.status == "unbound" and session.get(PaymentMethod, card.id) is not None
    assert client.get(f"{api}/app/customer", headers=headers).status_code == 401
