"""Security headers (docs/api.md#security-headers): nosniff and the referrer policy everywhere,
a Content-Security-Policy on every answer, the H5 page's own with the frame-ancestors of the
broker it is opened for, and the API document only where the setting leaves it on."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.app import create_app
from opentamp.config import Settings
from opentamp.web import is_origin
from tests.factories import make_broker, make_team

PARTNER = "https://app.partner.example"


def directives(policy: str) -> dict[str, list[str]]:
    parts = (p.split() for p in policy.split(";") if p.strip())
    return {name: values for name, *values in parts}


def page(client: TestClient, settings: Settings, query: str = "") -> dict[str, list[str]]:
    res = client.get(f"{settings.h5_prefix}/home{query}")
    assert res.status_code == 200
    assert res.headers["x-content-type-options"] == "nosniff"
    assert res.headers["referrer-policy"] == "same-origin"
    return directives(res.headers["content-security-policy"])


def test_api_answers_carry_the_headers(client: TestClient, api: str) -> None:
    for res in (
        client.get(f"{api}/noauth/app/version"),
        client.get(f"{api}/no/such/call"),
        client.post(f"{api}/auth/logout"),
    ):
        assert res.headers["x-content-type-options"] == "nosniff"
        assert res.headers["referrer-policy"] == "same-origin"
        policy = directives(res.headers["content-security-policy"])
        assert policy["default-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
        assert "x-frame-options" not in res.headers


def test_files_of_the_app_are_not_sniffed(client: TestClient, settings: Settings) -> None:
    res = client.get(f"{settings.h5_prefix}/assets/index-abc123.js")
    assert res.headers["x-content-type-options"] == "nosniff"


def test_the_page_allows_its_own_scripts_and_its_config_by_hash(
    client: TestClient, settings: Settings
) -> None:
    res = client.get(f"{settings.h5_prefix}/home")
    [script] = re.findall(r"<script>(.*?)</script>", res.text)
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    policy = directives(res.headers["content-security-policy"])
    assert policy["script-src"] == ["'self'", f"'sha256-{digest}'"]
    assert "'unsafe-inline'" not in policy["script-src"] and "'unsafe-eval'" not in str(policy)
    assert policy["img-src"] == ["'self'", "data:", "blob:", "https:"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'self'"]
    # nobody else frames the app unless a broker allows them
    assert policy["frame-ancestors"] == ["'self'"]


def test_a_broker_names_who_may_frame_its_pages(
    client: TestClient, settings: Settings, session: Session
) -> None:
    framed = make_broker(session, frame_ancestors=[PARTNER, "https://*.partner.example"])
    team = make_team(session, broker=framed)
    other = make_broker(session, frame_ancestors=["https://other.example"])
    session.flush()
    expected = ["'self'", "https://*.partner.example", PARTNER]
    assert page(client, settings, f"?brokerId={framed.id}")["frame-ancestors"] == expected
    assert page(client, settings, f"?broker={framed.id}")["frame-ancestors"] == expected
    assert page(client, settings, f"?teamId={team.id}")["frame-ancestors"] == expected
    assert page(client, settings, f"?mid={team.mid}")["frame-ancestors"] == expected
    assert page(client, settings, f"?brokerId={other.id}")["frame-ancestors"] == [
        "'self'",
        "https://other.example",
    ]
    # an address that names no broker: any broker's partner may frame it
    anyone = page(client, settings)["frame-ancestors"]
    assert {PARTNER, "https://other.example"} <= set(anyone)
    assert page(client, settings, "?brokerId=123456789")["frame-ancestors"] == ["'self'"]


def test_what_is_no_origin_never_reaches_the_header(
    client: TestClient, settings: Settings, session: Session
) -> None:
    bad = ["https://a.example; script-src *", "javascript:alert(1)", "*", "https://x.example/p"]
    broker = make_broker(session, frame_ancestors=[*bad, PARTNER])
    session.flush()
    assert page(client, settings, f"?brokerId={broker.id}")["frame-ancestors"] == [
        "'self'",
        PARTNER,
    ]
    assert not any(is_origin(value) for value in bad)
    assert is_origin("http://localhost:8080") and is_origin("https://*.partner.example")


def test_the_setting_adds_origins_for_every_broker(
    app: FastAPI, settings: Settings, session: Session
) -> None:
    configured = create_app(settings.model_copy(update={"frame_ancestors": [PARTNER]}))
    configured.dependency_overrides = app.dependency_overrides
    client = TestClient(configured)
    assert page(client, settings, "?brokerId=123456789")["frame-ancestors"] == ["'self'", PARTNER]


@pytest.mark.parametrize("path", ["/docs", "/redoc", "/openapi.json"])
def test_api_document_on_for_development_off_in_production(
    settings: Settings, api: str, path: str, tmp_path: Path
) -> None:
    development = TestClient(create_app(settings))
    res = development.get(api + path)
    assert res.status_code == 200
    if path != "/openapi.json":
        policy = directives(res.headers["content-security-policy"])
        assert policy["frame-ancestors"] == ["'none'"] and "https:" in policy["script-src"]
    production = TestClient(create_app(settings.model_copy(update={"api_docs": False})))
    res = production.get(api + path)
    assert res.status_code == 404 and res.json()["error"] == "not_found"
