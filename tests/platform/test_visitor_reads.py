"""A visitor (retail visitor identity) reads what the app shell needs on every page; a 401
there would send them to sign-in from any page."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.core.tokens import issue_token
from tests.factories import make_broker, make_user


def test_a_visitor_reads_the_shell_calls(client: TestClient, api: str, session: Session) -> None:
    broker = make_broker(session, is_h5_bottom_nav_enabled=False)
    visitor = make_user(session, broker=broker, status="visitor")
    headers = {"Authorization": f"Bearer {issue_token(session, user=visitor).access_token}"}
    res = client.get(f"{api}/tamp/getBrokerPreSetting", headers=headers)
    assert res.status_code == 200 and res.json()["data"]["isH5BottomNavEnabled"] is False
    assert client.get(f"{api}/utils/getIp", headers=headers).status_code == 200
    # this broker has no customer service configured: not found, but not a sign-in demand
    assert client.get(f"{api}/app/customerServiceConfig", headers=headers).status_code == 404
    # ...but nothing of an account
    assert client.get(f"{api}/account/getFinancialAccountList", headers=headers).status_code == 401
