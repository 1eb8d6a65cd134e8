"""Request parameters as the client sends them (docs/architecture.md#transport,
docs/api.md#request-values).

The client adds ``broker`` to every call and is told to drop empty values, but any client may
still send ``""``, ``null`` or the strings ``undefined``/``null``/``NaN``. This middleware
removes such values from the query string and from JSON bodies before FastAPI validates them,
so that an empty value always means "absent". ``broker`` itself is accepted and ignored by the
schemas (the broker is the token owner's).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qsl, urlencode

from starlette.types import ASGIApp, Message, Receive, Scope, Send

BLANK_STRINGS = frozenset({"", "undefined", "null", "Null", "NaN"})


def is_blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip() in BLANK_STRINGS)


def clean_query_string(raw: bytes) -> bytes:
    if not raw:
        return raw
    pairs = parse_qsl(raw.decode("latin-1"), keep_blank_values=True)
    kept = [(k, v) for k, v in pairs if not is_blank(v)]
    if len(kept) == len(pairs):
        return raw
    return urlencode(kept).encode("latin-1")


def clean_json(value: Any) -> Any:
    """Drop blank members of objects, at any depth; list items stay where they are."""
    if isinstance(value, dict):
        return {k: clean_json(v) for k, v in value.items() if not is_blank(v)}
    if isinstance(value, list):
        return [clean_json(v) for v in value]
    return value


class CleanParamsMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        query = scope.get("query_string", b"")
        cleaned = clean_query_string(query)
        if cleaned is not query:
            scope = dict(scope, query_string=cleaned)
        headers = dict(scope.get("headers") or [])
        content_type = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
        if scope["method"] in {"POST", "PUT", "PATCH", "DELETE"} and content_type == (
            b"application/json"
        ):
            receive = await _cleaned_body(receive)
        await self.app(scope, receive, send)


async def _cleaned_body(receive: Receive) -> Receive:
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":  # the client went away: hand it on as it is
            return _replay([message])
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    body = b"".join(chunks)
    try:
        body = json.dumps(clean_json(json.loads(body)), ensure_ascii=False).encode("utf-8")
    except (ValueError, UnicodeDecodeError):
        pass  # invalid JSON is left for the validator to reject with its own message
    return _replay([{"type": "http.request", "body": body, "more_body": False}], receive)


def _replay(messages: list[Message], then: Receive | None = None) -> Receive:
    queue = list(messages)

    async def receive() -> Message:
        if queue:
            return queue.pop(0)
        if then is not None:
            return await then()
        return {"type": "http.disconnect"}

    return receive
