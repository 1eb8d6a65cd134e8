"""Catalogue rows from memory, by the world's data version (docs/scale.md#catalogue-rows).

A purchase reads rows that change rarely and never by a user's own writes: the fund, its
purchase fee tiers, whether the broker's shelf disables buying it. Every write of such a row
bumps the world's version in the writing transaction (``opentamp.db``,
docs/scale.md#answer-cache), so what was read under one world version is what the database
holds for as long as that version is the current one. This module keeps such reads in a
process-wide LRU under (world version, what was read): the version is read once per
transaction, in one small statement (``core.answers.WORLD_VERSION``), and a changed catalogue
is a new version, hence a new key — a row remembered under an older version is never served
again. Versions only grow while a database lives: one restored from a backup (its versions
back to older numbers) is served by processes started afresh.

A transaction that wrote anything (pending, or flushed with the world's mark, which its commit
will turn into a new version) reads from the database and remembers nothing: its own
uncommitted rows are neither hidden from it nor shown to others.

Rows are remembered as detached copies that no session ever holds: ``row`` merges one into the
asking session without SQL (``Session.merge(load=False)``), where it behaves as if
``Session.get`` had loaded it; ``remembered`` values must be immutable or copied by their
caller.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from sqlalchemy import inspect, select
from sqlalchemy.orm import Session, make_transient_to_detached
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key

from opentamp.core.answers import WORLD_VERSION
from opentamp.db import CATALOGUE_VERSION_INFO, wrote_world

M = TypeVar("M")
T = TypeVar("T")

#: Entries remembered per process, at most (least recently used first out).
SIZE = 4096

_lock = threading.Lock()
_store: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
_MISSING = object()
_WORLD_VERSION = select(WORLD_VERSION)


def _has_written(session: Session) -> bool:
    """Whether the session holds or has sent a write not yet committed: then the world's
    version it would read does not show it, and nothing is remembered."""
    return bool(session.new or session.dirty or session.deleted or wrote_world(session))


def world_version(session: Session) -> int | None:
    """The world's version as this transaction sees it (read once per transaction), or None
    when the session has written anything not yet committed: then nothing is remembered."""
    if _has_written(session):
        return None
    version = session.info.get(CATALOGUE_VERSION_INFO)
    if version is None:
        # by the transaction's connection: a Core statement, without the ORM's execution
        version = int(session.connection().scalar(_WORLD_VERSION) or 0)
        session.info[CATALOGUE_VERSION_INFO] = version
    return version


def read_with(session: Session, version: int | None) -> None:
    """The world's version as a statement of the caller's own read it (``WORLD_VERSION`` as
    one of its columns, ``trading.repository.purchase_rows``): :func:`world_version` takes it
    for the rest of the transaction instead of asking again. Nothing is noted once the session
    has written, as :func:`world_version` would read nothing then."""
    if _has_written(session):
        return
    session.info.setdefault(CATALOGUE_VERSION_INFO, int(version or 0))


def remembered(session: Session, key: tuple[Hashable, ...], compute: Callable[[], T]) -> T:
    """``compute()`` (a read through ``session`` of catalogue data only), remembered under the
    world's version and ``key``."""
    version = world_version(session)
    if version is None:
        return compute()
    full = (version, *key)
    value = _get(full)
    if value is _MISSING:
        value = compute()
        _put(full, value)
    return value  # type: ignore[no-any-return]


def row(session: Session, model: type[M], key: Hashable) -> M | None:
    """``session.get(model, key)`` of a catalogue table, from memory when this world version
    read it before: the session's own loaded row if it holds one, else a remembered copy
    merged in without SQL."""
    version = None
    if session.identity_map.get(identity_key(model, key)) is None:
        version = world_version(session)
    if version is None:
        return session.get(model, key)
    full = (version, "row", model.__name__, key)
    copy = _get(full)
    if copy is _MISSING:
        found = session.get(model, key)
        _put(full, None if found is None else detached_copy(found))
        return found
    return None if copy is None else session.merge(copy, load=False)


def detached_copy(obj: M) -> M:
    """A copy of a loaded row that no session holds: its columns only, as loaded."""
    mapper = inspect(obj).mapper
    copy = mapper.class_manager.new_instance()
    for attr in mapper.column_attrs:
        set_committed_value(copy, attr.key, getattr(obj, attr.key))
    make_transient_to_detached(copy)
    return copy  # type: ignore[no-any-return]


def _get(key: tuple[Any, ...]) -> Any:
    with _lock:
        value = _store.get(key, _MISSING)
        if value is not _MISSING:
            _store.move_to_end(key)
        return value


def _put(key: tuple[Any, ...], value: Any) -> None:
    with _lock:
        _store[key] = value
        while len(_store) > SIZE:
            _store.popitem(last=False)


def forget_all() -> None:
    """Empty the process's store (tests that rewrite the catalogue behind the versions)."""
    with _lock:
        _store.clear()
