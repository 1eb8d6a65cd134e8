"""The platform's small calls: client reports, trace logs, the caller's address, customer
service, the messaging app's signature, safe redirects, store-link parameters, the broker
setting and the team detail."""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from urllib.parse import quote

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.config import get_settings
from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.popups import CustomerServiceConfig
from opentamp.models.telemetry import ClientMetric, TraceLog
from tests.factories import login, make_broker, make_team, make_user

NOW = datetime(2026, 11, 23, 10, 0, tzinfo=BEIJING)


class TestSaveMetrics:
    def test_stores_a_report_without_a_token(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        with frozen(NOW):
            res = client.post(
                f"{api}/noauth/saveMetrics",
                json={
                    "type": "apiError",
                    "name": "GET /trade/getShares",
                    "message": "请求错误，请稍后再试",
                    "page": "/mine",
                    "url": "/trade/getShares",
                    "method": "get",
                    "status": 502,
                    "broker": 1154,
                    "brokerUserId": 77,
                    "extra": {"traceId": "t-1"},
                },
                headers={"User-Agent": "Mozilla/5.0 (iPhone)"},
            )
        assert res.status_code == 200 and res.json()["data"] == {"saved": True}
        row = session.scalars(select(ClientMetric)).one()
        assert (row.type, row.name, row.status, row.method) == (
            "apiError",
            "GET /trade/getShares",
            502,
            "GET",
        )
        # the user it names is not stored: nothing proves the report is theirs
        assert (row.broker_id, row.broker_user_id, row.page) == (1154, None, "/mine")
        assert row.user_agent == "Mozilla/5.0 (iPhone)" and row.client_ip == "testclient"
        assert row.extra == {"traceId": "t-1"} and row.created_at == NOW

    def test_stores_the_user_only_with_a_token_of_theirs(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        """The brokerUserId is stored when a live token of that very user comes with the report;
        another user's id, an unknown or revoked token, or none, store no user (the report is
        kept all the same)."""
        user, other = make_user(session), make_user(session)
        own = login(session, user)
        revoked = login(session, other)
        assert client.post(f"{api}/auth/logout", headers=revoked).status_code == 200
        cases = [
            (own, user.id, user.id),
            (own, other.id, None),
            (own, None, None),
            ({"Authorization": "Bearer not-a-token"}, user.id, None),
            (revoked, other.id, None),
            ({"Authorization": own["Authorization"].replace("Bearer", "Basic")}, user.id, None),
        ]
        for headers, claimed, stored in cases:
            body = {"type": "jsError", "message": "boom", "brokerUserId": claimed}
            res = client.post(f"{api}/noauth/saveMetrics", json=body, headers=headers)
            assert res.status_code == 200, res.text
            row = session.scalars(select(ClientMetric).order_by(ClientMetric.id.desc())).first()
            assert row is not None and row.broker_user_id == stored, (headers, claimed)

    def test_the_api_document_lists_the_token_as_optional(self, app: FastAPI, api: str) -> None:
        """The call reads the bearer token as every signed-in call does (``deps.OptionalToken``)
        and needs none: its security is the bearer token or nothing, while the sign-in call,
        which reads none, lists no security at all."""
        paths = app.openapi()["paths"]
        assert paths[f"{api}/noauth/saveMetrics"]["post"]["security"] == [{"HTTPBearer": []}, {}]
        assert "security" not in paths[f"{api}/auth/login/captcha"]["post"]

    def test_a_metric_carries_its_value_in_ms(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        res = client.post(
            f"{api}/noauth/saveMetrics", json={"type": "metric", "name": "FCP", "value": 1830}
        )
        assert res.status_code == 200
        assert session.scalars(select(ClientMetric.value)).one() == 1830

    def test_refuses_an_unknown_type_and_oversized_text(self, client: TestClient, api: str) -> None:
        res = client.post(f"{api}/noauth/saveMetrics", json={"type": "spam"})
        assert res.status_code == 400 and res.json()["error"] == "invalid_params"
        res = client.post(
            f"{api}/noauth/saveMetrics", json={"type": "jsError", "message": "x" * 2001}
        )
        assert res.status_code == 400 and res.json()["msg"] == "message 长度超出限制"

    def test_an_address_may_send_a_limited_number_a_minute(
        self, client: TestClient, api: str, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(get_settings(), "metrics_per_minute", 3)
        body = {"type": "jsError", "message": "boom"}
        with frozen(NOW):
            for _ in range(3):
                assert client.post(f"{api}/noauth/saveMetrics", json=body).status_code == 200
            res = client.post(f"{api}/noauth/saveMetrics", json=body)
        assert res.status_code == 429
        assert res.json()["code"] == 63001 and res.json()["msg"] == "上报过于频繁，请稍后再试"
        # The three reports were at NOW; a minute and a second later they no longer count.
        with frozen(NOW + timedelta(seconds=59)):
            assert client.post(f"{api}/noauth/saveMetrics", json=body).status_code == 429
        with frozen(NOW + timedelta(seconds=61)):
            assert client.post(f"{api}/noauth/saveMetrics", json=body).status_code == 200


class TestTraceLogs:
    def test_records_the_step_with_the_terminal(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        user = make_user(session)
        res = client.post(
            f"{api}/tamp/traceLogs",
            json={
                "brokerUserId": user.id,
                "broker": user.broker_id,
                "event": "privacyConsent",
                "terminalIP": "10.1.2.3",
                "terminalType": 2,
                "terminalInfo": "Mozilla/5.0 (Linux; Android 14)",
                "traceInfo": {"page": "/home", "action": "agree"},
            },
            headers=login(session, user),
        )
        assert res.status_code == 200
        row = session.scalars(select(TraceLog)).one()
        assert (row.broker_user_id, row.broker_id, row.event) == (
            user.id,
            user.broker_id,
            "privacyConsent",
        )
        # The address the server saw wins over the one the client claimed.
        assert (row.terminal_ip, row.terminal_type) == ("testclient", "2")
        assert row.terminal_info == "Mozilla/5.0 (Linux; Android 14)"
        assert row.trace_info == {"page": "/home", "action": "agree"}

    def test_needs_a_token_and_the_callers_own_id(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        assert client.post(f"{api}/tamp/traceLogs", json={}).status_code == 401
        user, other = make_user(session), make_user(session)
        res = client.post(
            f"{api}/tamp/traceLogs",
            json={"brokerUserId": other.id, "traceInfo": "x"},
            headers=login(session, user),
        )
        assert res.status_code == 404


def test_get_ip_answers_the_address_the_server_sees(
    client: TestClient, api: str, session: Session
) -> None:
    assert client.get(f"{api}/utils/getIp").status_code == 401
    res = client.get(f"{api}/utils/getIp", headers=login(session, make_user(session)))
    assert res.json()["data"] == {"ip": "testclient"}


class TestCustomerService:
    def test_broker_and_platform_configs(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        broker = make_broker(session, name="测试证券")
        user = make_user(session, broker=broker)
        session.add_all(
            [
                CustomerServiceConfig(
                    broker_id=broker.id, type="broker", chat_url="tel:4001", nickname="小测"
                ),
                CustomerServiceConfig(broker_id=None, type="platform", chat_url="tel:4000"),
            ]
        )
        headers = login(session, user)
        data = client.get(f"{api}/app/customerServiceConfig", headers=headers).json()["data"]
        assert data == {
            "type": "broker",
            "chatUrl": "tel:4001",
            "clientId": "",
            "nickname": "小测",
            "brokerName": "测试证券",
            "userId": str(user.id),
        }
        data = client.get(
            f"{api}/app/customerServiceConfig", params={"type": "platform"}, headers=headers
        ).json()["data"]
        # No platform row of the broker's own: the platform-wide one, named after the user.
        assert (data["chatUrl"], data["nickname"]) == ("tel:4000", "测试用户")

    def test_missing_config_is_a_clear_error(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        res = client.get(
            f"{api}/app/customerServiceConfig", headers=login(session, make_user(session))
        )
        assert res.status_code == 404
        assert res.json()["code"] == 63002 and res.json()["msg"] == "获取客服配置失败"
        res = client.get(
            f"{api}/app/customerServiceConfig",
            params={"type": "other"},
            headers=login(session, make_user(session)),
        )
        assert res.status_code == 400


class TestSignature:
    def test_signs_the_page_without_its_fragment(self, client: TestClient, api: str) -> None:
        with frozen(NOW):
            res = client.get(
                f"{api}/noauth/utils/signature",
                params={"url": "https://h5.example.org/h5/opentamp-trade-h5/home?a=1#top"},
            )
        data = res.json()["data"]
        assert data["appId"] == get_settings().wechat_app_id
        assert data["timestamp"] == 1795399200  # 2026-11-23 10:00 Beijing = 02:00 UTC
        assert len(data["nonce"]) == 16
        plain = (
            f"jsapi_ticket=local-jsapi-ticket&noncestr={data['nonce']}&timestamp=1795399200"
            "&url=https://h5.example.org/h5/opentamp-trade-h5/home?a=1"
        )
        assert data["signature"] == hashlib.sha1(plain.encode()).hexdigest()

    def test_refuses_what_is_not_a_page_address(self, client: TestClient, api: str) -> None:
        for url in ("/home", "javascript:alert(1)", "ftp://x.org/a"):
            res = client.get(f"{api}/noauth/utils/signature", params={"url": url})
            assert res.status_code == 400 and res.json()["code"] == 63005, url


class TestRedirect:
    def check(self, client: TestClient, api: str, url: str) -> tuple[int, dict]:
        res = client.get(f"{api}/noauth/utils/redirect", params={"url": url})
        return res.status_code, res.json()

    def test_paths_of_this_site_and_own_host_pass(self, client: TestClient, api: str) -> None:
        assert self.check(client, api, "/h5/opentamp-trade-h5/allot?productCode=000001")[1][
            "data"
        ] == {"url": "/h5/opentamp-trade-h5/allot?productCode=000001"}
        assert self.check(client, api, "http://testserver/h5/x")[1]["data"] == {
            "url": "http://testserver/h5/x"
        }

    def test_decodes_at_most_five_times(self, client: TestClient, api: str) -> None:
        target = "/home?a=1"
        encoded = target
        for _ in range(5):
            encoded = quote(encoded, safe="")
        assert self.check(client, api, encoded)[1]["data"] == {"url": target}
        # Encoded six times, five decodings leave "%2Fhome%3Fa%3D1": not a path.
        status, body = self.check(client, api, quote(encoded, safe=""))
        assert status == 400 and body["code"] == 63004

    def test_other_sites_and_scripts_are_refused(
        self, client: TestClient, api: str, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        for url in (
            "https://evil.example.com/login",
            "//evil.example.com/x",
            "javascript:alert(1)",
            "home",
            "/\\evil.example.com",
        ):
            status, body = self.check(client, api, url)
            assert status == 400, url
            assert body["msg"] == "跳转地址不在允许范围内，无法打开"
        monkeypatch.setattr(get_settings(), "redirect_allowed_hosts", ["partner.example.com"])
        assert self.check(client, api, "https://partner.example.com/a")[0] == 200


class TestExchangeTeamParam:
    def test_from_any_one_parameter(self, client: TestClient, api: str, session: Session) -> None:
        broker = make_broker(session)
        make_team(session, broker=broker)
        default = make_team(session, broker=broker, is_default=True)
        expected = {
            "teamId": default.id,
            "mid": default.mid,
            "brokerId": broker.id,
            "teamName": default.name,
        }
        url = f"{api}/noauth/utils/exchangeTeamParam"
        assert client.get(url, params={"teamId": default.id}).json()["data"] == expected
        assert client.get(url, params={"mid": default.mid}).json()["data"] == expected
        assert client.get(url, params={"brokerId": broker.id}).json()["data"] == expected
        assert (
            client.get(
                url, params={"teamId": default.id, "mid": default.mid, "brokerId": broker.id}
            ).json()["data"]
            == expected
        )

    def test_wrong_links_get_the_store_link_message(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        team = make_team(session)
        url = f"{api}/noauth/utils/exchangeTeamParam"
        for params in (
            {"teamId": 1},
            {"mid": "NOPE"},
            {"teamId": team.id, "mid": "OTHER"},
            {"teamId": team.id, "brokerId": team.broker_id + 1},
        ):
            res = client.get(url, params=params)
            assert res.status_code == 404, params
            assert res.json()["msg"] == "商户信息传入有误，链接无法打开"
            assert res.json()["error"] == "store_link_invalid"


def test_broker_pre_setting(client: TestClient, api: str, session: Session) -> None:
    broker = make_broker(
        session,
        is_h5_bottom_nav_enabled=False,
        max_real_financial_accounts=3,
        wallet_name="测试宝",
        account_list=[{"financialAccountType": "normal", "financialAccountName": "理财账户"}],
        transfer_url={"type": "PRECONDITION", "url": "https://partner.example.com/t"},
        non_american_popup_excluded=True,
    )
    user = make_user(session, broker=broker)
    assert client.get(f"{api}/tamp/getBrokerPreSetting").status_code == 401
    data = client.get(f"{api}/tamp/getBrokerPreSetting", headers=login(session, user)).json()[
        "data"
    ]
    assert data == {
        "brokerId": broker.id,
        "brokerName": broker.name,
        "isH5BottomNavEnabled": False,
        "accountList": [
            {"financialAccountType": "normal", "financialAccountName": "理财账户", "icon": ""}
        ],
        "transferUrl": {"type": "PRECONDITION", "url": "https://partner.example.com/t"},
        "isTampCreateAccount": True,
        "isDisableOpenAccount": False,
        "isDisableBuy": False,
        "walletName": "测试宝",
        "disableBindMultiCards": True,
        "userBankCardBindLimit": 1,
        "maxRealFinancialAccountCount": 3,
        "isPrivacyPromptDisabled": False,
        "isNonAmericanPopupDisabled": True,
    }


def test_team_detail(client: TestClient, api: str, session: Session) -> None:
    team = make_team(session, theme_color="T7", logo="/logo.png", brief="专业配置")
    data = client.get(f"{api}/noauth/team/detail", params={"teamId": team.id}).json()["data"]
    assert data == {
        "teamId": team.id,
        "brokerId": team.broker_id,
        "mid": team.mid,
        "name": team.name,
        "logo": "/logo.png",
        "brief": "专业配置",
        "theme": {"color": "T7"},
    }
    res = client.get(f"{api}/noauth/team/detail", params={"teamId": 1})
    assert res.status_code == 404 and res.json()["msg"] == "团队不存在"
