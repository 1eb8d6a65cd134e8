"""docs/architecture.md#transport: the envelope, the error model, tokens, ownership, empty
parameters."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated

import pytest
from fastapi import FastAPI, Query
from fastapi.testclient import TestClient
from pydantic import Field
from sqlalchemy.orm import Session

from opentamp.core.tokens import hash_token, issue_token, revoke_token
from opentamp.deps import CurrentUser, SessionDep
from opentamp.errors import AppError
from opentamp.kit.clock import BEIJING, frozen
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.ownership import owned, require_self
from opentamp.kit.schema import CamelModel
from opentamp.models.auth import AuthToken, TradeRequest
from tests.factories import login, make_user

probe = api_router()


class EchoIn(CamelModel):
    fund_code: str | None = None
    amount: str | None = None
    count: Annotated[int | None, Field(ge=1)] = None


class EchoOut(CamelModel):
    query: dict[str, str]
    body: dict[str, object] | None = None


class NotEnoughShares(AppError):
    code = 60001
    error = "not_enough_shares"
    msg = "可用份额不足"


@probe.get("/test/echo")
def echo_query(
    fund_code: Annotated[str | None, Query(alias="fundCode")] = None,
    page: int = 1,
) -> Envelope[EchoOut]:
    return ok(EchoOut(query={"fundCode": str(fund_code), "page": str(page)}))


@probe.post("/test/echo")
def echo_body(body: EchoIn) -> Envelope[EchoOut]:
    return ok(EchoOut(query={}, body=body.model_dump(exclude_none=True, by_alias=True)))


@probe.get("/test/me")
def me(
    user: CurrentUser, broker_user_id: Annotated[int | None, Query(alias="brokerUserId")] = None
) -> Envelope[dict[str, int]]:
    require_self(user.id, broker_user_id)
    return ok({"brokerUserId": user.id})


@probe.get("/test/token/{token_id}")
def my_token(token_id: int, user: CurrentUser, session: SessionDep) -> Envelope[dict[str, int]]:
    token = owned(session, AuthToken, token_id, owner_id=user.id)
    return ok({"id": token.id})


@probe.post("/test/fail")
def fail() -> Envelope[None]:
    raise NotEnoughShares()


@probe.post("/test/crash")
def crash() -> Envelope[None]:
    raise RuntimeError("boom")


@pytest.fixture(scope="module", autouse=True)
def _mount_probe(app: FastAPI, api: str) -> None:
    if not any(getattr(r, "path", "") == f"{api}/test/echo" for r in app.routes):
        app.include_router(probe, prefix=api)


class TestEnvelope:
    def test_success(self, client: TestClient, api: str) -> None:
        res = client.get(f"{api}/noauth/app/version")
        assert res.status_code == 200
        body = res.json()
        assert body["code"] == 0 and body["msg"] == "ok"
        assert set(body["data"]) == {"version", "minVersion", "serverTime", "tradeDate"}

    def test_trade_date_follows_the_clock(self, client: TestClient, api: str) -> None:
        with frozen(datetime(2026, 9, 30, 15, 1)):
            data = client.get(f"{api}/noauth/app/version").json()["data"]
        assert data["tradeDate"] == "2026-10-08"
        assert data["serverTime"] == "2026-09-30T15:01:00+08:00"

    def test_business_error(self, client: TestClient, api: str) -> None:
        res = client.post(f"{api}/test/fail", json={})
        assert res.status_code == 400
        assert res.json() == {
            "code": 60001,
            "msg": "可用份额不足",
            "error": "not_enough_shares",
            "data": None,
        }

    def test_validation_error_is_chinese_400(self, client: TestClient, api: str) -> None:
        res = client.post(f"{api}/test/echo", json={"count": 0})
        assert res.status_code == 400
        body = res.json()
        assert body["code"] == 40001 and body["error"] == "invalid_params"
        assert body["msg"] == "count 不能小于 1"
        res = client.get(f"{api}/test/echo", params={"page": "abc"})
        assert res.status_code == 400 and res.json()["msg"] == "page 格式不正确"

    def test_malformed_json(self, client: TestClient, api: str) -> None:
        res = client.post(
            f"{api}/test/echo", content=b"{oops", headers={"Content-Type": "application/json"}
        )
        assert res.status_code == 400
        assert res.json()["msg"] == "请求内容不是有效的 JSON"

    def test_unknown_path_and_method(self, client: TestClient, api: str) -> None:
        res = client.get(f"{api}/no/such/call")
        assert res.status_code == 404 and res.json()["error"] == "not_found"
        res = client.delete(f"{api}/noauth/app/version")
        assert res.status_code == 405 and res.json()["code"] == 40500

    def test_unexpected_error_is_a_500_envelope_without_details(
        self, client: TestClient, api: str
    ) -> None:
        res = client.post(f"{api}/test/crash", json={})
        assert res.status_code == 500
        assert res.json() == {
            "code": 50000,
            "msg": "系统繁忙，请稍后再试",
            "error": "internal_error",
            "data": None,
        }


class TestEmptyParameters:
    def test_blank_query_values_are_absent(self, client: TestClient, api: str) -> None:
        for blank in ("", "null", "undefined", "NaN"):
            res = client.get(f"{api}/test/echo?fundCode={blank}&page=&broker=1154")
            assert res.status_code == 200, blank
            assert res.json()["data"]["query"] == {"fundCode": "None", "page": "1"}

    def test_blank_body_members_are_absent_and_broker_ignored(
        self, client: TestClient, api: str
    ) -> None:
        res = client.post(
            f"{api}/test/echo",
            json={"fundCode": "", "amount": None, "count": 2, "broker": 1154},
        )
        assert res.status_code == 200
        assert res.json()["data"]["body"] == {"count": 2}


class TestTokens:
    def test_missing_wrong_and_malformed_tokens(self, client: TestClient, api: str) -> None:
        for headers in ({}, {"Authorization": "Bearer nope"}, {"Authorization": "Basic abc"}):
            res = client.get(f"{api}/test/me", headers=headers)
            assert res.status_code == 401
            assert res.json() == {
                "code": 40100,
                "msg": "登录已过期",
                "error": "invalid_token",
                "data": None,
            }

    def test_valid_token(self, client: TestClient, api: str, session: Session) -> None:
        user = make_user(session)
        res = client.get(f"{api}/test/me", headers=login(session, user))
        assert res.status_code == 200 and res.json()["data"] == {"brokerUserId": user.id}

    def test_expired_token(self, client: TestClient, api: str, session: Session) -> None:
        user = make_user(session)
        with frozen(datetime(2026, 1, 5, 9, 0)):
            headers = login(session, user)
        res = client.get(f"{api}/test/me", headers=headers)
        assert res.status_code == 401 and res.json()["error"] == "invalid_token"

    def test_token_valid_until_its_expiry(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        user = make_user(session)
        start = datetime(2026, 11, 2, 9, 0, tzinfo=BEIJING)
        with frozen(start):
            issued = issue_token(session, user=user)
        headers = {"Authorization": f"Bearer {issued.access_token}"}
        with frozen(start + timedelta(seconds=issued.expires_in - 1)):
            assert client.get(f"{api}/test/me", headers=headers).status_code == 200
        with frozen(start + timedelta(seconds=issued.expires_in)):
            assert client.get(f"{api}/test/me", headers=headers).status_code == 401

    def test_revoked_token(self, client: TestClient, api: str, session: Session) -> None:
        user = make_user(session)
        issued = issue_token(session, user=user)
        revoke_token(session, issued.access_token)
        res = client.get(
            f"{api}/test/me", headers={"Authorization": f"Bearer {issued.access_token}"}
        )
        assert res.status_code == 401

    def test_tokens_are_stored_hashed(self, session: Session) -> None:
        user = make_user(session)
        issued = issue_token(session, user=user)
        stored = session.query(AuthToken).filter_by(broker_user_id=user.id).one()
        assert stored.token_hash == hash_token(issued.access_token)
        assert issued.access_token not in stored.token_hash


class TestOwnership:
    def test_another_users_object_is_404(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        alice, bob = make_user(session), make_user(session)
        alice_headers, bob_headers = login(session, alice), login(session, bob)
        alice_token = session.query(AuthToken).filter_by(broker_user_id=alice.id).one()
        assert (
            client.get(f"{api}/test/token/{alice_token.id}", headers=alice_headers).status_code
            == 200
        )
        res = client.get(f"{api}/test/token/{alice_token.id}", headers=bob_headers)
        assert res.status_code == 404 and res.json()["error"] == "not_found"
        # exactly like an id that does not exist
        missing = client.get(f"{api}/test/token/987654321", headers=bob_headers)
        assert missing.json() == res.json()

    def test_another_users_broker_user_id_is_404(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        alice, bob = make_user(session), make_user(session)
        headers = login(session, alice)
        assert (
            client.get(
                f"{api}/test/me", params={"brokerUserId": alice.id}, headers=headers
            ).status_code
            == 200
        )
        assert (
            client.get(
                f"{api}/test/me", params={"brokerUserId": bob.id}, headers=headers
            ).status_code
            == 404
        )


def test_a_failed_request_writes_nothing(client: TestClient, api: str, session: Session) -> None:
    before = session.query(TradeRequest).count()
    client.post(f"{api}/test/fail", json={})
    assert session.query(TradeRequest).count() == before
