"""Serving the built H5 app under ``/h5/{product}-trade-h5/`` (docs/architecture.md#the-pieces).

Files of ``web/dist`` are served as they are (hashed assets cached for a year, ``immutable``);
any other path under the base answers ``index.html`` so the client's router can take it (history
fallback). The build writes a brotli (``.br``) and a gzip (``.gz``) copy beside each text asset
(docs/architecture.md#first-load): a request that accepts one gets that copy as it is, with its
``Content-Encoding`` and ``Vary: Accept-Encoding``, so nothing is compressed per request. HEAD is
answered like GET, without the body. The hashed assets (``assets/``) are answered on the event
loop from memory (:func:`asset_answer`: a file is read once per version of it on disk, known by
its size and modification time), by a route of their own that opens no database session; the
page and the other files take the catch-all route, where the page too is answered on the event
loop while the frame-ancestors of its broker are remembered under the broker watch's stamp
(:class:`RememberedFrameAncestors`, docs/scale.md#the-h5-page).
The page gets a ``<base href>`` and the product's runtime config, so one build serves any
``OPENTAMP_PRODUCT``.

The page carries its Content-Security-Policy (docs/api.md#security-headers): scripts only from
the app itself plus the runtime config by its hash, styles from the app and inline (antd-mobile
and the loading screen set inline styles), images also as ``data:`` and from any https host
(logos and avatars), and ``frame-ancestors`` the app itself plus the origins allowed to frame
the broker the address names (``brokerId``/``broker``, ``teamId`` or ``mid``), or, when it names
none, those of every broker, with ``Settings.frame_ancestors`` in either case.
"""

from __future__ import annotations

import base64
import hashlib
import json
import mimetypes
import os
from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from stat import S_ISREG
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.config import Settings
from opentamp.core.broker_watch import broker_watch
from opentamp.kit.headers import csp
from opentamp.kit.params import AnsweredFirstRoute
from opentamp.models.platform import Broker, Team

_NOT_BUILT = """<!doctype html><meta charset="utf-8"><title>OpenTAMP</title>
<p>H5 客户端尚未构建。请运行 <code>npm --prefix web ci && npm --prefix web run build</code>。</p>"""

_ORIGIN_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-.:*/[]")


def is_origin(value: str) -> bool:
    """A source fit for frame-ancestors: ``https://host[:port]`` (a ``*.`` wildcard allowed)
    or ``http://`` likewise, nothing else (no path, no separator a header could be bent by)."""
    value = value.lower()
    scheme, sep, host = value.partition("://")
    return (
        sep == "://"
        and scheme in ("http", "https")
        and bool(host)
        and "/" not in host
        and set(host) <= _ORIGIN_CHARS
        and "*" not in host.removeprefix("*.")
    )


def _int(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() and len(value) < 10 else None


#: What in a page's address selects its broker: (brokerId or broker, teamId, mid).
FrameKey = tuple[int | None, int | None, str]


def frame_key(query: Mapping[str, str]) -> FrameKey:
    """The broker an address names (module docstring), as :func:`broker_frame_ancestors`
    reads it."""
    broker_id = _int(query.get("brokerId")) or _int(query.get("broker"))
    if broker_id is not None:
        return broker_id, None, ""
    return None, _int(query.get("teamId")), (query.get("mid") or "")[:32]


def broker_frame_ancestors(session: Session, query: Mapping[str, str]) -> list[str]:
    """The origins allowed to frame the pages of the broker the query names, or of every
    broker when it names none (module docstring)."""
    broker_id, team_id, mid = frame_key(query)
    if broker_id is None and (team_id is not None or mid):
        where = Team.id == team_id if team_id is not None else Team.mid == mid
        broker_id = session.scalar(select(Team.broker_id).where(where).limit(1))
    lists = session.scalars(
        select(Broker.frame_ancestors).where(Broker.id == broker_id)
        if broker_id is not None
        else select(Broker.frame_ancestors)
    )
    return sorted({origin for origins in lists for origin in origins or ()})


@lru_cache(maxsize=256)
def page_policy(config_script: str, frame_ancestors: tuple[str, ...]) -> str:
    """The page's Content-Security-Policy (module docstring)."""
    digest = base64.b64encode(hashlib.sha256(config_script.encode()).digest()).decode()
    ancestors = ["'self'", *dict.fromkeys(o for o in frame_ancestors if is_origin(o))]
    return csp(
        {
            "default-src": ["'self'"],
            "script-src": ["'self'", f"'sha256-{digest}'"],
            "style-src": ["'self'", "'unsafe-inline'"],
            "img-src": ["'self'", "data:", "blob:", "https:"],
            "font-src": ["'self'", "data:"],
            "connect-src": ["'self'"],
            "frame-src": ["'self'", "https:", "blob:"],
            "media-src": ["'self'", "data:", "blob:"],
            "worker-src": ["'self'", "blob:"],
            "object-src": ["'none'"],
            "base-uri": ["'self'"],
            "form-action": ["'self'"],
            "frame-ancestors": ancestors,
        }
    )


#: Precompressed copies, best first: (Accept-Encoding token, file suffix).
PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header: str) -> set[str]:
    """The codings an ``Accept-Encoding`` header accepts (``q=0`` refuses one)."""
    accepted = set()
    for part in header.lower().split(","):
        name, _, params = part.partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if name.strip() and weight > 0:
            accepted.add(name.strip())
    if "*" in accepted:
        accepted.update(coding for coding, _ in PRECOMPRESSED)
    return accepted


def _negotiated(
    path: Path, accept_encoding: str, cache_control: str
) -> tuple[Path, dict[str, str]]:
    """The file to send for ``path`` — its precompressed copy when the client accepts one
    (module docstring) — and the response's headers."""
    headers = {"Cache-Control": cache_control}
    compressed = [
        coding for coding, suffix in PRECOMPRESSED if path.with_name(path.name + suffix).is_file()
    ]
    if compressed:
        headers["Vary"] = "Accept-Encoding"
        accepted = accepted_encodings(accept_encoding)
        for coding, suffix in PRECOMPRESSED:
            if coding in compressed and coding in accepted:
                headers["Content-Encoding"] = coding
                return path.with_name(path.name + suffix), headers
    return path, headers


def _media_type(path: Path) -> str:
    return mimetypes.guess_type(path.name)[0] or "application/octet-stream"


def asset_response(path: Path, accept_encoding: str, cache_control: str) -> FileResponse:
    """The file, or its precompressed copy when the client accepts one, from the disk."""
    chosen, headers = _negotiated(path, accept_encoding, cache_control)
    return FileResponse(chosen, headers=headers, media_type=_media_type(path))


@lru_cache(maxsize=1024)
def _file_bytes(path: Path, size: int, mtime_ns: int) -> bytes | None:
    """A file's content, remembered by its version on disk (a rebuilt file is read again)."""
    try:
        return path.read_bytes()
    except OSError:
        return None


def _read(path: Path) -> bytes | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return _file_bytes(path, info.st_size, info.st_mtime_ns) if S_ISREG(info.st_mode) else None


IMMUTABLE = "public, max-age=31536000, immutable"


def asset_answer(dist: Path, path: str, accept_encoding: str, *, head: bool) -> Response:
    """A hashed asset of the build, or its precompressed copy, as :func:`asset_response` would
    answer it, from memory; 404 for a file not there (or outside the build folder)."""
    candidate = (dist / "assets" / path).resolve()
    if not (candidate.is_relative_to(dist) and candidate.is_file()):
        return Response(status_code=404)
    chosen, headers = _negotiated(candidate, accept_encoding, IMMUTABLE)
    body = _read(chosen)
    if body is None:
        return Response(status_code=404)
    if head:
        headers["Content-Length"] = str(len(body))
        return Response(status_code=200, headers=headers, media_type=_media_type(candidate))
    return Response(body, headers=headers, media_type=_media_type(candidate))


@lru_cache(maxsize=4)
def _index_html(path: Path, size: int, mtime_ns: int, base: str, script: str) -> bytes | None:
    """The page with its ``<base href>`` and runtime config, remembered by the version of
    ``index.html`` on disk (a rebuilt page is read again)."""
    try:
        html = path.read_text(encoding="utf-8")
    except OSError:
        return None
    head = f'<base href="{base}/"><script>{script}</script>'
    return html.replace("<head>", "<head>" + head, 1).encode("utf-8")


def _page_html(page: Path, base: str, script: str) -> bytes | None:
    """The page (:func:`_index_html`) at one ``stat`` of ``index.html``; None when not built."""
    try:
        info = page.stat()
    except OSError:
        return None
    if not S_ISREG(info.st_mode):
        return None
    return _index_html(page, info.st_size, info.st_mtime_ns, base, script)


class RememberedFrameAncestors:
    r"""The brokers' ``frame-ancestors`` by the address's :data:`FrameKey`, each remembered
    under the broker watch's stamp it was read after (``core.broker_watch``): served while the
    stamp is the same, so an edit of a broker or a team (whoever makes it: the database's
    triggers report it) applies to the next page on every replica. Keys beyond ``SIZE`` (made-up
    ``mid``\ s, say) start the memory over."""

    SIZE = 1024

    def __init__(self) -> None:
        self._data: dict[FrameKey, tuple[int, tuple[str, ...]]] = {}

    def get(self, key: FrameKey, stamp: int | None) -> tuple[str, ...] | None:
        hit = self._data.get(key) if stamp is not None else None
        return hit[1] if hit is not None and hit[0] == stamp else None

    def put(self, key: FrameKey, stamp: int | None, ancestors: tuple[str, ...]) -> None:
        if stamp is None:
            return
        if len(self._data) >= self.SIZE and key not in self._data:
            self._data.clear()
        self._data[key] = (stamp, ancestors)

    def clear(self) -> None:
        self._data.clear()


remembered_frame_ancestors = RememberedFrameAncestors()

#: The request scope's key of the broker watch's stamp the page's fast path read
#: (:func:`mount_h5`), under which the route remembers what it reads.
_STAMP = "opentamp.h5.stamp"


def _page_answer(body: bytes, policy: str, *, head: bool) -> Response:
    headers = {"Cache-Control": "no-cache", "Content-Security-Policy": policy}
    if head:
        headers["Content-Length"] = str(len(body))
        return Response(status_code=200, headers=headers, media_type="text/html")
    return HTMLResponse(body, headers=headers)


def _not_built(*, head: bool) -> Response:
    page = HTMLResponse(_NOT_BUILT, status_code=503)
    return Response(status_code=503, headers=dict(page.headers)) if head else page


def mount_h5(
    app: FastAPI, settings: Settings, *, read_session: Callable[..., Any] | None = None
) -> None:
    """Serve the app. ``read_session`` is the request's read session (deps.get_read_session),
    for the brokers' frame-ancestors; without it only ``Settings.frame_ancestors`` apply.

    The page is answered on the event loop (no worker thread, no session) while the
    frame-ancestors of the broker its address names are remembered under the broker watch's
    current stamp (:class:`RememberedFrameAncestors`); otherwise the route reads them in its
    read session on a worker thread and remembers them. Where the app's read session is
    overridden (the tests' rolled-back connection, whose rows no other connection sees), the
    route reads them every time."""
    base = settings.h5_prefix
    dist = settings.web_dist.resolve()
    page_file = dist / "index.html"
    config = json.dumps(
        {"product": settings.product, "apiBase": settings.api_prefix, "basePath": base},
        ensure_ascii=False,
    )
    script = f"window.__OPENTAMP__={config}"
    configured = tuple(settings.frame_ancestors)

    def no_session() -> None:
        return None

    session_dependency = Depends(read_session or no_session)

    def a_file(path: str) -> Path | None:
        """The file of the build a path names (not the page), if any."""
        # one stat for the client's routes (no such file); the full check for a file
        if path and path != "index.html" and os.path.isfile(f"{dist}/{path}"):
            candidate = (dist / path).resolve()
            if candidate.is_file() and candidate.is_relative_to(dist):
                return candidate
        return None

    def page(request: Request, ancestors: Callable[[], tuple[str, ...] | None]) -> Response | None:
        """The page with the brokers' origins ``ancestors()`` gives (None: not known here), or
        the 503 of a page not built."""
        head = request.method == "HEAD"
        body = _page_html(page_file, base, script)
        if body is None:
            return _not_built(head=head)
        found = ancestors()
        if found is None:
            return None
        return _page_answer(body, page_policy(script, configured + found), head=head)

    def page_from_memory(request: Request) -> Response | None:
        """The page answered on the event loop, or None: the route answers."""
        if a_file(request.path_params.get("path", "")) is not None:
            return None

        def remembered() -> tuple[str, ...] | None:
            if read_session is None:
                return ()
            if read_session in app.dependency_overrides:
                return None
            stamp = request.scope[_STAMP] = broker_watch().stamp()
            return remembered_frame_ancestors.get(frame_key(request.query_params), stamp)

        return page(request, remembered)

    class PageRoute(AnsweredFirstRoute):
        async def answer_first(self, request: Request) -> Response | None:
            return page_from_memory(request)

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def root() -> RedirectResponse:
        return RedirectResponse(f"{base}/")

    @app.api_route(base, methods=["GET", "HEAD"], include_in_schema=False)
    async def h5_root(request: Request) -> RedirectResponse:
        query = f"?{request.url.query}" if request.url.query else ""
        return RedirectResponse(f"{base}/{query}")

    @app.api_route(base + "/assets/{path:path}", methods=["GET", "HEAD"], include_in_schema=False)
    async def h5_asset(path: str, request: Request) -> Response:
        accept = request.headers.get("accept-encoding", "")
        return asset_answer(dist, path, accept, head=request.method == "HEAD")

    def h5(path: str, request: Request, session: Session | None = session_dependency) -> Response:
        """A file of the build, or the page with the frame-ancestors read in ``session``."""
        found = a_file(path)
        if found is not None:
            # FileResponse answers HEAD with the headers alone
            return asset_response(found, request.headers.get("accept-encoding", ""), "no-cache")

        def read() -> tuple[str, ...]:
            if session is None:
                return ()
            query = request.query_params
            ancestors = tuple(broker_frame_ancestors(session, query))
            if _STAMP in request.scope:
                remembered_frame_ancestors.put(frame_key(query), request.scope[_STAMP], ancestors)
            return ancestors

        answer = page(request, read)
        assert answer is not None  # read() always knows
        return answer

    app.router.add_api_route(
        base + "/{path:path}",
        h5,
        methods=["GET", "HEAD"],
        include_in_schema=False,
        route_class_override=PageRoute,
    )
