"""Uploads: the object store behind signed URLs, and the ID photo checks 5011-5013."""

from __future__ import annotations

import asyncio
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.models.accounts import Account
from opentamp.outside.oss import LocalObjectStore, image_info, use_object_store
from tests.factories import login, make_account, make_user


def png(width: int, height: int) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    raw = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


@pytest.fixture(autouse=True)
def _store(tmp_path: Path) -> Iterator[None]:
    use_object_store(LocalObjectStore(tmp_path))
    yield
    use_object_store(None)


def test_image_headers() -> None:
    info = image_info(png(640, 400))
    assert info is not None and (info.content_type, info.width, info.height) == (
        "image/png",
        640,
        400,
    )
    assert image_info(b"GIF89a....") is None


def test_upload_and_read_back(client: TestClient, api: str, session: Session) -> None:
    headers = login(session, make_user(session))
    data = png(64, 64)
    res = client.post(
        f"{api}/utils/uploadOssResource",
        files={"file": ("a.png", data, "image/png")},
        data={"scene": "changeCard"},
        headers=headers,
    ).json()["data"]
    assert res["ossKey"].endswith(".png")
    url = res["url"].split("/api/v1/opentamp", 1)[1]
    got = client.get(f"{api}{url}")
    assert got.status_code == 200 and got.content == data
    forged = client.get(f"{api}{url.rsplit('sign=', 1)[0]}sign=deadbeef")
    assert forged.status_code == 404
    bad = client.post(
        f"{api}/utils/uploadOssResource",
        files={"file": ("a.txt", b"hello", "text/plain")},
        headers=headers,
    )
    assert bad.json()["msg"] == "仅支持 JPG、PNG 格式的图片"


@pytest.mark.parametrize(
    ("front", "back", "code"),
    [((100, 60), (800, 500), 5012), ((800, 500), (100, 60), 5011), ((10, 10), (10, 10), 5013)],
)
def test_id_photo_errors(
    client: TestClient, api: str, session: Session, front: tuple, back: tuple, code: int
) -> None:
    user = make_user(session)
    make_account(session, user=user)
    res = client.post(
        f"{api}/account/antiMoney/upload",
        files={
            "idFront": ("f.png", png(*front), "image/png"),
            "idBack": ("b.png", png(*back), "image/png"),
        },
        headers=login(session, user),
    )
    assert res.status_code == 400 and res.json()["code"] == code


def test_id_photos_stored(client: TestClient, api: str, session: Session) -> None:
    user = make_user(session)
    make_account(session, user=user)
    res = client.post(
        f"{api}/account/antiMoney/upload",
        files={
            "idFront": ("f.png", png(856, 540), "image/png"),
            "idBack": ("b.png", png(856, 540), "image/png"),
        },
        headers=login(session, user),
    ).json()
    assert res["code"] == 0
    account = session.query(Account).filter_by(broker_user_id=user.id).one()
    assert account.id_photo_front and account.id_photo_back


def test_uploads_are_stored_off_the_event_loop(
    client: TestClient,
    api: str,
    session: Session,
    statements_on_the_loop: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The picture's check, the object store's write and the row (uploadOssResource,
    antiMoney/upload) run on a worker thread."""
    writes: list[bool] = []
    real_put = LocalObjectStore.put

    def put(self: LocalObjectStore, *args: Any, **kwargs: Any) -> Any:
        try:
            asyncio.get_running_loop()
            writes.append(True)
        except RuntimeError:
            writes.append(False)
        return real_put(self, *args, **kwargs)

    monkeypatch.setattr(LocalObjectStore, "put", put)
    user = make_user(session)
    make_account(session, user=user)
    headers = login(session, user)
    res = client.post(
        f"{api}/utils/uploadOssResource",
        files={"file": ("a.png", png(64, 64), "image/png")},
        data={"scene": "changeCard"},
        headers=headers,
    )
    assert res.json()["code"] == 0
    res = client.post(
        f"{api}/account/antiMoney/upload",
        files={
            "idFront": ("f.png", png(856, 540), "image/png"),
            "idBack": ("b.png", png(856, 540), "image/png"),
        },
        headers=headers,
    )
    assert res.json()["code"] == 0
    assert writes == [False, False, False]
    assert statements_on_the_loop == []
