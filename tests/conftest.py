"""Test database and app fixtures.

The suite runs on SQLite by default and on PostgreSQL when ``OPENTAMP_TEST_DATABASE_URL`` is
set (CI sets it). Each run gets a database of its own (a temporary SQLite file, or a new
PostgreSQL database created next to the one in the URL and dropped afterwards), migrated with
Alembic exactly as production is. Each test runs inside a transaction that is rolled back;
tests marked ``concurrent`` commit for real from several connections and the tables are
emptied after them.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI, Request
from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine, event, make_url, text
from sqlalchemy.orm import Session

import opentamp.models  # noqa: F401
from opentamp.app import create_app
from opentamp.config import Settings
from opentamp.core import catalogue
from opentamp.core.calendar import ensure_calendar, invalidate_calendar
from opentamp.core.tasks import force_runner
from opentamp.db import READ_ONLY, Base, db, make_engine
from opentamp.deps import get_read_session, get_replica_session, get_session, unit_of_work
from opentamp.kit.clock import clock
from opentamp.migrate import upgrade

#: Reference data the migrations or ``db upgrade`` put in place; never emptied between tests.
REFERENCE_TABLES = {"trading_day", "alembic_version"}


def _postgres_database(url: str, worker: str) -> Iterator[str]:
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    name = f"opentamp_test_{worker}_{uuid.uuid4().hex[:8]}"
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as exc:  # noqa: BLE001
        pytest.exit(f"PostgreSQL at {url} is not usable for tests: {exc}", returncode=3)
    try:
        yield make_url(url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Iterator[str]:
    url = os.environ.get("OPENTAMP_TEST_DATABASE_URL")
    if url:
        yield from _postgres_database(url, worker_id)
    else:
        path = tmp_path_factory.mktemp("db") / "test.db"
        yield f"sqlite:///{path}"


@pytest.fixture(scope="session")
def engine(database_url: str) -> Iterator[Engine]:
    # The server's own pool size (40 connections with the overflow): the burst tests send as
    # many requests at once as the server has threads, and a smaller pool would make the
    # requests queued for a connection time out behind those queued on a row lock.
    engine = make_engine(database_url, pool_size=Settings().db_pool_size)
    with engine.begin() as connection:
        upgrade(connection)
    db.use(engine)
    # Tasks run inline on both databases unless a test asks for the queue (tests/test_tasks.py).
    force_runner("inline")
    with Session(engine) as session:
        ensure_calendar(session)
        session.commit()
    invalidate_calendar()
    yield engine
    db.dispose()


@pytest.fixture(scope="session")
def worker_id(request: pytest.FixtureRequest) -> str:
    return getattr(request.config, "workerinput", {}).get("workerid", "main")


@pytest.fixture
def session(engine: Engine) -> Iterator[Session]:
    """A session whose work is rolled back after the test (commits become savepoints)."""
    connection = engine.connect()
    outer = connection.begin()
    session = Session(
        bind=connection, join_transaction_mode="create_savepoint", expire_on_commit=False
    )
    try:
        yield session
    finally:
        session.close()
        outer.rollback()
        connection.close()


@pytest.fixture
def committed(engine: Engine) -> Iterator[Engine]:
    """For tests that need real commits from several connections; empties the tables after."""
    yield engine
    with engine.begin() as conn:
        for table in reversed(Base.metadata.sorted_tables):
            if table.name not in REFERENCE_TABLES:
                conn.execute(table.delete())


@pytest.fixture(autouse=True)
def _no_catalogue_remembered() -> Iterator[None]:
    """Each test's database starts its versions afresh (rolled back or emptied), so catalogue
    rows remembered by another test's version numbers must not be served (core.catalogue)."""
    catalogue.forget_all()
    yield
    catalogue.forget_all()


@pytest.fixture(autouse=True)
def _real_clock() -> Iterator[None]:
    clock.override(None)
    clock.forget()
    yield
    clock.override(None)


@pytest.fixture(scope="session")
def web_dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    (dist / "index.html").write_text(
        "<!doctype html><html><head><title>OpenTAMP</title></head>"
        "<body><div id=root></div></body></html>",
        encoding="utf-8",
    )
    (dist / "assets").mkdir()
    (dist / "assets" / "index-abc123.js").write_text("console.log('app')", encoding="utf-8")
    return dist


@pytest.fixture(scope="session")
def settings(web_dist: Path) -> Settings:
    return Settings(web_dist=web_dist, scheduler=False)


@pytest.fixture(scope="session")
def app(engine: Engine, settings: Settings) -> FastAPI:
    return create_app(settings)


def _depends_on(dependant: Any, call: Any) -> bool:
    return any(d.call is call or _depends_on(d, call) for d in dependant.dependencies)


@pytest.fixture
def client(app: FastAPI, session: Session) -> Iterator[TestClient]:
    """An HTTP client whose requests share the test's rolled-back session."""

    def _session() -> Iterator[Session]:
        # Like deps.get_session, but commit and rollback act on a savepoint of the test. What
        # the test set up before the request is committed first, so that a failing request
        # rolls back only its own work.
        session.commit()
        yield from unit_of_work(session)

    def _read_session(request: Request) -> Iterator[Session]:
        # Like deps.get_read_session: the request may not write through it (db.READ_ONLY),
        # unless it also takes the writing session (here the same one), as a route taking
        # ViewerDep and SessionDep does.
        session.commit()
        route = request.scope.get("route")
        if route is None or not _depends_on(route.dependant, get_session):
            session.info[READ_ONLY] = True
        try:
            yield from unit_of_work(session)
        finally:
            session.info.pop(READ_ONLY, None)

    app.dependency_overrides[get_session] = _session
    app.dependency_overrides[get_read_session] = _read_session
    app.dependency_overrides[get_replica_session] = _read_session
    try:
        with TestClient(app, raise_server_exceptions=False) as client:
            yield client
    finally:
        app.dependency_overrides.pop(get_session, None)
        app.dependency_overrides.pop(get_read_session, None)
        app.dependency_overrides.pop(get_replica_session, None)


@pytest.fixture(scope="session")
def api(settings: Settings) -> str:
    """The API base path, /api/v1/{product}."""
    return settings.api_prefix


@pytest.fixture
def statements_on_the_loop(engine: Engine) -> Iterator[list[str]]:
    """The statements run on the event loop (none should be: each waits for its round trip
    with every other request of the process behind it)."""
    seen: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", record)
    yield seen
    event.remove(engine, "before_cursor_execute", record)
