"""The hot product reads: answers kept for a moment, viewers remembered for a few seconds."""

from __future__ import annotations

import asyncio
import time
from datetime import date

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.core.tokens import issue_token, revoke_token
from opentamp.deps import viewer_cache
from opentamp.errors import NotFound
from opentamp.kit.schema import CamelModel
from opentamp.products import microcache
from tests.factories import add_navs, make_fund, make_user

API = "/api/v1/opentamp"


class Probe(CamelModel):
    n: int


def test_answers_are_kept_for_a_moment_and_errors_never(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def compute() -> Probe:
        calls.append(1)
        return Probe(n=len(calls))

    first = asyncio.run(microcache.answer(("probe",), compute))
    again = asyncio.run(microcache.answer(("probe",), compute))
    assert first.body == again.body == b'{"code":0,"msg":"ok","data":{"n":1}}'
    assert len(calls) == 1
    later = time.monotonic() + microcache.SECONDS + 1
    monkeypatch.setattr(microcache.time, "monotonic", lambda: later)
    assert asyncio.run(microcache.answer(("probe",), compute)).body.endswith(b'{"n":2}}')

    def failing() -> Probe:
        raise NotFound()

    for _ in range(2):
        with pytest.raises(NotFound):
            asyncio.run(microcache.answer(("failing",), failing))


def test_a_revoked_token_reaches_product_reads_within_seconds(
    client: TestClient, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    fund = make_fund(session, code="950001")
    add_navs(session, fund, {date(2026, 11, 20): "1.0000"})
    user = make_user(session)
    raw = issue_token(session, user=user).access_token
    headers = {"Authorization": f"Bearer {raw}"}
    path = API + "/product/performance"
    assert client.get(path, params={"productCode": "950001"}, headers=headers).status_code == 200
    revoke_token(session, raw)
    # remembered: still answered (product reads are what visitors may read anyway)
    assert client.get(path, params={"productCode": "950001"}, headers=headers).status_code == 200
    later = time.monotonic() + viewer_cache.seconds + 1
    monkeypatch.setattr("opentamp.deps.time.monotonic", lambda: later)
    res = client.get(path, params={"productCode": "950001"}, headers=headers)
    assert res.status_code == 401 and res.json()["error"] == "invalid_token"
    # account calls never rely on the memory
    assert client.get(API + "/private/list", headers=headers).status_code == 401


def test_a_viewer_and_the_claimed_ids_are_read_off_the_event_loop(
    client: TestClient, session: Session, statements_on_the_loop: list[str]
) -> None:
    """The token of a viewer not remembered (get_viewer) and the ids a request claims
    (claimed_ids) are read on a worker thread: on the event loop each round trip would hold
    every other request of the process."""
    fund = make_fund(session, code="950003")
    add_navs(session, fund, {date(2026, 11, 20): "1.0000"})
    user = make_user(session)
    headers = {"Authorization": f"Bearer {issue_token(session, user=user).access_token}"}
    viewer_cache.clear()
    path = API + "/product/performance"
    assert client.get(path, params={"productCode": "950003"}, headers=headers).status_code == 200
    survey = client.get(
        API + "/account/getLatestSurveyInfo", params={"brokerUserId": user.id}, headers=headers
    )
    assert survey.status_code == 200
    other = client.get(
        API + "/account/getLatestSurveyInfo", params={"brokerUserId": user.id + 1}, headers=headers
    )
    assert other.status_code == 404
    assert statements_on_the_loop == []
