"""The bearer token of a request is read one way (``deps.OptionalToken`` and ``deps.token_of``,
HTTPBearer's reading: the scheme in any case, the token without surrounding blanks) by every
step that looks at it: the ids a request claims, the signed-in user, the trade password
compared first, and the calls that take a token without requiring one."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from tests.factories import login, make_user


def _spaced(headers: dict[str, str]) -> dict[str, str]:
    """The same token after ``Bearer`` and two blanks: HTTPBearer reads the token alone."""
    token = headers["Authorization"].removeprefix("Bearer ")
    return {"Authorization": f"bearer  {token}"}


@pytest.mark.parametrize("claim", [False, True])
def test_a_call_claiming_the_user_reads_the_token_as_the_signed_in_user_does(
    client: TestClient, api: str, session: Session, claim: bool
) -> None:
    """The claimed ``brokerUserId`` is checked against the same token ``CurrentUser`` reads:
    a request the call answers without the claim it answers with it too."""
    user = make_user(session)
    headers = _spaced(login(session, user))
    params = {"brokerUserId": user.id} if claim else {}
    res = client.get(f"{api}/account/getFinancialAccountList", params=params, headers=headers)
    assert res.status_code == 200, res.text


def test_another_scheme_is_no_token(client: TestClient, api: str, session: Session) -> None:
    user = make_user(session)
    token = login(session, user)["Authorization"].removeprefix("Bearer ")
    headers = {"Authorization": f"Basic {token}"}
    params = {"brokerUserId": user.id}
    res = client.get(f"{api}/account/getFinancialAccountList", params=params, headers=headers)
    assert res.status_code == 401 and res.json()["error"] == "invalid_token"
