"""docs/architecture.md#the-pieces: the built client under /h5/{product}-trade-h5/ with history
fallback."""

from __future__ import annotations

from fastapi.testclient import TestClient

from opentamp.config import Settings


def test_root_redirects_to_the_app(client: TestClient, settings: Settings) -> None:
    res = client.get("/", follow_redirects=False)
    assert res.status_code == 307 and res.headers["location"] == f"{settings.h5_prefix}/"


def test_any_client_route_answers_the_page_with_base_and_config(
    client: TestClient, settings: Settings
) -> None:
    for path in ("", "home", "fa/signContract", "no/such/screen"):
        res = client.get(f"{settings.h5_prefix}/{path}")
        assert res.status_code == 200, path
        assert f'<base href="{settings.h5_prefix}/">' in res.text
        assert '"apiBase": "/api/v1/opentamp"' in res.text
        assert res.headers["cache-control"] == "no-cache"


def test_assets_are_cached_for_good_and_missing_ones_are_404(
    client: TestClient, settings: Settings
) -> None:
    res = client.get(f"{settings.h5_prefix}/assets/index-abc123.js")
    assert res.status_code == 200 and "immutable" in res.headers["cache-control"]
    assert client.get(f"{settings.h5_prefix}/assets/gone.js").status_code == 404


def test_no_escape_from_the_build_folder(client: TestClient, settings: Settings) -> None:
    res = client.get(f"{settings.h5_prefix}/..%2F..%2Fpyproject.toml")
    assert "[project]" not in res.text
