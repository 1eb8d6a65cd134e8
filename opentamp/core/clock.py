"""The demo clock's shared state: ``opentamp clock set`` stores a shift (or a frozen instant) in
``app_state``, and every process reads it back through :data:`opentamp.kit.clock.clock`.

Importing :mod:`opentamp.core` plugs :func:`load_state` into the clock, so any process that
serves or settles (every feature imports ``core``) follows the stored clock.
"""

from __future__ import annotations

from opentamp.db import db, transaction
from opentamp.kit.clock import CLOCK_STATE_KEY, ClockState, clock
from opentamp.models.platform import AppState


def load_state() -> ClockState:
    try:
        with db.session() as session:
            row = session.get(AppState, CLOCK_STATE_KEY)
            return ClockState.from_json(row.value if row else None)
    except Exception:  # a missing table before the first migration is real time
        return ClockState()


def store_state(state: ClockState) -> None:
    """Persist the clock for every process (the CLI's ``clock set``)."""
    with transaction() as session:
        row = session.get(AppState, CLOCK_STATE_KEY)
        if row is None:
            session.add(AppState(key=CLOCK_STATE_KEY, value=state.to_json()))
        else:
            row.value = state.to_json()
    clock.forget()
