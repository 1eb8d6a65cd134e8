"""The server's time on every API answer (header ``X-Server-Time``, ISO 8601 with the Beijing
offset): the app's clock, which the demo world can move ahead of the wall clock. The client
takes "today" from it wherever it compares dates, never from the phone's own clock."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from opentamp.kit.clock import now

HEADER = b"x-server-time"


class ServerTimeMiddleware:
    """Pure ASGI: adds the header to the start of each HTTP answer under ``prefix``."""

    def __init__(self, app: ASGIApp, prefix: str) -> None:
        self.app = app
        self.prefix = prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(self.prefix):
            await self.app(scope, receive, send)
            return

        async def send_with_time(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((HEADER, now().isoformat(timespec="seconds").encode("ascii")))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_time)
