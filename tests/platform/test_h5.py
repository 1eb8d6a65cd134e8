"""docs/architecture.md#the-pieces: the built client under /h5/{product}-trade-h5/ with history
fallback."""

from __future__ import annotations

import gzip
from pathlib import Path

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


def _precompressed(web_dist: Path) -> str:
    """An asset with its build-time copies; each copy's text differs so a test sees which one
    was served."""
    asset = web_dist / "assets" / "home-pre123.js"
    asset.write_text("console.log('plain')", encoding="utf-8")
    (web_dist / "assets" / "home-pre123.js.gz").write_bytes(gzip.compress(b"console.log('gz')"))
    (web_dist / "assets" / "home-pre123.js.br").write_bytes(b"brotli bytes")
    return "assets/home-pre123.js"


def test_a_precompressed_copy_is_served_as_it_is(
    client: TestClient, settings: Settings, web_dist: Path
) -> None:
    url = f"{settings.h5_prefix}/{_precompressed(web_dist)}"
    br = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert br.status_code == 200
    assert br.headers["content-encoding"] == "br"
    assert br.headers["vary"] == "Accept-Encoding"
    assert br.headers["content-type"].startswith("text/javascript")
    assert br.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert br.content == b"brotli bytes"

    gz = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert gz.headers["content-encoding"] == "gzip"
    assert gz.headers["vary"] == "Accept-Encoding"
    assert gz.text == "console.log('gz')"

    # brotli refused by weight: the gzip copy
    refused = client.get(url, headers={"Accept-Encoding": "br;q=0, gzip;q=0.5"})
    assert refused.headers["content-encoding"] == "gzip"

    plain = client.get(url, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.headers["vary"] == "Accept-Encoding"
    assert plain.text == "console.log('plain')"
    assert plain.headers["content-type"].startswith("text/javascript")


def test_head_is_answered_without_a_body(
    client: TestClient, settings: Settings, web_dist: Path
) -> None:
    url = f"{settings.h5_prefix}/{_precompressed(web_dist)}"
    asset = client.head(url, headers={"Accept-Encoding": "br"})
    assert asset.status_code == 200 and asset.content == b""
    assert asset.headers["content-encoding"] == "br"
    assert asset.headers["content-length"] == str(len(b"brotli bytes"))
    assert "immutable" in asset.headers["cache-control"]

    page = client.head(f"{settings.h5_prefix}/mine")
    full = client.get(f"{settings.h5_prefix}/mine", headers={"Accept-Encoding": "identity"})
    assert page.status_code == 200 and page.content == b""
    assert page.headers["cache-control"] == "no-cache"
    assert page.headers["content-type"].startswith("text/html")
    assert page.headers["content-length"] == full.headers["content-length"]
    assert page.headers["content-security-policy"] == full.headers["content-security-policy"]

    assert client.head(f"{settings.h5_prefix}/assets/gone.js").status_code == 404
    assert client.head("/", follow_redirects=False).status_code == 307


def test_a_rebuilt_asset_is_served_anew(
    client: TestClient, settings: Settings, web_dist: Path
) -> None:
    """Assets are answered from memory, remembered by their version on disk."""
    url = f"{settings.h5_prefix}/{_precompressed(web_dist)}"
    plain = {"Accept-Encoding": "identity"}
    assert client.get(url, headers=plain).text == "console.log('plain')"
    (web_dist / "assets" / "home-pre123.js").write_text("console.log('rebuilt')", encoding="utf-8")
    again = client.get(url, headers=plain)
    assert again.text == "console.log('rebuilt')"
    assert again.headers["content-length"] == str(len("console.log('rebuilt')"))
    (web_dist / "assets" / "home-pre123.js").unlink()
    assert client.get(url, headers=plain).status_code == 404
