"""Per-client limits and the sign-in captcha (docs/api.md#limits): one client address may text
only so many codes a window, must solve a graphical captcha for each sign-in code past the
first few, may draw only so many captchas, and the client's address is the peer's unless the
peer is a trusted proxy."""

from __future__ import annotations

import base64
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from opentamp.app import create_app
from opentamp.config import Settings, get_settings
from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.verification import Captcha
from tests.factories import login, make_broker, make_user
from tests.live import live_server
from tests.sms import SmsRecorder

T0 = datetime(2026, 11, 20, 10, 0, tzinfo=BEIJING)
WINDOW = 3600


@pytest.fixture
def limits(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    settings = get_settings()
    monkeypatch.setattr(settings, "client_window_seconds", WINDOW)
    return monkeypatch


def send(client: TestClient, api: str, phone: str, broker_id: int, **captcha: str) -> dict:
    res = client.post(
        f"{api}/auth/login/getPhoneVerifyCode",
        json={"phone": phone, "brokerId": broker_id, **captcha},
    )
    return {"status": res.status_code, "headers": res.headers, **res.json()}


def draw(client: TestClient, api: str) -> dict:
    res = client.post(f"{api}/auth/login/captcha")
    assert res.status_code == 200, res.text
    return res.json()["data"]


def answer_of(session: Session, captcha_id: str) -> str:
    """The answer, read where the server keeps it (never sent over the API)."""
    captcha = session.get(Captcha, captcha_id)
    assert captcha is not None
    return captcha.answer


class TestSmsPerClient:
    def test_a_client_texts_at_most_the_limit_of_codes_a_window(
        self,
        client: TestClient,
        api: str,
        session: Session,
        sms: SmsRecorder,
        limits: pytest.MonkeyPatch,
    ) -> None:
        limits.setattr(get_settings(), "sms_client_limit", 3)
        limits.setattr(get_settings(), "sms_captcha_after", 100)
        broker = make_broker(session)
        with frozen(T0):
            for n in range(3):
                assert send(client, api, f"1390000000{n}", broker.id)["code"] == 0
        with frozen(T0 + timedelta(minutes=10)):
            refused = send(client, api, "13900000009", broker.id)
        # The fourth phone of the window is refused without being texted, with the wait.
        assert refused["status"] == 429 and refused["code"] == 42903
        assert refused["error"] == "sms_client_limit"
        assert refused["msg"] == "获取验证码过于频繁，请50分钟后再试"
        assert refused["headers"]["Retry-After"] == "3000"
        assert refused["data"] == {"retryAfter": 3000}
        assert [phone for phone, _, _ in sms.sent] == [f"1390000000{n}" for n in range(3)]
        with frozen(T0 + timedelta(seconds=WINDOW)):  # a new window
            assert send(client, api, "13900000009", broker.id)["code"] == 0

    def test_codes_of_signed_in_calls_count_too(
        self,
        client: TestClient,
        api: str,
        session: Session,
        sms: SmsRecorder,
        limits: pytest.MonkeyPatch,
    ) -> None:
        limits.setattr(get_settings(), "sms_client_limit", 1)
        user = make_user(session)
        assert send(client, api, "13900000001", user.broker_id)["code"] == 0
        res = client.post(
            f"{api}/account/updatePhone/sendCode",
            json={"phone": "13900000002"},
            headers=login(session, user),
        )
        assert res.status_code == 429 and res.json()["code"] == 42903
        assert int(res.headers["Retry-After"]) > 0

    def test_a_refused_send_costs_the_client_nothing(
        self,
        client: TestClient,
        api: str,
        session: Session,
        sms: SmsRecorder,
        limits: pytest.MonkeyPatch,
    ) -> None:
        limits.setattr(get_settings(), "sms_client_limit", 2)
        broker = make_broker(session)
        assert send(client, api, "13900000001", broker.id)["code"] == 0
        # the phone's minute is not over: refused by the phone's rule, not counted for the client
        assert send(client, api, "13900000001", broker.id)["code"] == 42901
        assert send(client, api, "13900000002", broker.id)["code"] == 0
        assert send(client, api, "13900000003", broker.id)["code"] == 42903

    def test_clients_are_counted_apart(
        self,
        app: FastAPI,
        client: TestClient,
        api: str,
        session: Session,
        sms: SmsRecorder,
        limits: pytest.MonkeyPatch,
    ) -> None:
        limits.setattr(get_settings(), "sms_client_limit", 1)
        broker = make_broker(session)
        other = TestClient(app, client=("198.51.100.7", 40000))
        assert send(client, api, "13900000001", broker.id)["code"] == 0
        assert send(client, api, "13900000002", broker.id)["code"] == 42903
        assert send(other, api, "13900000002", broker.id)["code"] == 0


class TestCaptcha:
    def test_sign_in_codes_past_the_threshold_need_a_captcha(
        self,
        client: TestClient,
        api: str,
        session: Session,
        sms: SmsRecorder,
        limits: pytest.MonkeyPatch,
    ) -> None:
        limits.setattr(get_settings(), "sms_captcha_after", 2)
        broker = make_broker(session)
        assert send(client, api, "13900000001", broker.id)["code"] == 0
        assert send(client, api, "13900000002", broker.id)["code"] == 0
        needed = send(client, api, "13900000003", broker.id)
        assert needed["status"] == 400
        assert needed["code"] == 62012 and needed["error"] == "captcha_required"
        assert needed["msg"] == "请输入图形验证码"
        # asked before the phone is looked at: a bad phone gets the same answer
        assert send(client, api, "12345678901", broker.id)["code"] == 62012

        first = draw(client, api)
        assert first["expiresIn"] == 300
        assert first["image"].startswith("data:image/png;base64,")
        png = base64.b64decode(first["image"].split(",", 1)[1])
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        right = answer_of(session, first["captchaId"])
        assert len(right) == 4 and right not in str(first)

        wrong = "AAAA" if right != "AAAA" else "BBBB"
        res = send(
            client, api, "13900000003", broker.id, captchaId=first["captchaId"], captchaCode=wrong
        )
        assert res["status"] == 400 and res["code"] == 62013
        assert res["msg"] == "图形验证码错误，请重新输入"
        # one try spends the captcha, right or wrong
        res = send(
            client, api, "13900000003", broker.id, captchaId=first["captchaId"], captchaCode=right
        )
        assert res["code"] == 62014 and res["error"] == "captcha_expired"
        assert len(sms.sent) == 2

        second = draw(client, api)
        answer = answer_of(session, second["captchaId"]).lower()  # case does not matter
        ok = send(
            client, api, "13900000003", broker.id, captchaId=second["captchaId"], captchaCode=answer
        )
        assert ok["code"] == 0 and sms.sent[-1][0] == "13900000003"
        again = send(
            client, api, "13900000004", broker.id, captchaId=second["captchaId"], captchaCode=answer
        )
        assert again["code"] == 62014
        # signed-in purposes never ask for one
        assert len(sms.sent) == 3

    def test_a_captcha_expires(
        self,
        client: TestClient,
        api: str,
        session: Session,
        sms: SmsRecorder,
        limits: pytest.MonkeyPatch,
    ) -> None:
        limits.setattr(get_settings(), "sms_captcha_after", 0)
        broker = make_broker(session)
        with frozen(T0):
            drawn = draw(client, api)
        answer = answer_of(session, drawn["captchaId"])
        with frozen(T0 + timedelta(seconds=300)):
            res = send(
                client,
                api,
                "13900000001",
                broker.id,
                captchaId=drawn["captchaId"],
                captchaCode=answer,
            )
        assert res["code"] == 62014 and res["msg"] == "图形验证码已失效，请点击图片刷新"
        assert sms.sent == []

    def test_a_client_draws_at_most_the_limit_of_captchas(
        self, client: TestClient, api: str, limits: pytest.MonkeyPatch
    ) -> None:
        limits.setattr(get_settings(), "captcha_client_limit", 2)
        with frozen(T0):
            draw(client, api)
            draw(client, api)
            res = client.post(f"{api}/auth/login/captcha")
        assert res.status_code == 429 and res.json()["code"] == 42904
        assert res.headers["Retry-After"] == str(WINDOW)
        assert res.json()["msg"] == "图形验证码获取过于频繁，请60分钟后再试"


class TestClientAddress:
    def test_forwarded_for_is_ignored_unless_the_peer_is_a_trusted_proxy(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        headers = {**login(session, make_user(session)), "X-Forwarded-For": "203.0.113.9"}
        res = client.get(f"{api}/utils/getIp", headers=headers)
        assert res.json()["data"]["ip"] == "testclient"

    def test_a_trusted_proxy_names_the_client(
        self, app: FastAPI, settings: Settings, client: TestClient, api: str, session: Session
    ) -> None:
        proxied = create_app(settings.model_copy(update={"trusted_proxies": ["10.0.0.0/8"]}))
        proxied.dependency_overrides = app.dependency_overrides  # the test's session
        headers = {**login(session, make_user(session)), "X-Forwarded-For": "203.0.113.9"}
        behind = TestClient(proxied, client=("10.1.2.3", 40000))
        res = behind.get(f"{api}/utils/getIp", headers=headers)
        assert res.json()["data"]["ip"] == "203.0.113.9"
        # a client that is no proxy cannot name itself
        direct = TestClient(proxied, client=("198.51.100.7", 40000))
        assert direct.get(f"{api}/utils/getIp", headers=headers).json()["data"]["ip"] == (
            "198.51.100.7"
        )


BURST = 20


@pytest.mark.concurrent
@pytest.mark.parametrize(
    ("limit", "after", "refusal"), [(5, 100, 42903), (100, 3, 62012)], ids=["sms", "captcha"]
)
def test_a_burst_from_one_client_is_counted_exactly(
    committed: Engine,
    app: FastAPI,
    api: str,
    sms: SmsRecorder,
    limits: pytest.MonkeyPatch,
    limit: int,
    after: int,
    refusal: int,
) -> None:
    """Twenty sends at once from one client, each to another phone, on separate connections:
    exactly the limit pass (the client's row is locked while it is counted), on SQLite and on
    PostgreSQL alike."""
    limits.setattr(get_settings(), "sms_client_limit", limit)
    limits.setattr(get_settings(), "sms_captcha_after", after)
    with Session(committed) as s:
        broker_id = make_broker(s).id
        s.commit()
    barrier = threading.Barrier(BURST)

    def one(n: int) -> int:
        with httpx.Client(base_url=base, timeout=120) as http:
            barrier.wait()
            res = http.post(
                f"{api}/auth/login/getPhoneVerifyCode",
                json={"phone": f"139{n:08d}", "brokerId": broker_id},
            )
            return int(res.json()["code"])

    with live_server(app) as base, ThreadPoolExecutor(BURST) as pool:
        codes = sorted(pool.map(one, range(BURST)))
    passed = min(limit, after)
    assert codes == [0] * passed + [refusal] * (BURST - passed), codes
    assert len(sms.sent) == passed
