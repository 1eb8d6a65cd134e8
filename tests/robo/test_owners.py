"""Ownership sweep of the robo adviser's service-account calls (docs/architecture.md#transport):
another user naming a customer's robo service account or its order answers 404 and writes
nothing; the customer's own call is not refused alike."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from tests.owners import Call, sweep
from tests.robo.conftest import PASSWORD, RoboCalls, RoboWorld, login, open_robo_account
from tests.trading.conftest import make_trader

#: (method, path, fields): ``SA`` and ``ORDER`` the customer's robo service account and its
#: deposit, ``CARD`` the caller's card; the least body that passes validation.
CALLS: list[Call] = [
    (
        "POST",
        "/roboServiceAccount/cancelOrder",
        {
            "tradeUUID": "UUID",
            "serviceAccountId": "SA",
            "brokerOrderNo": "ORDER",
            "tradePassword": PASSWORD,
        },
    ),
    ("POST", "/roboServiceAccount/depositResendVerifyCode", {"serviceAccountId": "SA"}),
    ("POST", "/roboServiceAccount/depositVerifyCode", {"serviceAccountId": "SA"}),
    ("GET", "/roboServiceAccount/dividend/getList", {"serviceAccountId": "SA"}),
    ("GET", "/roboServiceAccount/getAssetDistribution", {"serviceAccountId": "SA"}),
    ("GET", "/roboServiceAccount/getAssetPayments", {"serviceAccountId": "SA"}),
    ("GET", "/roboServiceAccount/homepage/component/detail", {"serviceAccountId": "SA"}),
    (
        "GET",
        "/roboServiceAccount/order/getDetail",
        {"serviceAccountId": "SA", "brokerOrderNo": "ORDER"},
    ),
    ("GET", "/roboServiceAccount/order/getList", {"serviceAccountId": "SA"}),
    ("POST", "/roboServiceAccount/prepareDeposit", {"serviceAccountId": "SA", "amount": "100.00"}),
    ("POST", "/roboServiceAccount/prepareWithdraw", {"serviceAccountId": "SA", "ratio": "100"}),
    (
        "POST",
        "/roboServiceAccount/signDeposit",
        {
            "tradeUUID": "UUID",
            "serviceAccountId": "SA",
            "amount": "100.00",
            "verifyCode": "123456",
            "tradePassword": PASSWORD,
            "paymentMethodId": "CARD",
        },
    ),
    (
        "POST",
        "/roboServiceAccount/updateRoboServiceName",
        {"serviceAccountId": "SA", "roboServiceName": "1"},
    ),
    (
        "POST",
        "/roboServiceAccount/withdraw",
        {
            "tradeUUID": "UUID",
            "serviceAccountId": "SA",
            "ratio": "100",
            "paymentMethodId": "CARD",
            "tradePassword": PASSWORD,
        },
    ),
]

#: The tables a call of the table may write.
WATCHED = {"service_account", "robo_account", "trade_order", "holding", "sms_code"}


def test_another_users_robo_service_account_answers_404(
    session: Session,
    client: TestClient,
    api: str,
    robo: RoboCalls,
    robo_world: RoboWorld,
    adviser: Callable[[], dict[str, str]],
) -> None:
    sa, order = open_robo_account(client, api, robo, robo_world, adviser)
    other = make_trader(session, risk_grade5=3)
    customer = {"SA": sa, "ORDER": order, "CARD": robo.trader.card.id}
    stranger = {**customer, "CARD": other.card.id}
    sweep(
        session,
        client,
        api,
        CALLS,
        owner=(customer, login(session, robo.trader.user)),
        stranger=(stranger, login(session, other.user)),
        watched=WATCHED,
    )
