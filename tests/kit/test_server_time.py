"""Every API answer names the app's time, which the demo clock may have moved ahead."""

from __future__ import annotations

from datetime import datetime

from fastapi.testclient import TestClient

from opentamp.kit.clock import BEIJING, frozen


def test_every_api_answer_carries_the_apps_time(client: TestClient, api: str) -> None:
    with frozen(datetime(2026, 11, 26, 9, 30, tzinfo=BEIJING)):
        ok = client.get(api + "/noauth/app/version")
        missing = client.get(api + "/no/such/call")
    assert ok.headers["X-Server-Time"] == "2026-11-26T09:30:00+08:00"
    # failures too: a screen learns the date from whatever answer came last
    assert missing.status_code == 404
    assert missing.headers["X-Server-Time"] == "2026-11-26T09:30:00+08:00"
