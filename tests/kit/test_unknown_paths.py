"""An unknown path is answered the 404 envelope without asking every route
(opentamp/kit/unknown_paths.py); every path a route takes still reaches it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.routing import _IncludedRouter as IncludedRouter
from fastapi.routing import iter_route_contexts
from fastapi.testclient import TestClient

from opentamp.config import Settings
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.unknown_paths import paths_of

late = api_router()


@late.get("/test/late/{name}")
def late_call(name: str) -> Envelope[str]:
    return ok(name)


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The paths the included routers were asked whether they take."""
    seen: list[str] = []
    real = IncludedRouter.matches

    def spy(self: Any, scope: Any) -> Any:
        seen.append(scope["path"])
        return real(self, scope)

    monkeypatch.setattr(IncludedRouter, "matches", spy)
    yield seen


def test_every_route_of_the_app_is_known(app: FastAPI) -> None:
    paths = paths_of(app.router)
    assert paths is not None
    contexts = list(iter_route_contexts(app.router.routes))
    assert len(contexts) > 400
    for context in contexts:
        path = context.path_format or ""
        example = path.replace("{path:path}", "a/b").replace("{", "").replace("}", "")
        assert paths.take(example), path


def test_an_unknown_path_is_the_404_envelope_without_the_router(
    client: TestClient, api: str, asked: list[str]
) -> None:
    for path in (f"{api}/no/such/call", "/no/such/page", f"{api}/noauth/app/versions"):
        res = client.get(path)
        assert res.status_code == 404, path
        assert res.json() == {
            "code": 40400,
            "msg": "接口不存在",
            "error": "not_found",
            "data": None,
        }
        assert res.headers["x-content-type-options"] == "nosniff"
        assert "default-src 'none'" in res.headers["content-security-policy"]
    assert client.post(f"{api}/no/such/call", json={}).status_code == 404
    assert "x-server-time" in client.get(f"{api}/no/such/call").headers
    assert asked == []


def test_known_paths_still_reach_the_router(
    client: TestClient, api: str, settings: Settings
) -> None:
    assert client.get(f"{api}/noauth/app/version").status_code == 200
    # another method on a known path: the router's 405
    res = client.delete(f"{api}/noauth/app/version")
    assert res.status_code == 405 and res.json()["code"] == 40500
    # a trailing slash the router redirects
    res = client.get(f"{api}/noauth/app/version/", follow_redirects=False)
    assert res.status_code == 307 and res.headers["location"].endswith("/noauth/app/version")
    assert client.get(f"{settings.h5_prefix}/no/such/screen").status_code == 200


def test_a_router_included_later_is_known(app: FastAPI, client: TestClient, api: str) -> None:
    assert client.get(f"{api}/test/late/x").status_code == 404
    app.include_router(late, prefix=api)
    res = client.get(f"{api}/test/late/x")
    assert res.status_code == 200 and res.json()["data"] == "x"
