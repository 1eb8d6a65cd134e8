"""Security headers on every answer (docs/api.md#security-headers).

Every answer carries ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: same-origin``
(the app's addresses, which may hold a store link or an OAuth code, are never sent to another
site). An answer without a ``Content-Security-Policy`` of its own gets one: for the API document's
pages (Swagger UI and ReDoc, which FastAPI draws with a script and styles from a CDN) a policy
that lets them load; for everything else (JSON, files) ``default-src 'none'`` and
``frame-ancestors 'none'``. The H5 app's page sets its own policy (web.py), whose
``frame-ancestors`` lists the origins allowed to frame the broker's pages: the iframe mode of
docs/product.md#what-it-does, which X-Frame-Options could not express.
"""

from __future__ import annotations

from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

NOSNIFF = (b"x-content-type-options", b"nosniff")
REFERRER = (b"referrer-policy", b"same-origin")
CSP = b"content-security-policy"

#: JSON answers and files: nothing to load, never framed.
API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
#: The API document's pages (development only, ``Settings.api_docs``).
DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https:; "
    "style-src 'self' 'unsafe-inline' https:; img-src 'self' data: https:; "
    "font-src 'self' data: https:; connect-src 'self'; worker-src 'self' blob:; "
    "frame-ancestors 'none'; "
    "object-src 'none'; base-uri 'self'"
)


def csp(directives: dict[str, Iterable[str]]) -> str:
    """A policy from its directives, in the order given."""
    return "; ".join(f"{name} {' '.join(values)}".strip() for name, values in directives.items())


class SecurityHeadersMiddleware:
    """Pure ASGI: adds the headers to the start of each HTTP answer (module docstring)."""

    def __init__(self, app: ASGIApp, docs_paths: Iterable[str] = ()) -> None:
        self.app = app
        self.docs_paths = frozenset(docs_paths)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = (DOCS_POLICY if scope["path"] in self.docs_paths else API_POLICY).encode()

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                headers.extend(h for h in (NOSNIFF, REFERRER) if h[0] not in names)
                if CSP not in names:
                    headers.append((CSP, policy))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
