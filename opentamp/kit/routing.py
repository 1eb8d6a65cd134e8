"""The memory of the route table (docs/scale.md#memory).

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
"""

from __future__ import annotations

import inspect
import threading
from typing import Any

from fastapi._form_limits import _validate_form_limits as validate_form_limits
from fastapi.routing import APIRoute
from starlette.routing import compile_path, get_name

# FastAPI 0.165's own check of a route's form limits.

# -- each route built once ---------------------------------------------------------------------

#: APIRoute's declared options and their defaults, as its constructor takes them.
_OPTIONS = {
    name: p.default
    for name, p in inspect.signature(APIRoute.__init__).parameters.items()
    if p.kind is inspect.Parameter.KEYWORD_ONLY
}
#: What an inclusion and the matching read of a route without building it: its declared
#: options, and these, computed as APIRoute computes them.
_EAGER = frozenset(
    {"path", "endpoint", "name", "methods", "path_regex", "path_format", "param_convertors"}
)
_BUILD_LOCK = threading.RLock()


class BuiltOnUseRoute(APIRoute):
    """An APIRoute that keeps its declared options and is built (``APIRoute.__init__``) on the
    first read of anything else (module docstring). Built, it is the same APIRoute."""

    def __init__(self, path: str, endpoint: Any, **options: Any) -> None:
        unknown = set(options) - set(_OPTIONS)
        if unknown:
            raise TypeError(f"unexpected route options {sorted(unknown)}")
        declared = {**_OPTIONS, **options}
        for name, value in declared.items():
            setattr(self, name, value)
        self.path = path
        self.endpoint = endpoint
        self.name = get_name(endpoint) if options.get("name") is None else options["name"]
        self.methods = {m.upper() for m in options.get("methods") or ["GET"]}
        self.path_regex, self.path_format, self.param_convertors = compile_path(path)
        self.form_limits = validate_form_limits(options.get("form_limits"))
        self.stream_item_type = None
        self._declared = (path, endpoint, options)

    @property
    def built(self) -> bool:
        return "_declared" not in self.__dict__

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
