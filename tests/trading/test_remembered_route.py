"""A remembered answer served before its route (docs/scale.md#answer-cache): the hot signed-in
reads (``deps.RememberedRoute``) check the token with the versions in one query made by the
driver on the event loop, and serve what is remembered without solving the route; anything
else is answered by the route as before. These tests run on committed data through the
server's own sessions (the per-test rolled-back session is a connection no other sees)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, event, update

from opentamp.core.answers import AnswerCache, RedisAnswers, answers, token_reader
from opentamp.db import transaction
from opentamp.kit.clock import now
from opentamp.models.auth import AuthToken
from opentamp.models.products import Fund
from tests.factories import make_fund
from tests.trading.conftest import Api, Trader, end_other_connections, make_trader


class Counted:
    """Statements SQLAlchemy runs on the engine, and token queries the fast reader asks."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.statements = 0
        self.asked = token_reader().asked
        event.listen(engine, "before_cursor_execute", self._count)

    def _count(self, *_: Any) -> None:
        self.statements += 1

    def reset(self) -> None:
        self.statements, self.asked = 0, token_reader().asked

    def fast_queries(self) -> int:
        return token_reader().asked - self.asked

    def close(self) -> None:
        event.remove(self.engine, "before_cursor_execute", self._count)


@pytest.fixture
def counted(committed: Engine) -> Iterator[Counted]:
    counter = Counted(committed)
    yield counter
    counter.close()


@pytest.fixture
def investor(committed: Engine) -> Trader:
    with transaction() as s:
        trader = make_trader(s)
        make_fund(s, code="110011")
    return trader


def _api(client: TestClient, api: str, trader: Trader) -> Api:
    return Api(client, api, trader)


@pytest.mark.parametrize(
    "path",
    [
        "/account/getAccountAssetDetailByConfig",
        "/account/getAccount",
        "/trade/getAllOrders",
        "/uniteOrder/list",
    ],
)
def test_a_remembered_answer_is_one_token_query_and_no_route(
    served: TestClient, api: str, investor: Trader, counted: Counted, path: str
) -> None:
    me = _api(served, api, investor)
    counted.reset()
    first = me.get(path, financialAccountId=investor.fa.id)
    # computed: the token query once (by the driver, left for the route), the read's own
    assert counted.fast_queries() == 1
    assert counted.statements >= 1
    counted.reset()
    again = me.get(path, financialAccountId=investor.fa.id)
    assert again == first
    assert (counted.fast_queries(), counted.statements) == (1, 0)


def test_a_write_is_in_the_very_next_read(served: TestClient, api: str, investor: Trader) -> None:
    me = _api(served, api, investor)
    path = "/account/getAccountAsset"
    before = me.get(path, financialAccountId=investor.fa.id)["data"]
    assert me.get(path, financialAccountId=investor.fa.id)["data"] == before
    me.buy_fund("110011", "100.00")
    after = me.get(path, financialAccountId=investor.fa.id)["data"]
    assert after != before
    assert me.get("/trade/getAllOrders")["data"]["total"] == 1
    holdings = "/account/getAccountAssetDetailByConfig"
    names = [
        i["productName"]
        for g in me.get(holdings, financialAccountId=investor.fa.id)["data"]["groups"]
        for i in g["items"]
    ]
    with transaction() as s:  # a write of no one user: the world's version
        s.execute(
            update(Fund).where(Fund.code == "110011").values(name="改名后", short_name="改名后")
        )
    renamed = [
        i["productName"]
        for g in me.get(holdings, financialAccountId=investor.fa.id)["data"]["groups"]
        for i in g["items"]
    ]
    assert names and renamed != names


def test_a_revoked_or_expired_token_is_refused_with_an_answer_remembered(
    served: TestClient, api: str, investor: Trader, committed: Engine
) -> None:
    me = _api(served, api, investor)
    assert me.get("/account/getAccount")["code"] == 0
    with transaction() as s:
        s.execute(update(AuthToken).values(expires_at=now() - timedelta(seconds=1)))
    res = served.get(f"{api}/account/getAccount", headers=investor.headers)
    assert res.status_code == 401
    assert res.json()["error"] == "invalid_token"
    with transaction() as s:
        s.execute(update(AuthToken).values(expires_at=now() + timedelta(days=1)))
    assert me.get("/account/getAccount")["code"] == 0
    assert served.post(f"{api}/auth/logout", headers=investor.headers).status_code == 200
    res = served.get(f"{api}/account/getAccount", headers=investor.headers)
    assert res.status_code == 401
    assert res.json()["error"] == "invalid_token"


def test_errors_are_the_routes(served: TestClient, api: str, investor: Trader) -> None:
    me = _api(served, api, investor)
    with transaction() as s:
        other = make_trader(s)
    mine = me.get("/account/getAccount", brokerUserId=investor.user.id)
    assert mine["code"] == 0
    assert me.get("/account/getAccount", brokerUserId=investor.user.id) == mine
    # another user's id, whose answer the other user has remembered: 404, as for no such id
    _api(served, api, other).get("/account/getAccount", brokerUserId=other.user.id)
    res = me.get("/account/getAccount", status=404, brokerUserId=other.user.id)
    assert res["error"] == "not_found"
    res = me.get("/account/getAccountAsset", status=404, financialAccountId=other.fa.id)
    assert res["error"] == "not_found"
    # parameters are checked before the token, as the route always did
    res = served.get(
        f"{api}/trade/getAllOrders",
        params={"size": "1000"},
        headers={"Authorization": "Bearer not-a-token"},
    )
    assert res.status_code == 400
    assert res.json()["error"] == "invalid_params"
    assert served.get(f"{api}/account/getAccount").status_code == 401
    res = served.get(f"{api}/account/getAccount", headers={"Authorization": "Basic abc"})
    assert res.status_code == 401


def test_a_connection_the_server_closed_does_not_fail_the_read(
    served: TestClient, api: str, investor: Trader, committed: Engine
) -> None:
    if committed.dialect.name != "postgresql":
        pytest.skip("the server closing a connection is PostgreSQL's")
    me = _api(served, api, investor)
    first = me.get("/account/getAccount")
    assert end_other_connections(committed)
    assert me.get("/account/getAccount") == first


def test_answers_remembered_in_redis_are_served_before_the_route(
    served: TestClient, api: str, investor: Trader, counted: Counted, redis_answers: RedisAnswers
) -> None:
    me = _api(served, api, investor)
    first = me.get("/account/getAccount")
    assert list(redis_answers._redis.scan_iter(match="answer:*", count=1000))
    counted.reset()
    assert me.get("/account/getAccount") == first
    assert (counted.fast_queries(), counted.statements) == (1, 0)


def test_an_unreachable_redis_is_a_miss_before_the_route_too(
    served: TestClient, api: str, investor: Trader
) -> None:
    answers.use(RedisAnswers("redis://127.0.0.1:9/0"))
    try:
        me = _api(served, api, investor)
        first = me.get("/account/getAccount")
        assert first["code"] == 0
        assert me.get("/account/getAccount") == first
    finally:
        answers.use(AnswerCache())
