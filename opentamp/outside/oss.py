"""Object storage (OSS) for uploads such as certificate photos. The local store writes files
under ``var/oss/``; they are read back only through signed, expiring URLs.

Certificate photo recognition is part of the same outside service (the OCR of a real OSS
provider): the local recognizer accepts a JPEG or PNG at least 400×250 pixels on the side it
was taken for, and reports anything smaller as unreadable, so the ID photo errors (5011-5013)
can be exercised with a small picture.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from opentamp.config import get_settings

MIN_WIDTH, MIN_HEIGHT = 400, 250


@dataclass(frozen=True)
class ImageInfo:
    content_type: str
    width: int
    height: int


def image_info(data: bytes) -> ImageInfo | None:
    """The type and size of a PNG or JPEG, read from its header; None for anything else."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return ImageInfo("image/png", width, height)
    if data[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                i += 1
                continue
            marker = data[i + 1]
            if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
                i += 2
                continue
            length = struct.unpack(">H", data[i + 2 : i + 4])[0]
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                height, width = struct.unpack(">HH", data[i + 5 : i + 9])
                return ImageInfo("image/jpeg", width, height)
            i += 2 + length
    return None


class ObjectStore(Protocol):
    def put(self, *, key: str, data: bytes) -> None: ...

    def get(self, *, key: str) -> bytes | None: ...

    def readable_id_side(self, *, info: ImageInfo, side: str) -> bool: ...


class LocalObjectStore:
    def __init__(self, root: Path) -> None:
        self.root = root

    def _path(self, key: str) -> Path:
        path = (self.root / key).resolve()
        if not path.is_relative_to(self.root.resolve()):
            raise ValueError("bad key")
        return path

    def put(self, *, key: str, data: bytes) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)

    def get(self, *, key: str) -> bytes | None:
        path = self._path(key)
        return path.read_bytes() if path.is_file() else None

    def readable_id_side(self, *, info: ImageInfo, side: str) -> bool:
        longer, shorter = max(info.width, info.height), min(info.width, info.height)
        return longer >= MIN_WIDTH and shorter >= MIN_HEIGHT


_store: ObjectStore | None = None


def object_store() -> ObjectStore:
    global _store
    if _store is None:
        _store = LocalObjectStore(get_settings().var_dir / "oss")
    return _store


def use_object_store(store: ObjectStore | None) -> None:
    global _store
    _store = store
