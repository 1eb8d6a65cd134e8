"""Security of every call of sign-in, accounts, cards, security and suitability:

- a second user's token with the first user's ids answers 404 (docs/architecture.md#transport), for
every call
  that takes an id, and for every read given the first user's brokerUserId or accountId;
- no response carries a full phone, identity or card number (all responses of a whole journey
  and every read are scanned).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.accounts.routes import router as accounts_router
from opentamp.auth.routes import router as auth_router
from opentamp.payments.routes import router as payments_router
from opentamp.security.routes import router as security_router
from opentamp.suitability.questionnaire import RISK_QUESTIONS
from opentamp.suitability.routes import router as suitability_router
from opentamp.suitability.surveys import create_survey
from tests.factories import login, make_fund, make_id_photos, make_user
from tests.sms import SmsRecorder

ROUTERS = [auth_router, accounts_router, payments_router, security_router, suitability_router]
PHONE = "13812349876"
CARD_PHONE = "13698761234"
ID_NO = "11010519491231002X"
CARD = "6222021234567890123"
NEW_CARD = "6225880011223344"


class Journey:
    def __init__(self, client: TestClient, api: str) -> None:
        self.client, self.api = client, api
        self.bodies: list[str] = []

    def call(self, method: str, path: str, headers: dict, **kw: Any) -> dict:
        res = self.client.request(method, f"{self.api}{path}", headers=headers, **kw)
        self.bodies.append(res.text)
        return res.json()


@pytest.fixture
def world(client: TestClient, api: str, session: Session, sms: SmsRecorder) -> dict[str, Any]:
    create_survey(session, code="RISKSCAN", title="风险测评", kind="risk", questions=RISK_QUESTIONS)
    fund = make_fund(session, risk_level=5)
    j = Journey(client, api)
    user = make_user(session, phone=PHONE)
    a = login(session, user)
    prep = j.call(
        "POST",
        "/tamp/account/prepareBindAccount",
        a,
        json={
            "name": "王小红",
            "idType": "0",
            "idNo": ID_NO,
            "occupation": "02",
            "address": "北京市朝阳区建国路88号",
            "nonAmerican": True,
            "agreeProtocol": True,
            **make_id_photos(session, user),
        },
    )["data"]
    account = j.call(
        "POST",
        "/tamp/account/confirmBindAccount",
        a,
        json={"bindId": prep["bindId"], "verifyCode": sms.code(PHONE)},
    )["data"]
    j.call("POST", "/security/pwd/set", a, json={"password": "135790"})
    sent = j.call(
        "POST", "/account/sendNewCardVerifyCode", a, json={"cardNo": CARD, "phone": CARD_PHONE}
    )["data"]
    j.call(
        "POST",
        "/account/checkNewCardVerifyCode",
        a,
        json={"serialNo": sent["serialNo"], "verifyCode": sms.code(CARD_PHONE)},
    )
    card = j.call("POST", "/account/paymentMethod/bind", a, json={"serialNo": sent["serialNo"]})
    fa = j.call(
        "POST", "/account/createFinancialAccount", a, json={"financialAccountName": "教育金"}
    )
    new = j.call(
        "POST",
        "/onlineChangeCard/newCardCheck",
        a,
        json={
            "oldPaymentMethodId": card["data"]["paymentMethodId"],
            "cardNo": NEW_CARD,
            "phone": "13512345678",
        },
    )["data"]
    apply = j.call(
        "POST",
        "/onlineChangeCard/save",
        a,
        json={"oldPaymentMethodId": card["data"]["paymentMethodId"], "reason": "丢失"},
    )["data"]
    sign = j.call(
        "POST",
        "/account/paymentMethod/prepareSign",
        a,
        json={"paymentMethodId": card["data"]["paymentMethodId"]},
    )["data"]
    other = make_user(session)
    b = login(session, other)
    # B opens an account of its own, so that "no account" never explains a 404.
    from tests.factories import make_account

    make_account(session, user=other, id_no="110101199003071233")
    return {
        "journey": j,
        "a": a,
        "b": b,
        "user": user,
        "account_id": account["accountId"],
        "card_id": card["data"]["paymentMethodId"],
        "fa_id": fa["data"]["financialAccountId"],
        "bind_id": prep["bindId"],
        "apply_id": apply["applyId"],
        "serial": new["serialNo"],
        "sign_serial": sign["serialNo"],
        "fund": fund.code,
    }


def test_another_users_ids_answer_404(client: TestClient, api: str, world: dict[str, Any]) -> None:
    w, b = world, world["b"]
    writes = [
        ("PUT", "/account/updateFinancialAccount",
         {"financialAccountId": w["fa_id"], "financialAccountName": "改名"}),
        ("POST", "/account/batchUpdateFinancialAccountHiddenStatus",
         {"financialAccountList": [{"financialAccountId": w["fa_id"], "isHidden": True}]}),
        ("POST", "/account/paymentMethod/unbind",
         {"paymentMethodId": w["card_id"], "tradePassword": "135790"}),
        ("POST", "/account/paymentMethod/prepareSign", {"paymentMethodId": w["card_id"]}),
        ("POST", "/account/paymentMethod/confirmSign",
         {"serialNo": w["sign_serial"], "verifyCode": "123456"}),
        ("POST", "/account/checkNewCardVerifyCode",
         {"serialNo": w["serial"], "verifyCode": "123456"}),
        ("POST", "/account/paymentMethod/bind", {"serialNo": w["serial"]}),
        ("POST", "/payment/cmb/sign", {"paymentMethodId": w["card_id"]}),
        ("POST", "/payment/changeBankCardPhone/sendSms",
         {"paymentMethodId": w["card_id"], "phone": "13900001111"}),
        ("POST", "/payment/changeBankCardPhone/confirm",
         {"serialNo": w["sign_serial"], "verifyCode": "123456"}),
        ("POST", "/onlineChangeCard/newCardCheck",
         {"oldPaymentMethodId": w["card_id"], "cardNo": "6222020000111122",
          "phone": "13900001111"}),
        ("POST", "/onlineChangeCard/save", {"oldPaymentMethodId": w["card_id"], "reason": "x"}),
        ("POST", "/payment/cmb/verifyResult", {"serialNo": w["sign_serial"]}),
        ("POST", "/onlineChangeCard/submit", {"applyId": w["apply_id"]}),
        ("POST", "/tamp/account/confirmBindAccount",
         {"bindId": w["bind_id"], "verifyCode": "1234"}),
        ("POST", "/tamp/account/mockBrokerVerify", {"bindId": w["bind_id"]}),
        # The first user's ids named in a body of any write.
        ("POST", "/account/createFinancialAccount",
         {"financialAccountName": "甲", "brokerUserId": w["user"].id}),
        ("POST", "/account/setting", {"hideAmounts": True, "accountId": w["account_id"]}),
        ("POST", "/security/pwd/verify", {"password": "135790", "brokerUserId": w["user"].id}),
        ("POST", "/account/answerSurvey",
         {"surveyId": 1, "answers": [{"questionId": 1}], "accountId": w["account_id"]}),
    ]  # fmt: skip
    for method, path, body in writes:
        res = client.request(method, f"{api}{path}", json=body, headers=b)
        assert res.status_code == 404, (path, res.json())
    reads = [
        ("/onlineChangeCard/detail", {"applyId": w["apply_id"]}),
        ("/payment/cmb/verifyResult", {"serialNo": w["sign_serial"]}),
    ]
    for path, params in reads:
        res = client.get(f"{api}{path}", params=params, headers=b)
        assert res.status_code == 404, (path, res.json())
    # Every read, given the first user's brokerUserId or accountId.
    for route in _routes("GET"):
        for claim in ({"brokerUserId": w["user"].id}, {"accountId": w["account_id"]}):
            params = {**_sample_params(route, w), **claim}
            res = client.get(f"{api}{route.path}", params=params, headers=b)
            assert res.status_code == 404, (route.path, claim, res.json())


def _routes(method: str) -> list[APIRoute]:
    return [
        r
        for router in ROUTERS
        for r in router.routes
        if isinstance(r, APIRoute)
        and method in r.methods
        and r.include_in_schema
        and not r.path.startswith("/noauth/")
    ]


def _sample_params(route: APIRoute, w: dict[str, Any]) -> dict[str, Any]:
    samples = {
        "productCode": w["fund"],
        "productType": "fund",
        "surveyId": 1,
        "applyId": w["apply_id"],
        "serialNo": w["sign_serial"],
        "cardNo": CARD,
        "bankNo": "002",
    }
    names = {p.alias or p.name for p in route.dependant.query_params}
    return {k: v for k, v in samples.items() if k in names}


def test_no_response_carries_a_full_number(
    client: TestClient, api: str, world: dict[str, Any]
) -> None:
    w = world
    j: Journey = w["journey"]
    for route in _routes("GET"):
        res = client.get(f"{api}{route.path}", params=_sample_params(route, w), headers=w["a"])
        assert res.status_code < 500, route.path
        j.bodies.append(res.text)
    assert len(j.bodies) > 30
    text = "\n".join(j.bodies)
    for secret in (PHONE, CARD_PHONE, ID_NO, CARD, NEW_CARD, "13512345678"):
        assert secret not in text, secret
        assert json.dumps(secret)[1:-1] not in text
    assert "138****9876" in text and "1101**********002X" in text and "**** 0123" in text
