"""Serving the built H5 app under ``/h5/{product}-trade-h5/`` (docs/architecture.md#the-pieces).

Files of ``web/dist`` are served as they are (hashed assets cached for a year); any other path
under the base answers ``index.html`` so the client's router can take it (history fallback).
The page gets a ``<base href>`` and the product's runtime config, so one build serves any
``OPENTAMP_PRODUCT``.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response

from opentamp.config import Settings

_NOT_BUILT = """<!doctype html><meta charset="utf-8"><title>OpenTAMP</title>
<p>H5 客户端尚未构建。请运行 <code>npm --prefix web ci && npm --prefix web run build</code>。</p>"""


@lru_cache(maxsize=4)
def _index_html(path: Path, mtime: float, base: str, config: str) -> str:
    html = path.read_text(encoding="utf-8")
    head = f'<base href="{base}/"><script>window.__OPENTAMP__={config}</script>'
    return html.replace("<head>", "<head>" + head, 1)


def mount_h5(app: FastAPI, settings: Settings) -> None:
    base = settings.h5_prefix
    dist = settings.web_dist.resolve()
    config = json.dumps(
        {"product": settings.product, "apiBase": settings.api_prefix, "basePath": base},
        ensure_ascii=False,
    )

    def index() -> Response:  # cheap: a stat and an in-memory page
        page = dist / "index.html"
        if not page.is_file():
            return HTMLResponse(_NOT_BUILT, status_code=503)
        html = _index_html(page, page.stat().st_mtime, base, config)
        return HTMLResponse(html, headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def root() -> RedirectResponse:
        return RedirectResponse(f"{base}/")

    @app.get(base, include_in_schema=False)
    async def h5_root() -> RedirectResponse:
        return RedirectResponse(f"{base}/")

    @app.get(base + "/{path:path}", include_in_schema=False)
    async def h5(path: str) -> Response:
        if path and path != "index.html":
            candidate = (dist / path).resolve()
            if candidate.is_file() and candidate.is_relative_to(dist):
                immutable = path.startswith("assets/")
                headers = {
                    "Cache-Control": "public, max-age=31536000, immutable"
                    if immutable
                    else "no-cache"
                }
                return FileResponse(candidate, headers=headers)
            if path.startswith("assets/"):
                return Response(status_code=404)
        return index()
