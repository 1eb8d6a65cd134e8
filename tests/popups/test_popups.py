"""The server state of the pop-ups (docs/product.md#states, docs/product.md#constants)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.accounts import Account
from opentamp.models.popups import ContractConsent, NonAmericanDeclaration, OperationPopup
from opentamp.popups import contracts
from opentamp.popups.service import add_months
from tests.factories import login, make_account, make_broker, make_payment_method, make_user

NOW = datetime(2026, 11, 23, 10, 0, tzinfo=BEIJING)


class TestPaymentResign:
    def test_shows_while_a_card_is_unsigned_and_not_put_off(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        account = make_account(session)
        make_payment_method(session, account=account, is_signed=False)
        user_id = account.broker_user_id
        headers = _login_owner(session, user_id)
        url = f"{api}/account/popupScene"
        params = {"brokerUserId": user_id, "popupScene": "PAYMENT_RESIGN"}
        with frozen(NOW):
            data = client.get(url, params=params, headers=headers).json()["data"]
            assert data == {
                "popupScene": "PAYMENT_RESIGN",
                "paymentResign": True,
                "suppressedUntil": None,
            }
            # 暂不签约 at 10:00 puts it off for 1440 minutes: until 10:00 the next day.
            res = client.post(url, json=params, headers=headers)
        assert res.json()["data"] == {
            "popupScene": "PAYMENT_RESIGN",
            "paymentResign": False,
            "suppressedUntil": "2026-11-24T10:00:00+08:00",
        }
        with frozen(NOW + timedelta(minutes=1439)):
            assert (
                client.get(url, params=params, headers=headers).json()["data"]["paymentResign"]
                is False
            )
        with frozen(NOW + timedelta(minutes=1440)):
            assert (
                client.get(url, params=params, headers=headers).json()["data"]["paymentResign"]
                is True
            )

    def test_no_prompt_without_unsigned_bound_cards(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        account = make_account(session)
        make_payment_method(session, account=account, is_signed=True)
        make_payment_method(session, account=account, is_signed=False, status="unbound")
        headers = _login_owner(session, account.broker_user_id)
        data = client.get(
            f"{api}/account/popupScene", params={"popupScene": "PAYMENT_RESIGN"}, headers=headers
        ).json()["data"]
        assert data["paymentResign"] is False
        assert (
            client.get(f"{api}/account/queryUnsignPayment", headers=headers).json()["data"] is None
        )

    def test_unknown_scene_and_another_users_id(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        user, other = make_user(session), make_user(session)
        headers = login(session, user)
        url = f"{api}/account/popupScene"
        assert client.get(url, params={"popupScene": "X"}, headers=headers).status_code == 400
        res = client.get(
            url, params={"popupScene": "PAYMENT_RESIGN", "brokerUserId": other.id}, headers=headers
        )
        assert res.status_code == 404
        res = client.post(
            url, json={"popupScene": "PAYMENT_RESIGN", "brokerUserId": other.id}, headers=headers
        )
        assert res.status_code == 404


def _login_owner(session: Session, user_id: int) -> dict[str, str]:
    from opentamp.models.auth import BrokerUser

    return login(session, session.get_one(BrokerUser, user_id))


class TestUnsignedPayments:
    def test_lists_the_unsigned_channels_oldest_first(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        broker = make_broker(session, name="测试证券")
        account = make_account(session, user=make_user(session, broker=broker))
        with frozen(NOW - timedelta(days=2)):
            first = make_payment_method(
                session, account=account, bank_no="007", card_tail="1234", is_signed=False
            )
        with frozen(NOW - timedelta(days=1)):
            second = make_payment_method(
                session, account=account, bank_no="901", card_tail="5678", is_signed=False
            )
        make_payment_method(session, account=account, bank_no="002", is_signed=True)
        headers = _login_owner(session, account.broker_user_id)
        params = {"brokerUserId": account.broker_user_id, "accountId": account.id}
        items = client.get(
            f"{api}/account/queryUnsignPayments", params=params, headers=headers
        ).json()["data"]
        assert items == [
            {
                "paymentMethodId": first.id,
                "bankName": "招商银行",
                "bankCardTail": "1234",
                "bankCardPhoneTail": "8000",
                "bankNo": "007",
                "brokerName": "测试证券",
                "supportBankSign": True,
            },
            {
                "paymentMethodId": second.id,
                "bankName": "浙江网商银行",
                "bankCardTail": "5678",
                "bankCardPhoneTail": "8000",
                "bankNo": "901",
                "brokerName": "测试证券",
                "supportBankSign": False,
            },
        ]
        one = client.get(f"{api}/account/queryUnsignPayment", params=params, headers=headers)
        assert one.json()["data"] == items[0]

    def test_another_users_account_is_not_found(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        mine, theirs = make_account(session), make_account(session)
        res = client.get(
            f"{api}/account/queryUnsignPayments",
            params={"accountId": theirs.id},
            headers=_login_owner(session, mine.broker_user_id),
        )
        assert res.status_code == 404


class TestPrivacyConsent:
    def test_check_sign_and_check_again(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        user = make_user(session)
        headers = login(session, user)
        check = f"{api}/account/checkUserLatestContracts"
        params = {"brokerUserId": user.id, "fileTypes": "privacyPolicy"}
        data = client.get(check, params=params, headers=headers).json()["data"]
        assert data == [
            {
                "fileType": "privacyPolicy",
                "fileName": "隐私政策",
                "latestVersion": contracts.PRIVACY_POLICY_VERSION,
                "signedVersion": None,
                "signedAt": None,
                "isSignLatest": False,
            }
        ]
        body = {
            "brokerUserId": user.id,
            "contracts": [
                {"fileType": "privacyPolicy", "version": contracts.PRIVACY_POLICY_VERSION}
            ],
            "terminalInfo": "Mozilla/5.0 (iPhone)",
        }
        with frozen(NOW):
            signed = client.post(f"{api}/account/signLatestContracts", json=body, headers=headers)
            again = client.post(f"{api}/account/signLatestContracts", json=body, headers=headers)
        assert signed.status_code == 200 and again.status_code == 200
        assert signed.json()["data"][0]["isSignLatest"] is True
        assert signed.json()["data"][0]["signedAt"] == "2026-11-23T10:00:00+08:00"
        rows = session.scalars(select(ContractConsent)).all()
        assert len(rows) == 1
        assert (rows[0].terminal_ip, rows[0].terminal_info) == (
            "testclient",
            "Mozilla/5.0 (iPhone)",
        )
        for path in (
            "/account/checkUserLatestContracts",
            "/tamp/account/checkUserLatestContractsResult",
        ):
            data = client.get(f"{api}{path}", params=params, headers=headers).json()["data"]
            assert data[0]["isSignLatest"] is True, path

    def test_a_new_version_needs_a_new_consent(
        self, client: TestClient, api: str, session: Session, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        user = make_user(session)
        headers = login(session, user)
        old = contracts.PRIVACY_POLICY_VERSION
        client.post(
            f"{api}/account/signLatestContracts",
            json={"contracts": [{"fileType": "privacyPolicy", "version": old}]},
            headers=headers,
        )
        monkeypatch.setitem(contracts.LATEST_VERSIONS, "privacyPolicy", "2027.01.01")
        data = client.get(
            f"{api}/account/checkUserLatestContracts",
            params={"fileTypes": "privacyPolicy"},
            headers=headers,
        ).json()["data"][0]
        assert (data["isSignLatest"], data["signedVersion"], data["latestVersion"]) == (
            False,
            old,
            "2027.01.01",
        )
        # Agreeing to the version shown before the update is refused: the text changed.
        res = client.post(
            f"{api}/account/signLatestContracts",
            json={"contracts": [{"fileType": "privacyPolicy", "version": old}]},
            headers=headers,
        )
        assert res.status_code == 409
        assert res.json()["code"] == 63012
        assert res.json()["msg"] == "隐私政策已更新，请阅读最新版本后重新授权"

    def test_unknown_document(self, client: TestClient, api: str, session: Session) -> None:
        headers = login(session, make_user(session))
        res = client.get(
            f"{api}/account/checkUserLatestContracts",
            params={"fileTypes": "privacyPolicy,secretDeal"},
            headers=headers,
        )
        assert res.status_code == 400 and res.json()["msg"] == "不支持的协议类型：secretDeal"
        res = client.post(
            f"{api}/account/signLatestContracts", json={"contracts": []}, headers=headers
        )
        assert res.status_code == 400


class TestNonAmerican:
    def test_users_without_an_account(self, client: TestClient, api: str, session: Session) -> None:
        headers = login(session, make_user(session))
        data = client.get(f"{api}/tamp/account/nonAmerican", headers=headers).json()["data"]
        assert data == {"nonAmerican": None, "hasAccount": False, "declaredAt": None}
        res = client.post(
            f"{api}/account/submitNonAmerican", json={"nonAmerican": True}, headers=headers
        )
        assert res.status_code == 403
        assert res.json()["msg"] == "未开户用户无法进行该操作"

    def test_submit_sets_the_flag_and_keeps_a_record(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        account = make_account(session)
        headers = _login_owner(session, account.broker_user_id)
        data = client.get(f"{api}/tamp/account/nonAmerican", headers=headers).json()["data"]
        assert data == {"nonAmerican": None, "hasAccount": True, "declaredAt": None}
        with frozen(NOW):
            res = client.post(
                f"{api}/account/submitNonAmerican",
                json={
                    "brokerUserId": account.broker_user_id,
                    "nonAmerican": True,
                    "terminalType": 2,
                    "terminalInfo": "UA-1",
                    "traceInfo": "global",
                },
                headers=headers,
            )
        assert res.json()["data"] == {
            "nonAmerican": True,
            "hasAccount": True,
            "declaredAt": "2026-11-23T10:00:00+08:00",
        }
        session.refresh(account)
        assert account.non_american is True
        row = session.scalars(select(NonAmericanDeclaration)).one()
        assert (row.account_id, row.non_american, row.terminal_info) == (account.id, True, "UA-1")


class TestRiskToast:
    def _headers(self, session: Session, **fields: object) -> dict[str, str]:
        account = make_account(session, **fields)
        return _login_owner(session, account.broker_user_id)

    def test_expired_survey_prompts_until_ignored_for_a_month(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        # Assessed 2024-11-21 10:00: valid two years, expired since 2026-11-21 10:00.
        headers = self._headers(
            session, risk_grade5=3, risk_assessed_at=datetime(2024, 11, 21, 10, 0, tzinfo=BEIJING)
        )
        url = f"{api}/toast/isNeedRiskToast"
        with frozen(NOW):
            data = client.get(url, headers=headers).json()["data"]
            assert data == {
                "isNeedToast": True,
                "hasDoneSurvey": True,
                "isExpired": True,
                "riskGrade5": 3,
                "latestSurveyDate": "2024-11-21",
                "ignoredUntil": None,
            }
            res = client.post(
                f"{api}/toast/ignoreRiskToast", json={"ignoreMonths": 1}, headers=headers
            )
        # Ignored on 23 November at 10:00 for one month: until 23 December at 10:00.
        assert res.json()["data"]["isNeedToast"] is False
        assert res.json()["data"]["ignoredUntil"] == "2026-12-23T10:00:00+08:00"
        # A month on, the first token has expired (7 days): sign in again.
        user_id = session.scalars(select(Account.broker_user_id)).one()
        with frozen(datetime(2026, 12, 23, 9, 59, 59, tzinfo=BEIJING)):
            headers = _login_owner(session, user_id)
            assert client.get(url, headers=headers).json()["data"]["isNeedToast"] is False
        with frozen(datetime(2026, 12, 23, 10, 0, tzinfo=BEIJING)):
            assert client.get(url, headers=headers).json()["data"]["isNeedToast"] is True

    def test_default_ignore_is_twelve_months(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        headers = self._headers(
            session, risk_grade5=2, risk_assessed_at=datetime(2023, 1, 1, tzinfo=BEIJING)
        )
        with frozen(NOW):
            data = client.post(f"{api}/toast/ignoreRiskToast", json={}, headers=headers).json()
        assert data["data"]["ignoredUntil"] == "2027-11-23T10:00:00+08:00"
        res = client.post(
            f"{api}/toast/ignoreRiskToast", json={"ignoreMonths": 13}, headers=headers
        )
        assert res.status_code == 400

    def test_no_prompt_for_a_valid_or_missing_survey(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        url = f"{api}/toast/isNeedRiskToast"
        valid = self._headers(
            session, risk_grade5=4, risk_assessed_at=datetime(2024, 11, 23, 10, 1, tzinfo=BEIJING)
        )
        with frozen(NOW):
            data = client.get(url, headers=valid).json()["data"]
        assert (data["isNeedToast"], data["isExpired"]) == (False, False)
        never = self._headers(session, risk_grade5=None)
        data = client.get(url, headers=never).json()["data"]
        assert (data["isNeedToast"], data["hasDoneSurvey"]) == (False, False)
        no_account = login(session, make_user(session))
        assert client.get(url, headers=no_account).json()["data"]["hasDoneSurvey"] is False


@pytest.mark.parametrize(
    ("start", "months", "expected"),
    [
        (datetime(2026, 1, 31, 9, 30), 1, datetime(2026, 2, 28, 9, 30)),
        (datetime(2028, 1, 31, 9, 30), 1, datetime(2028, 2, 29, 9, 30)),
        (datetime(2026, 11, 30), 3, datetime(2027, 2, 28)),
        (datetime(2026, 12, 15), 1, datetime(2027, 1, 15)),
        (datetime(2026, 11, 23), 12, datetime(2027, 11, 23)),
    ],
)
def test_add_months(start: datetime, months: int, expected: datetime) -> None:
    assert add_months(start, months) == expected


class TestOperationPopups:
    def test_live_popups_of_the_broker_and_scene(
        self, client: TestClient, api: str, session: Session
    ) -> None:
        broker, other = make_broker(session), make_broker(session)

        def popup(**fields: object) -> OperationPopup:
            row = OperationPopup(
                broker_id=fields.pop("broker_id", broker.id),
                scene=fields.pop("scene", "HOME"),
                title=fields.pop("title", "活动"),
                start_at=fields.pop("start_at", NOW - timedelta(days=1)),
                **fields,
            )
            session.add(row)
            session.flush()
            return row

        second = popup(title="第二", sort_order=2, end_at=NOW + timedelta(hours=1))
        first = popup(title="第一", sort_order=1, frequency="DAILY", audience="ACCOUNT")
        popup(title="已结束", end_at=NOW)
        popup(title="未开始", start_at=NOW + timedelta(seconds=1))
        popup(title="已停用", enabled=False)
        popup(title="我的页", scene="MINE")
        popup(title="别家", broker_id=other.id)
        with frozen(NOW):
            data = client.get(
                f"{api}/noauth/popup/list", params={"broker": broker.id, "scene": "HOME"}
            ).json()["data"]
        assert [d["title"] for d in data] == ["第一", "第二"]
        assert data[0] == {
            "popupId": first.id,
            "scene": "HOME",
            "title": "第一",
            "content": "",
            "imageUrl": "",
            "linkUrl": "",
            "buttonText": "",
            "frequency": "DAILY",
            "audience": "ACCOUNT",
            "startAt": "2026-11-22T10:00:00+08:00",
            "endAt": None,
        }
        assert data[1]["popupId"] == second.id
        with frozen(NOW):
            titles = [
                d["title"]
                for d in client.get(
                    f"{api}/noauth/popup/list", params={"broker": broker.id}
                ).json()["data"]
            ]
        # Sort order first (我的页 has the default 0), then creation.
        assert titles == ["我的页", "第一", "第二"]
