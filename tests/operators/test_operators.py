"""Operator accounts (docs/operators.md): sign-in and its lockout, tokens of their own, roles,
and the audit trail of every action, done or refused."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.errors import AppError
from opentamp.models.operators import Operator, OperatorAudit
from opentamp.models.platform import Broker
from opentamp.operators import service
from opentamp.operators.api import audit
from tests.factories import login, make_broker, make_user
from tests.operators.conftest import PASSWORD


def make_operator(session: Session, broker: Broker, login_name: str, *roles: str) -> int:
    return service.create_operator(
        session,
        broker_id=broker.id,
        login=login_name,
        display_name=f"{login_name}的名字",
        password=PASSWORD,
        roles=roles,
    ).id


def sign_in(
    client: TestClient, api: str, broker: Broker, login_name: str, password: str = PASSWORD
) -> dict[str, Any]:
    body = {"brokerId": broker.id, "login": login_name, "password": password}
    answer: dict[str, Any] = client.post(f"{api}/operator/auth/login", json=body).json()
    return answer


def bearer(answer: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {answer['data']['accessToken']}"}


def audit_rows(session: Session, **where: Any) -> list[OperatorAudit]:
    query = select(OperatorAudit).order_by(OperatorAudit.id)
    for key, value in where.items():
        query = query.where(getattr(OperatorAudit, key) == value)
    return list(session.scalars(query))


def test_sign_in_me_and_sign_out(client: TestClient, session: Session, api: str) -> None:
    broker = make_broker(session)
    operator_id = make_operator(session, broker, "zhuli", "lead_manager", "adviser")
    answer = sign_in(client, api, broker, "zhuli")
    assert answer["code"] == 0
    assert answer["data"]["operator"]["roles"] == ["adviser", "lead_manager"]
    headers = bearer(answer)
    me = client.get(f"{api}/operator/me", headers=headers).json()
    assert me["data"] == {
        "id": operator_id,
        "brokerId": broker.id,
        "login": "zhuli",
        "displayName": "zhuli的名字",
        "roles": ["adviser", "lead_manager"],
    }
    assert client.post(f"{api}/operator/auth/logout", headers=headers).json()["code"] == 0
    gone = client.get(f"{api}/operator/me", headers=headers)
    assert gone.status_code == 401 and gone.json()["error"] == "operator_token_invalid"
    actions = [(r.action, r.outcome, r.operator_id) for r in audit_rows(session, login="zhuli")]
    assert actions == [
        ("operator.create", "ok", None),
        ("auth.login", "ok", operator_id),
        ("auth.logout", "ok", operator_id),
    ]
    assert audit_rows(session, action="auth.login")[0].client_address == "testclient"


def test_wrong_passwords_lock_the_account_and_are_audited(
    client: TestClient, session: Session, api: str
) -> None:
    broker = make_broker(session)
    operator_id = make_operator(session, broker, "tougu", "adviser")
    codes = [sign_in(client, api, broker, "tougu", "wrong-pass-1")["code"] for _ in range(5)]
    assert codes == [67001, 67001, 67001, 67001, 67002]
    locked = sign_in(client, api, broker, "tougu")  # the right password, too late
    assert locked["code"] == 67002 and locked["msg"].startswith("密码错误次数过多，账户已锁定")
    operator = session.get(Operator, operator_id)
    assert operator is not None and operator.locked_until is not None
    outcomes = [r.outcome for r in audit_rows(session, action="auth.login", login="tougu")]
    assert outcomes == ["operator_sign_in_failed"] * 4 + ["operator_locked"] * 2


def test_a_success_resets_the_count(client: TestClient, session: Session, api: str) -> None:
    broker = make_broker(session)
    operator_id = make_operator(session, broker, "tougu", "adviser")
    for _ in range(4):
        sign_in(client, api, broker, "tougu", "wrong-pass-1")
    assert sign_in(client, api, broker, "tougu")["code"] == 0
    operator = session.get(Operator, operator_id)
    assert operator is not None and operator.failed_logins == 0
    assert sign_in(client, api, broker, "tougu", "wrong-pass-1")["code"] == 67001


def test_an_unknown_login_answers_as_a_wrong_password(
    client: TestClient, session: Session, api: str
) -> None:
    broker = make_broker(session)
    make_operator(session, broker, "tougu", "adviser")
    unknown = sign_in(client, api, broker, "nobody")
    wrong = sign_in(client, api, broker, "tougu", "wrong-pass-1")
    assert (
        (unknown["code"], unknown["msg"])
        == (wrong["code"], wrong["msg"])
        == (
            67001,
            "登录名或密码错误",
        )
    )
    [row] = audit_rows(session, login="nobody")
    assert (row.operator_id, row.outcome, row.broker_id) == (
        None,
        "operator_sign_in_failed",
        broker.id,
    )
    # another broker's login is not this broker's
    other = make_broker(session)
    assert sign_in(client, api, other, "tougu")["code"] == 67001


def test_a_disabled_operator_cannot_sign_in_and_loses_tokens(
    client: TestClient, session: Session, api: str
) -> None:
    broker = make_broker(session)
    make_operator(session, broker, "yunying", "operator")
    headers = bearer(sign_in(client, api, broker, "yunying"))
    service.disable_operator(session, broker_id=broker.id, login="yunying")
    assert client.get(f"{api}/operator/me", headers=headers).status_code == 401
    refused = client.post(
        f"{api}/operator/auth/login",
        json={"brokerId": broker.id, "login": "yunying", "password": PASSWORD},
    )
    assert refused.status_code == 403
    assert refused.json()["code"] == 67003 and refused.json()["msg"] == "该操作员账户已停用"


def test_tokens_never_cross(client: TestClient, session: Session, api: str) -> None:
    broker = make_broker(session)
    make_operator(session, broker, "yunying", "operator")
    customer = login(session, make_user(session, broker=broker))
    refused = client.get(f"{api}/operator/me", headers=customer)
    assert refused.status_code == 401 and refused.json()["code"] == 67004
    assert client.get(f"{api}/operator/audit", headers=customer).status_code == 401
    operator = bearer(sign_in(client, api, broker, "yunying"))
    assert client.get(f"{api}/app/customer", headers=customer).status_code == 200
    answer = client.get(f"{api}/app/customer", headers=operator)
    assert answer.status_code == 401 and answer.json()["error"] == "invalid_token"
    assert client.get(f"{api}/operator/me").status_code == 401


def test_role_refusal_is_403_in_chinese_and_audited(
    client: TestClient, session: Session, api: str
) -> None:
    broker = make_broker(session)
    adviser_id = make_operator(session, broker, "tougu", "adviser")
    headers = bearer(sign_in(client, api, broker, "tougu"))
    refused = client.get(f"{api}/operator/audit", headers=headers)
    assert refused.status_code == 403
    assert refused.json() == {
        "code": 67005,
        "msg": "无权执行该操作，需要以下角色之一：操作员",
        "error": "operator_role_required",
        "data": None,
    }
    [row] = audit_rows(session, operator_id=adviser_id, outcome="operator_role_required")
    assert row.action == "GET /operator/audit" and row.detail == {"required": ["operator"]}


def test_audit_list_of_the_broker(client: TestClient, session: Session, api: str) -> None:
    broker, other = make_broker(session), make_broker(session)
    make_operator(session, broker, "yunying", "operator")
    make_operator(session, broker, "tougu", "adviser")
    make_operator(session, other, "elsewhere", "operator")
    headers = bearer(sign_in(client, api, broker, "yunying"))
    page = client.get(f"{api}/operator/audit", headers=headers, params={"size": 2}).json()["data"]
    assert page["total"] == 3 and page["hasMore"] is True  # two creations and the sign-in
    assert [r["action"] for r in page["list"]] == ["auth.login", "operator.create"]
    assert page["list"][0]["actor"] == "operator" and page["list"][0]["login"] == "yunying"
    only = client.get(f"{api}/operator/audit", headers=headers, params={"login": "tougu"})
    rows = only.json()["data"]["list"]
    assert [(r["action"], r["actor"], r["detail"]["roles"]) for r in rows] == [
        ("operator.create", "cli", ["adviser"])
    ]
    assert "elsewhere" not in {r["login"] for r in page["list"]}


def test_a_feature_audits_without_secrets(session: Session) -> None:
    broker = make_broker(session)
    make_operator(session, broker, "zhuli", "lead_manager")
    operator = service.sign_in(
        session, broker_id=broker.id, login="zhuli", password=PASSWORD
    ).operator
    audit(
        session,
        operator,
        "signal.publish",
        ("signal", 42),
        {"rate": "1.5", "tradePassword": "135790", "nested": {"accessToken": "x", "note": "ok"}},
    )
    [row] = audit_rows(session, action="signal.publish")
    assert (row.target_kind, row.target_id, row.actor) == ("signal", "42", "operator")
    assert row.detail == {"rate": "1.5", "nested": {"note": "ok"}}


def test_accounts_rules(session: Session) -> None:
    broker = make_broker(session)
    make_operator(session, broker, "zhuli", "lead_manager")
    cases: list[tuple[dict[str, Any], str]] = [
        ({"login": "zhuli"}, "operator_login_taken"),
        ({"login": "1abc"}, "operator_login_invalid"),
        ({"password": "onlyletters"}, "operator_password_weak"),
        ({"roles": []}, "operator_roles_empty"),
        ({"roles": ["boss"]}, "operator_role_unknown"),
    ]
    for change, error in cases:
        fields: dict[str, Any] = {
            "login": "fresh",
            "display_name": "新人",
            "password": PASSWORD,
            "roles": ["adviser"],
        }
        with pytest.raises(AppError) as refused:
            service.create_operator(session, broker_id=broker.id, **(fields | change))
        assert refused.value.error == error
    held = service.change_roles(
        session, broker_id=broker.id, login="zhuli", add=["adviser"], remove=["lead_manager"]
    )
    assert held == {"adviser"}
    with pytest.raises(AppError) as refused:
        service.change_roles(session, broker_id=broker.id, login="zhuli", remove=["adviser"])
    assert refused.value.error == "operator_roles_empty"
