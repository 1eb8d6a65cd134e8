"""Answers of the hottest product reads (performance, NAV series) kept for a moment.

Every product page asks for its performance and chart; many people open the same products.
The figures themselves are computed once per NAV date (``analytics``); on top of that the
whole answer (the serialized envelope) of a call is kept for ``SECONDS`` per call and
parameters, so a burst of identical calls costs no database work and no serialization. A
publication (or import) reaches these answers within ``SECONDS``. Keys include the viewer
when the answer depends on the viewer (the purchase markers of a chart).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable

from fastapi.responses import Response
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from opentamp.kit.envelope import ok

SECONDS = 2.0
SIZE = 2048

_answers: dict[Hashable, tuple[float, bytes]] = {}
_lock = threading.Lock()


def clear() -> None:
    with _lock:
        _answers.clear()


async def answer(key: Hashable, compute: Callable[[], BaseModel]) -> Response:
    """The call's JSON envelope: remembered, or computed now on a worker thread (the first
    computation of a long series takes a while and must not hold up other requests; errors
    are never remembered)."""
    moment = time.monotonic()
    hit = _answers.get(key)
    if hit is not None and hit[0] > moment:
        body = hit[1]
    else:
        model = await run_in_threadpool(compute)
        body = ok(model).model_dump_json().encode("utf-8")
        with _lock:
            if len(_answers) >= SIZE:
                _answers.clear()
            _answers[key] = (moment + SECONDS, body)
    return Response(content=body, media_type="application/json")
