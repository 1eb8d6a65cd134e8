"""The 404 of a path no route takes, answered without asking every route (docs/scale.md#profiles).

FastAPI's router asks its routes one after the other whether they take a path. A known call
stops at its own route; an unknown path asks all of them (over 400 in 31 routers), and then all
of them again with its trailing slash toggled, to redirect ``/x/`` to ``/x``: the 404 envelope
cost some 14 times the trivial call. :class:`UnknownPathMiddleware`, the innermost layer, keeps
the paths of the app's routes (a set, and the patterns of the few with parameters) and answers
the envelope itself (``errors.unknown_path``, the one the router's 404 gets) for a path that no
route takes, neither as it is nor with the slash toggled. Every other request goes on to the
router unchanged: a known path, another method on a known path (405), a path the router
redirects.

The set is made on the first request and made again when routes are included later (the tests
include routers of their own). Should the app hold a route whose paths cannot be listed (a
host route, a router of routers, a frontend group), the middleware hands every request on.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from fastapi.routing import APIRoute, APIRouter
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute, compile_path
from starlette.types import ASGIApp, Receive, Scope, Send

from opentamp.errors import unknown_path

try:  # FastAPI ≥ 0.165 keeps an included router as one route (its table built lazily)
    from fastapi.routing import _IncludedRouter as IncludedRouter
except ImportError:  # pragma: no cover - older FastAPI copies the routes themselves
    IncludedRouter = None  # type: ignore[assignment,misc]


@dataclass(frozen=True)
class Paths:
    """The paths the app's routes take: exact ones, and the patterns of the others."""

    exact: frozenset[str]
    patterns: tuple[re.Pattern[str], ...]

    def take(self, path: str) -> bool:
        return path in self.exact or any(p.match(path) for p in self.patterns)


def _full_paths(routes: Iterable[BaseRoute], prefix: str = "") -> list[str | re.Pattern[str]]:
    """Each route's path (with the prefix it was included under), or its pattern; raises
    LookupError for a route whose paths cannot be listed."""
    found: list[str | re.Pattern[str]] = []
    for route in routes:
        if IncludedRouter is not None and isinstance(route, IncludedRouter):
            if prefix:  # a router included in an included router
                raise LookupError(route)
            inner = route.original_router
            if inner._low_priority_routes or inner._frontend_routes is not None:
                raise LookupError(route)
            found += _full_paths(inner.routes, route.include_context.prefix)
        elif isinstance(route, Mount):
            if prefix:
                raise LookupError(route)
            found.append(route.path_regex)
        elif isinstance(route, APIRoute | Route | WebSocketRoute):
            regex, _, convertors = compile_path(prefix + route.path)
            found.append(regex if convertors else prefix + route.path)
        else:
            raise LookupError(route)
    return found


def paths_of(router: APIRouter) -> Paths | None:
    """The paths ``router`` takes, or None when they cannot be listed (module docstring)."""
    if router._low_priority_routes or router._frontend_routes is not None:
        return None
    try:
        found = _full_paths(router.routes)
    except LookupError:
        return None
    return Paths(
        exact=frozenset(p for p in found if isinstance(p, str)),
        patterns=tuple(p for p in found if not isinstance(p, str)),
    )


class UnknownPathMiddleware:
    """Pure ASGI: the 404 envelope for a path no route of ``router`` takes (module docstring)."""

    def __init__(self, app: ASGIApp, router: APIRouter) -> None:
        self.app = app
        self.router = router
        self._paths: Paths | None = None
        self._made_for = -1

    def paths(self) -> Paths | None:
        routes = len(self.router.routes)
        if routes != self._made_for:
            self._paths, self._made_for = paths_of(self.router), routes
        return self._paths

    def unknown(self, scope: Scope) -> bool:
        if scope["type"] != "http" or scope.get("root_path"):
            return False
        paths = self.paths()
        if paths is None:
            return False
        path: str = scope["path"]
        if paths.take(path):
            return False
        if not self.router.redirect_slashes or path == "/":
            return True
        return not paths.take(path.rstrip("/") if path.endswith("/") else path + "/")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.unknown(scope):
            await unknown_path()(scope, receive, send)
            return
        await self.app(scope, receive, send)
