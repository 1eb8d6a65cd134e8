"""Terminal details sent with trade and signing calls (docs/api.md#transport): ``terminalIP``,
``terminalType`` (2 for the H5 app), ``terminalInfo`` (the user agent) and ``traceInfo``.

The server keeps what the client says next to what it saw itself: the address the request
came from (``request.client.host``, which uvicorn sets from ``X-Forwarded-For`` when the
proxy is trusted, ``--forwarded-allow-ips``) and the ``User-Agent`` header.
"""

from __future__ import annotations

import re
from typing import Annotated

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


#: Control characters a header may still carry past the HTTP server; never stored.
_CONTROL = re.compile("[\x00-\x1f\x7f]")


def user_agent(request: Request) -> str:
    return _CONTROL.sub("", request.headers.get("user-agent", ""))[:512]


def terminal_of(request: Request, body: TerminalIn) -> tuple[str, str]:
    """(ip, info) to record: the address seen by the server, and the client's user agent."""
    ip = client_ip(request) or (body.terminal_ip or "")
    info = (body.terminal_info or user_agent(request))[:512]
    return ip[:64], info
