"""Terminal details sent with trade and signing calls (docs/api.md#transport): ``terminalIP``,
``terminalType`` (2 for the H5 app), ``terminalInfo`` (the user agent) and ``traceInfo``.

The server keeps what the client says next to what it saw itself: the address the request
came from and the ``User-Agent`` header. The address is the peer of the connection, or, when the
peer is one of ``Settings.trusted_proxies``, the client that proxy names in ``X-Forwarded-For``
(uvicorn's ``ProxyHeadersMiddleware``, installed by the app only then); ``opentamp serve`` turns
uvicorn's own reading of the header off, so a client cannot name itself by sending one.

:class:`ClientAddressMiddleware` also keeps the address for the request's duration
(:func:`current_client`), so the services that count per client (docs/api.md#limits) need not
have it passed through every route.
"""

from __future__ import annotations

import re
from contextvars import ContextVar
from typing import Annotated, Any

from fastapi import Request
from pydantic import Field

from opentamp.kit.params import SmallInt
from opentamp.kit.schema import CamelModel, FreeJson

#: terminalType of the H5 app.
TERMINAL_TYPE_H5 = "2"


class TerminalIn(CamelModel):
    """Mix into the body of a trade or signing write."""

    terminal_ip: Annotated[str | None, Field(alias="terminalIP", max_length=64)] = None
    terminal_type: SmallInt | Annotated[str, Field(max_length=8)] | None = None
    terminal_info: Annotated[str | None, Field(max_length=512)] = None
    trace_info: FreeJson | str | None = None


def client_ip(request: Request) -> str:
    return request.client.host if request.client else ""


_client: ContextVar[str] = ContextVar("opentamp_client", default="")


def current_client() -> str:
    """The address of the request being served ('' outside a request: the CLI, the jobs)."""
    return _client.get()


class ClientAddressMiddleware:
    """Keeps the request's client address for :func:`current_client` (pure ASGI, so the value
    reaches the endpoint's worker thread with the rest of the request's context)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        peer = scope.get("client")
        token = _client.set(str(peer[0])[:64] if peer else "")
        try:
            await self.app(scope, receive, send)
        finally:
            _client.reset(token)


#: Control characters a header may still carry past the HTTP server; never stored.
_CONTROL = re.compile("[\x00-\x1f\x7f]")


def user_agent(request: Request) -> str:
    return _CONTROL.sub("", request.headers.get("user-agent", ""))[:512]


def terminal_of(request: Request, body: TerminalIn) -> tuple[str, str]:
    """(ip, info) to record: the address seen by the server, and the client's user agent."""
    ip = client_ip(request) or (body.terminal_ip or "")
    info = (body.terminal_info or user_agent(request))[:512]
    return ip[:64], info
