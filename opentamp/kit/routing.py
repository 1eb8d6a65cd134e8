"""The cost of routing a request, and the memory of the route table (docs/scale.md#routing).

**Each route built once.** FastAPI (0.165) keeps an included router as one route of the app and
builds, on the first request that reaches it, an "effective" copy of each of its routes under
the inclusion's prefix: the dependency tree, a pydantic validator and serializer per parameter
and answer (the error envelopes of every status included), the handler. The router's own
routes, built when the feature module declared them, are never served: the app asks them only
for their declared options (path, methods, dependencies …) to build that copy, and puts the
route itself in ``scope["route"]``. :class:`BuiltOnUseRoute`, the base of the routers' route
class, keeps those options as declared and builds the rest (``APIRoute.__init__``) only when
something asks for it — a route served by the app directly (the H5 app's), a test reading its
``dependant``. So a route of a feature router is built once, as the app serves it: 26 MiB less
resident memory after ``create_app()``, 20 MiB less with every router used
(docs/scale.md#memory).

**An exact path found in a table.** Starlette's router asks its routes one after the other
whether they take a path (a regular expression each), and FastAPI's included router does it
twice (once to tell the app it takes the path, once to choose the route): a call of the ninth
router (trading) tried the regexes of every route of the eight before it. Nearly every API
path is exact (no path parameter). :class:`ExactPathDispatch`, put in front of the app's
router (inside its exception handling, so errors are rendered as before), keeps a table
(method, path) → the route Starlette's matching would choose, made by walking the routes in
the router's own order: a path that an earlier route with parameters also takes, or that a
route whose paths cannot be listed might take, is left out. A request found in the table is
handed to its route in the state the router would have put it in (the router, the included
router and the route's effective copy in FastAPI's scope, ``endpoint``, ``path_params``,
``route``); anything else — paths with parameters, the H5 app's files and its history
fallback, another method on a path (405), unknown paths (404), slash redirects — goes to the
router untouched. The table is made on the first request and again whenever the app's routes
change (the tests include routers of their own).
"""

from __future__ import annotations

import inspect
import re
import threading
from dataclasses import dataclass, field
from typing import Any

from fastapi._form_limits import _validate_form_limits as validate_form_limits
from fastapi.routing import _FASTAPI_EFFECTIVE_ROUTE_CONTEXT_KEY as EFFECTIVE_KEY
from fastapi.routing import _FASTAPI_INCLUDED_ROUTER_KEY as INCLUDED_KEY
from fastapi.routing import _FASTAPI_SCOPE_KEY as FASTAPI_KEY
from fastapi.routing import APIRoute, APIRouter
from fastapi.routing import _EffectiveRouteContext as EffectiveRouteContext
from fastapi.routing import _IncludedRouter as IncludedRouter
from starlette.routing import BaseRoute, Route, compile_path, get_name
from starlette.types import ASGIApp, Receive, Scope, Send

# The underscored names above are FastAPI 0.165's (an included router is one route of the app,
# its routes' copies built on use, and the scope keys its router leaves for the route it chose):
# tests/kit/test_routing.py checks the table against its matching.

# -- each route built once ---------------------------------------------------------------------

#: APIRoute's declared options and their defaults, as its constructor takes them.
_OPTIONS = {
    name: p.default
    for name, p in inspect.signature(APIRoute.__init__).parameters.items()
    if p.kind is inspect.Parameter.KEYWORD_ONLY
}
_BUILD_LOCK = threading.RLock()


class BuiltOnUseRoute(APIRoute):
    """An APIRoute that keeps its declared options and is built (``APIRoute.__init__``) on the
    first read of anything else (module docstring). Built, it is the same APIRoute."""

    def __init__(self, path: str, endpoint: Any, **options: Any) -> None:
        unknown = set(options) - set(_OPTIONS)
        if unknown:
            raise TypeError(f"unexpected route options {sorted(unknown)}")
        # what FastAPI's copy and the matching read: the options as declared, and these as
        # APIRoute computes them
        for name, default in _OPTIONS.items():
            setattr(self, name, options.get(name, default))
        self.path = path
        self.endpoint = endpoint
        self.name = get_name(endpoint) if options.get("name") is None else options["name"]
        self.methods = {m.upper() for m in options.get("methods") or ["GET"]}
        self.path_regex, self.path_format, self.param_convertors = compile_path(path)
        self.form_limits = validate_form_limits(options.get("form_limits"))
        self.stream_item_type = None  # found from the endpoint by FastAPI's copy
        self._declared = (path, endpoint, options)

    def __getattr__(self, name: str) -> Any:
        # only for attributes not set: a declared route builds itself, once, then reads again
        if name.startswith("__") or "_declared" not in self.__dict__:
            raise AttributeError(name)
        with _BUILD_LOCK:
            declared = self.__dict__.pop("_declared", None)
            if declared is not None:
                path, endpoint, options = declared
                APIRoute.__init__(self, path, endpoint, **options)
        return object.__getattribute__(self, name)


# -- exact paths from a table ------------------------------------------------------------------


@dataclass
class Entry:
    """A (method, path) of the table: the route, the included router it is in, and the
    route's effective copy, looked up again when that router's routes change."""

    route: APIRoute
    included: Any
    _version: int = field(default=-1, repr=False)
    _context: Any = field(default=None, repr=False)

    def context(self) -> Any:
        version = self.included.original_router._routes_version
        if version != self._version:
            # the router's copies, built on its first call (FastAPI's own, once per version)
            candidates = self.included.effective_candidates()
            self._context = next(
                (
                    c
                    for c in candidates
                    if isinstance(c, EffectiveRouteContext) and c.original_route is self.route
                ),
                None,
            )
            self._version = version
        return self._context


#: A route of the router's order: (the included router or None, the route, its full path, its
#: pattern when it has parameters, its methods or None for any).
_Candidate = tuple[Any, BaseRoute, str, "re.Pattern[str] | None", "frozenset[str] | None"]


def _candidates(router: APIRouter) -> list[_Candidate]:
    """The routes in the order the router asks them, up to the first whose paths cannot be
    listed (a mount, a host, a router included in an included router …): the paths of those
    after it are left to the router."""
    found: list[_Candidate] = []
    for route in router.routes:
        if isinstance(route, IncludedRouter):
            if route.include_context.form_limits:
                return found
            for inner in route.original_router.routes:
                if not isinstance(inner, APIRoute):
                    return found
                found.append(_candidate(route, inner, route.include_context.prefix + inner.path))
        elif isinstance(route, Route):
            found.append(_candidate(None, route, route.path))
        else:
            return found
    return found


def _candidate(included: Any, route: Route, path: str) -> _Candidate:
    regex, _, convertors = compile_path(path)
    methods = frozenset(route.methods) if route.methods is not None else None
    return included, route, path, regex if convertors else None, methods


def exact_table(router: APIRouter) -> dict[tuple[str, str], Entry]:
    """(method, path) → the route Starlette's matching chooses for it (the first that takes
    both), for the exact paths of included routers that no route before them takes."""
    table: dict[tuple[str, str], Entry] = {}
    if router.form_limits:
        return table
    candidates = _candidates(router)
    # the (method, path) pairs not yet taken, by path
    open_pairs: dict[str, set[str]] = {}
    for _, _, path, regex, methods in candidates:
        if regex is None and methods:
            open_pairs.setdefault(path, set()).update(methods)
    for included, route, path, regex, methods in candidates:
        paths = [path] if regex is None else [p for p in open_pairs if regex.match(p)]
        for taken_path in paths:
            left = open_pairs.get(taken_path)
            if not left:
                continue
            taken = set(left) if methods is None else left & methods
            left -= taken
            if regex is None and included is not None and isinstance(route, APIRoute):
                for method in taken:
                    table[(method, path)] = Entry(route, included)
    return table


class ExactPathDispatch:
    """The app's router, with the requests of the table handed to their route directly
    (module docstring). Installed by :func:`dispatch_exact_paths`."""

    def __init__(self, app: ASGIApp, router: APIRouter) -> None:
        self.app = app
        self.router = router
        self._table: dict[tuple[str, str], Entry] = {}
        self._routers: tuple[APIRouter, ...] = ()
        self._stamp = -1

    def table(self) -> dict[tuple[str, str], Entry]:
        # The routes' versions of the app's router and of the routers it includes: one grows
        # with each route added to any of them (FastAPI's _get_routes_version walks every
        # route of every router, some 20 µs a request).
        stamp = sum(r._routes_version for r in self._routers)
        if stamp != self._stamp or not self._routers:
            self._routers = (self.router, *included_routers(self.router))
            self._table = exact_table(self.router)
            self._stamp = sum(r._routes_version for r in self._routers)
        return self._table

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and not scope.get("root_path")
            and scope.get("fastapi.telemetry") is None
        ):
            entry = self.table().get((scope["method"], scope["path"]))
            if entry is not None:
                context = entry.context()
                if context is not None:
                    await self._handle(entry, context, scope, receive, send)
                    return
        await self.app(scope, receive, send)

    async def _handle(
        self, entry: Entry, context: Any, scope: Scope, receive: Receive, send: Send
    ) -> None:
        # the state FastAPI's router leaves for a route of an included router it chose
        # (APIRouter.app, _IncludedRouter.handle and _handle_selected)
        scope.setdefault("router", self.router)
        fastapi_scope = scope.setdefault(FASTAPI_KEY, {})
        fastapi_scope[INCLUDED_KEY] = entry.included
        scope["endpoint"] = context.endpoint
        scope["path_params"] = dict(scope.get("path_params", {}))
        scope["route"] = entry.route
        fastapi_scope[EFFECTIVE_KEY] = context
        await entry.route.handle(scope, receive, send)


def included_routers(router: APIRouter) -> list[APIRouter]:
    """The routers ``router`` includes (FastAPI ≥ 0.165 keeps them as routes)."""
    return [r.original_router for r in router.routes if isinstance(r, IncludedRouter)]


def dispatch_exact_paths(router: APIRouter) -> bool:
    """Put :class:`ExactPathDispatch` in front of ``router`` (inside the app's exception
    handling); False where the router has middleware of its own, which it would skip."""
    if router.middleware_stack != router.app:
        return False
    router.middleware_stack = ExactPathDispatch(router.middleware_stack, router)
    return True
