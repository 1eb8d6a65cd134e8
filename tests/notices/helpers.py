"""What a user sees of the notice centre, through its calls: the notices of a category (newest
first) and the unread badge per category."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi.testclient import TestClient


def notices_of(
    client: TestClient, api: str, headers: dict[str, str], category: str
) -> list[dict[str, Any]]:
    res = client.get(
        f"{api}/notice/getNotice", params={"category": category, "size": 100}, headers=headers
    )
    assert res.status_code == 200, res.text
    return list(res.json()["data"]["list"])


def badge(client: TestClient, api: str, headers: dict[str, str]) -> dict[str, int]:
    """The unread count of each category, and ``total``."""
    res = client.get(f"{api}/notice/getUnReadNotice", headers=headers)
    assert res.status_code == 200, res.text
    data = res.json()["data"]
    return {"total": data["total"], **{c["category"]: c["unread"] for c in data["categories"]}}


def moment(notice: dict[str, Any]) -> datetime:
    """A notice's ``createTime`` as an aware moment."""
    return datetime.fromisoformat(notice["createTime"])
