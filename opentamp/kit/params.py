"""Request parameters as the client sends them (docs/architecture.md#transport,
docs/api.md#request-values).

The client adds ``broker`` to every call and is told to drop empty values, but any client may
still send ``""``, ``null`` or the strings ``undefined``/``null``/``NaN``. This middleware
removes such values from the query string and from JSON bodies before FastAPI validates them,
so that an empty value always means "absent". ``broker`` itself is accepted and ignored by the
schemas (the broker is the token owner's).

It is also where every request's text is first read, so it refuses what no honest client sends
before any of it is parsed or reaches the database (docs/architecture.md#a-request):

- a body over the size limit (413): ``max_body_bytes`` for JSON and every other body,
  ``max_multipart_bytes`` for uploads, checked against ``Content-Length`` before reading and
  against the bytes read;
- a query string or JSON body that is not UTF-8, JSON that is not JSON (or holds ``NaN``),
  JSON nested deeper than :data:`MAX_JSON_DEPTH`;
- text holding a C0 control character other than tab, line feed and carriage return (NUL
  above all, which PostgreSQL cannot store), or half of a UTF-16 surrogate pair, anywhere: the
  path, a query parameter's name or value, a JSON member's name or string value.

The JSON body is parsed once, here, with ``parse_float=Decimal``: numbers never pass through a
float (``1234567890123456.78`` stays exact). :class:`ExactJsonRoute`, the route class of every
router (``kit.envelope.api_router``), hands that value to FastAPI's validation.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Annotated, Any
from urllib.parse import unquote_to_bytes, urlencode

from annotated_types import Ge, Le
from fastapi import Request, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from opentamp.errors import AppError, MalformedRequest, PayloadTooLarge
from opentamp.kit.routing import BuiltOnUseRoute

BLANK_STRINGS = frozenset({"", "undefined", "null", "Null", "NaN"})

# -- whole numbers ---------------------------------------------------------------------------------
#
# Every integer a request carries is declared with one of these types, bounded by the column it
# is compared with or stored in (docs/architecture.md#a-request): a larger number would reach
# the database and fail there (PostgreSQL: integer out of range; SQLite: an int beyond 64 bits),
# a 500. ``tests/test_input_hardening.py`` checks every integer of the OpenAPI document.

#: The largest value of an INTEGER column on PostgreSQL.
INT32_MAX = 2**31 - 1
#: The largest value of a BIGINT column on PostgreSQL, and of any integer on SQLite.
INT64_MAX = 2**63 - 1

#: The id of a row keyed by ``BigId`` (users, accounts, financial accounts, cards, orders,
#: surveys, articles, protocols …).
Id = Annotated[int, Ge(1), Le(INT64_MAX)]
#: The id of a row keyed by an INTEGER column: brokers, teams and fund companies.
SmallId = Annotated[int, Ge(1), Le(INT32_MAX)]
#: Any other whole number stored in an INTEGER column (a code, a status, a count).
SmallInt = Annotated[int, Ge(-INT32_MAX - 1), Le(INT32_MAX)]

#: Deepest nesting of objects and arrays a JSON body may have (the deepest payload, a survey
#: answer inside a list inside the body, needs 4).
MAX_JSON_DEPTH = 32

#: The scope key under which the middleware leaves the parsed, cleaned JSON body.
JSON_BODY_KEY = "opentamp.json_body"

#: C0 control characters except tab, line feed and carriage return; lone UTF-16 surrogates
#: (``"\\ud800"`` in JSON), which no database can store as text.
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]")

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def is_blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip() in BLANK_STRINGS)


def check_text(text: str, where: str) -> None:
    """Refuse control characters (but tab and newlines) and lone surrogates in ``text``."""
    if _FORBIDDEN.search(text):
        where = where or "请求内容"
        raise MalformedRequest(f"{where}{' ' if where.isascii() else ''}含有不允许的控制字符")


def _field_name(name: str) -> str:
    """A parameter's name for a message, unless the name itself is what is wrong."""
    return name if name and not _FORBIDDEN.search(name) and len(name) <= 64 else "请求参数"


def _unquote(raw: bytes) -> str:
    try:
        return unquote_to_bytes(raw.replace(b"+", b" ")).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MalformedRequest("请求参数不是有效的 UTF-8 编码") from exc


def clean_query_string(raw: bytes) -> bytes:
    """The query string without blank values; refuses text that is not UTF-8 or holds control
    characters. Raw non-ASCII bytes are read as UTF-8 and sent on percent-encoded."""
    if not raw:
        return raw
    pairs: list[tuple[str, str]] = []
    for part in raw.split(b"&"):
        if not part:
            continue
        raw_name, _, raw_value = part.partition(b"=")
        name, value = _unquote(raw_name), _unquote(raw_value)
        check_text(name, "请求参数")
        check_text(value, _field_name(name))
        pairs.append((name, value))
    kept = [(k, v) for k, v in pairs if not is_blank(v)]
    if len(kept) == len(pairs) and raw.isascii():
        return raw
    return urlencode(kept).encode("ascii")


def clean_json(value: Any, *, depth: int = 0, where: str = "") -> Any:
    """Drop blank members of objects, at any depth; list items stay where they are. Refuses
    nesting deeper than :data:`MAX_JSON_DEPTH` and control characters in names and texts."""
    if isinstance(value, str):
        check_text(value, where)
        return value
    if isinstance(value, dict | list):
        if depth >= MAX_JSON_DEPTH:
            raise MalformedRequest("请求内容嵌套层级过深")
        if isinstance(value, list):
            return [clean_json(v, depth=depth + 1, where=where) for v in value]
        cleaned = {}
        for k, v in value.items():
            check_text(k, "请求内容")
            if not is_blank(v):
                cleaned[k] = clean_json(v, depth=depth + 1, where=_field_name(k))
        return cleaned
    return value


#: The longest fractional or exponent number literal a JSON body may hold, and the largest
#: power of ten it may reach: far beyond a double (17 digits, 1e308) or an amount, and small
#: enough that turning it into an int or a Decimal costs nothing (``1e999999999`` would cost
#: seconds of CPU in an ``int`` field).
MAX_NUMBER_CHARS = 64
MAX_NUMBER_EXPONENT = 400


def _exact_number(text: str) -> Decimal:
    number = Decimal(text)
    if len(text) > MAX_NUMBER_CHARS or abs(number.adjusted()) > MAX_NUMBER_EXPONENT:
        raise MalformedRequest("请求内容中的数字超出范围")
    return number


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_json(body: bytes) -> Any:
    """A JSON body, numbers exact (``Decimal``), cleaned and checked (:func:`clean_json`)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MalformedRequest("请求内容不是有效的 UTF-8 编码") from exc
    try:
        value = json.loads(text, parse_float=_exact_number, parse_constant=_refuse_constant)
    except RecursionError as exc:
        raise MalformedRequest("请求内容嵌套层级过深") from exc
    except ValueError as exc:
        raise MalformedRequest("请求内容不是有效的 JSON") from exc
    return clean_json(value)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers") or ():
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def _media_type(scope: Scope) -> str:
    return (_header(scope, b"content-type") or "").split(";")[0].strip().lower()


def is_json(media_type: str) -> bool:
    """Whether FastAPI reads a body of this type as JSON (``application/json``, ``…+json``)."""
    return media_type == "application/json" or (
        media_type.startswith("application/") and media_type.endswith("+json")
    )


def _content_length(scope: Scope) -> int | None:
    value = _header(scope, b"content-length")
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


class CleanParamsMiddleware:
    def __init__(
        self, app: ASGIApp, *, max_body_bytes: int = 1 << 20, max_multipart_bytes: int = 11 << 20
    ) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.max_multipart_bytes = max_multipart_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            scope, receive = await self._checked(scope, receive)
        except AppError as error:
            await JSONResponse(error.body(), status_code=error.status)(scope, receive, send)
            return
        await self.app(scope, receive, send)

    async def _checked(self, scope: Scope, receive: Receive) -> tuple[Scope, Receive]:
        check_text(scope.get("path", ""), "请求路径")
        query = scope.get("query_string", b"")
        cleaned = clean_query_string(query)
        if cleaned is not query:
            scope = dict(scope, query_string=cleaned)
        media_type = _media_type(scope)
        multipart = media_type.startswith("multipart/")
        limit = self.max_multipart_bytes if multipart else self.max_body_bytes
        length = _content_length(scope)
        if length is not None and length > limit:
            raise PayloadTooLarge()
        if multipart:  # streamed to the form parser, counted on the way
            return scope, _limited(receive, limit)
        if scope["method"] not in WRITE_METHODS:
            return scope, receive
        body, receive = await _read_body(receive, limit)
        if body and is_json(media_type):
            scope = dict(scope)
            scope[JSON_BODY_KEY] = parse_json(body)
        return scope, receive


async def _read_body(receive: Receive, limit: int) -> tuple[bytes, Receive]:
    """The whole body (at most ``limit`` bytes) and a ``receive`` that replays it."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":  # the client went away: hand it on as it is
            return b"", _replay([message])
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise PayloadTooLarge()
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    body = b"".join(chunks)
    return body, _replay([{"type": "http.request", "body": body, "more_body": False}], receive)


def _limited(receive: Receive, limit: int) -> Receive:
    """``receive`` that stops a streamed body at ``limit`` bytes with a 413 (rendered by the
    error handler in Chinese, errors.py)."""
    size = 0

    async def limited() -> Message:
        nonlocal size
        message = await receive()
        if message["type"] == "http.request":
            size += len(message.get("body", b""))
            if size > limit:
                raise StarletteHTTPException(status_code=413)
        return message

    return limited


def _replay(messages: list[Message], then: Receive | None = None) -> Receive:
    queue = list(messages)

    async def receive() -> Message:
        if queue:
            return queue.pop(0)
        if then is not None:
            return await then()
        return {"type": "http.disconnect"}

    return receive


class ExactJsonRequest(Request):
    """A request whose JSON body is the one :class:`CleanParamsMiddleware` parsed: numbers as
    ``Decimal``, blanks dropped."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            if JSON_BODY_KEY in self.scope:
                self._json = self.scope[JSON_BODY_KEY]
            else:  # an app without the middleware (never in production): still exact
                self._json = json.loads(await self.body(), parse_float=Decimal)
        return self._json


class ExactJsonRoute(BuiltOnUseRoute):
    """The route class of every router: endpoints and dependencies see :class:`ExactJsonRequest`.
    Built when first used (``kit.routing.BuiltOnUseRoute``: each route built once)."""

    def get_route_handler(self) -> Any:
        handler = super().get_route_handler()

        async def exact(request: Request) -> Response:
            return await handler(ExactJsonRequest(request.scope, request.receive))

        return exact


class AnsweredFirstRoute(ExactJsonRoute):
    """A route whose requests :meth:`answer_first` may answer before the route runs (before
    FastAPI solves its dependencies and parameters and hops to a worker thread): a remembered
    read (``deps.RememberedRoute``), the H5 page (``web.mount_h5``). None goes on to the
    route."""

    async def answer_first(self, request: Request) -> Response | None:
        return None

    def get_route_handler(self) -> Any:
        handler = super().get_route_handler()

        async def answer(request: Request) -> Response:
            first = await self.answer_first(request)
            if first is not None:
                return first
            routed: Response = await handler(request)
            return routed

        return answer
