"""An exact API path is found in a table, the route Starlette's matching would choose, and every
other request reaches the router as before (opentamp/kit/routing.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from fastapi.routing import _EffectiveRouteContext as EffectiveRouteContext
from fastapi.routing import _IncludedRouter as IncludedRouter
from fastapi.testclient import TestClient
from starlette.routing import Match, Route
from starlette.types import Receive, Scope, Send

from opentamp.config import Settings
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.routing import ExactPathDispatch, exact_table

STARLETTE = "starlette's matching"


def chosen_by_the_router(app: FastAPI, method: str, path: str) -> tuple[Match, Any]:
    """The route FastAPI's router chooses for a request: the first that takes it fully."""
    scope: dict[str, Any] = {"type": "http", "method": method, "path": path, "root_path": ""}
    partial: tuple[Match, Any] = (Match.NONE, None)
    for route in app.router.routes:
        if isinstance(route, IncludedRouter):
            match, _, chosen, _ = route._match(scope)
        else:
            match, _ = route.matches(scope)
            chosen = route
        if match == Match.FULL:
            return match, chosen
        if match == Match.PARTIAL and partial[0] == Match.NONE:
            partial = (match, chosen)
    return partial


def exact_api_routes(app: FastAPI) -> Iterator[tuple[str, str]]:
    for route in app.router.routes:
        if isinstance(route, IncludedRouter):
            prefix = route.include_context.prefix
            for inner in route.original_router.routes:
                if isinstance(inner, APIRoute) and not inner.param_convertors:
                    for method in inner.methods:
                        yield method, prefix + inner.path


def dispatch(app: FastAPI) -> ExactPathDispatch:
    stack = app.router.middleware_stack
    assert isinstance(stack, ExactPathDispatch)
    return stack


@pytest.fixture
def matched(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The routes asked whether they take a request's path (a regex each)."""
    seen: list[str] = []
    effective = EffectiveRouteContext.matches
    plain = Route.matches

    def effective_spy(self: Any, scope: Any) -> Any:
        seen.append(self.path)
        return effective(self, scope)

    def plain_spy(self: Any, scope: Any) -> Any:
        seen.append(self.path)
        return plain(self, scope)

    monkeypatch.setattr(EffectiveRouteContext, "matches", effective_spy)
    monkeypatch.setattr(Route, "matches", plain_spy)
    yield seen


@pytest.fixture
def routes_of_requests(app: FastAPI) -> Iterator[list[Any]]:
    """``scope["route"]`` of each request once the router has it."""
    seen: list[Any] = []
    stack = app.router.middleware_stack

    async def record(scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await stack(scope, receive, send)
        finally:
            seen.append(scope.get("route"))

    app.router.middleware_stack = record
    yield seen
    app.router.middleware_stack = stack


def test_every_exact_api_route_is_in_the_table_as_the_router_chooses_it(app: FastAPI) -> None:
    table = exact_table(app.router)
    pairs = set(exact_api_routes(app))
    assert len(pairs) > 400
    assert set(table) == pairs
    for (method, path), entry in table.items():
        match, chosen = chosen_by_the_router(app, method, path)
        assert match == Match.FULL and chosen is entry.route, (method, path)
        assert entry.context().original_route is entry.route


def test_a_call_asks_no_route(
    client: TestClient, api: str, matched: list[str], routes_of_requests: list[Any]
) -> None:
    res = client.get(f"{api}/trade/getAllOrders")
    assert res.status_code == 401 and res.json()["error"] == "invalid_token"
    assert matched == []
    assert routes_of_requests[-1].path == "/trade/getAllOrders"
    res = client.post(f"{api}/trade/buyFund", json={"fundCode": "000001"})
    assert res.status_code == 401
    assert matched == []
    assert routes_of_requests[-1].path == "/trade/buyFund"


def test_the_same_route_and_answer_without_the_table(
    app: FastAPI,
    client: TestClient,
    api: str,
    monkeypatch: pytest.MonkeyPatch,
    routes_of_requests: list[Any],
) -> None:
    calls = [
        ("GET", f"{api}/noauth/app/version"),
        ("GET", f"{api}/account/getAccount"),
        ("GET", f"{api}/trade/getAllOrders"),
        ("POST", f"{api}/trade/buyFund"),
        ("GET", f"{api}/trade/getShares"),
        ("HEAD", f"{api}/noauth/app/version"),
        ("DELETE", f"{api}/noauth/app/version"),
    ]

    def answers() -> list[tuple[int, str, Any]]:
        found = []
        for method, path in calls:
            res = client.request(method, path, json={} if method == "POST" else None)
            body = res.json() if res.content else None
            if isinstance(body, dict) and isinstance(body.get("data"), dict):
                body["data"].pop("serverTime", None)
            found.append((res.status_code, res.headers.get("allow", ""), body))
        return found

    with_table = answers()
    routes_with_table = list(routes_of_requests)
    routes_of_requests.clear()
    monkeypatch.setattr(ExactPathDispatch, "table", lambda self: {})
    assert answers() == with_table
    assert routes_of_requests == routes_with_table
    # another method on an exact path: the router's 405 with its Allow
    assert with_table[-2][0] == 405 and with_table[-1][0] == 405
    assert with_table[-1][1] == "GET"


def test_what_is_not_in_the_table_reaches_the_router(
    client: TestClient, api: str, settings: Settings, matched: list[str]
) -> None:
    base = settings.h5_prefix
    # the H5 app's history fallback and its files (routes with a path parameter)
    assert client.get(f"{base}/mine").status_code in (200, 503)
    assert client.get(f"{base}/assets/none.js").status_code == 404
    assert any(p.endswith("{path:path}") for p in matched)
    # an unknown path: the 404 envelope
    res = client.get(f"{api}/no/such/call")
    assert res.status_code == 404 and res.json()["code"] == 40400
    # a trailing slash the router redirects
    res = client.get(f"{api}/noauth/app/version/", follow_redirects=False)
    assert res.status_code == 307 and res.headers["location"].endswith("/noauth/app/version")


def test_a_route_with_parameters_before_an_exact_path_keeps_it() -> None:
    first = api_router()
    second = api_router()

    @second.get("/a/b")
    def exact() -> Envelope[str]:
        return ok("exact")

    @second.get("/a/c")
    def other() -> Envelope[str]:
        return ok("other")

    app = FastAPI()
    app.include_router(first, prefix="/api")
    app.include_router(second, prefix="/api")
    from opentamp.kit.routing import dispatch_exact_paths

    assert dispatch_exact_paths(app.router)
    client = TestClient(app)
    assert client.get("/api/a/b").json()["data"] == "exact"
    assert set(dispatch(app).table()) == {("GET", "/api/a/b"), ("GET", "/api/a/c")}

    # added to the first router after the table was made: the router's choice again
    @first.get("/a/{name}")
    def named(name: str) -> Envelope[str]:
        return ok(name)

    assert client.get("/api/a/b").json()["data"] == "b"
    assert dispatch(app).table() == {}
    assert client.get("/api/a/c").json()["data"] == "c"
