"""The H5 page answered on the event loop (docs/scale.md#the-h5-page): the brokers'
frame-ancestors remembered under the broker watch's stamp (``core.broker_watch``), no session and
no statement for a page while nothing changed, and an edit of a broker or a team in the very
next page. These tests run on committed data through the server's own sessions (the per-test
rolled-back session is a connection no other sees, and the page reads it every time)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import Engine, update

from opentamp.app import create_app
from opentamp.config import Settings
from opentamp.core.broker_watch import PgBrokerWatch, SqliteBrokerWatch, broker_watch
from opentamp.db import transaction
from opentamp.models.platform import Broker, Team
from opentamp.web import remembered_frame_ancestors
from tests.factories import make_broker, make_team
from tests.platform.test_security_headers import directives
from tests.trading.conftest import end_other_connections
from tests.trading.test_remembered_route import Counted

PARTNER = "https://app.partner.example"
OTHER = "https://other.example"


@pytest.fixture
def served(app: FastAPI, committed: Engine) -> Iterator[TestClient]:
    """A client of the app as it serves: no dependency overridden, every commit real."""
    assert not app.dependency_overrides
    remembered_frame_ancestors.clear()
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client
    remembered_frame_ancestors.clear()


@pytest.fixture
def statements(committed: Engine) -> Iterator[Counted]:
    """Statements SQLAlchemy runs on the engine (``.statements``)."""
    counter = Counted(committed)
    yield counter
    counter.close()


def ancestors(client: TestClient, settings: Settings, query: str = "") -> list[str]:
    res = client.get(f"{settings.h5_prefix}/fund/detail/004101{query}")
    assert res.status_code == 200
    return directives(res.headers["content-security-policy"])["frame-ancestors"]


def heard(before: int) -> None:
    """PostgreSQL: wait until the listening connection has heard a commit's notification (it
    comes at the commit, through the database server, to the event loop's reader)."""
    watch = broker_watch()
    if isinstance(watch, PgBrokerWatch):
        deadline = time.monotonic() + 30
        while watch.notified <= before and time.monotonic() < deadline:
            time.sleep(0.01)
        assert watch.notified > before


def notified() -> int:
    watch = broker_watch()
    return watch.notified if isinstance(watch, PgBrokerWatch) else 0


def remembered(client: TestClient, statements: Counted, url: str) -> None:
    """Ask the page until one is answered without a statement (on PostgreSQL the first pages
    read while the watch's connection starts listening); fail if none is."""
    for _ in range(300):
        before = statements.statements
        assert client.get(url).status_code == 200
        if statements.statements == before:
            return
        time.sleep(0.02)
    raise AssertionError("the page never came from memory")


def test_an_edited_frame_ancestor_applies_to_the_next_page(
    served: TestClient, settings: Settings, statements: Counted, committed: Engine
) -> None:
    with transaction() as s:
        broker_id = make_broker(s, frame_ancestors=[PARTNER]).id
    query = f"?brokerId={broker_id}"
    remembered(served, statements, f"{settings.h5_prefix}/mine{query}")
    assert ancestors(served, settings, query) == ["'self'", PARTNER]

    was = notified()
    with transaction() as s:  # an operator's edit through the ORM
        s.get_one(Broker, broker_id).frame_ancestors = [OTHER]
    heard(was)
    assert ancestors(served, settings, query) == ["'self'", OTHER]

    was = notified()
    with transaction() as s:  # and by a statement: the partner removed
        s.execute(update(Broker).where(Broker.id == broker_id).values(frame_ancestors=[]))
    heard(was)
    assert ancestors(served, settings, query) == ["'self'"]

    was = notified()
    with committed.begin() as conn:  # by SQL of an operator's own: no session, no version bump
        conn.execute(update(Broker).where(Broker.id == broker_id).values(frame_ancestors=[PARTNER]))
    heard(was)
    assert ancestors(served, settings, query) == ["'self'", PARTNER]


def test_the_broker_the_address_names(
    served: TestClient, settings: Settings, statements: Counted
) -> None:
    with transaction() as s:
        framed = make_broker(s, frame_ancestors=[PARTNER])
        other = make_broker(s, frame_ancestors=[OTHER])
        team = make_team(s, broker=framed)
        ids = framed.id, other.id, team.id, team.mid
    framed_id, other_id, team_id, mid = ids
    remembered(served, statements, f"{settings.h5_prefix}/mine?teamId={team_id}")
    for _ in range(2):  # read, then remembered: each address its own broker
        assert ancestors(served, settings, f"?brokerId={framed_id}") == ["'self'", PARTNER]
        assert ancestors(served, settings, f"?broker={other_id}") == ["'self'", OTHER]
        assert ancestors(served, settings, f"?teamId={team_id}") == ["'self'", PARTNER]
        assert ancestors(served, settings, f"?mid={mid}") == ["'self'", PARTNER]
        assert {PARTNER, OTHER} <= set(ancestors(served, settings))
        assert ancestors(served, settings, "?brokerId=123456789") == ["'self'"]

    was = notified()
    with transaction() as s:  # the team moves to the other broker
        s.get_one(Team, team_id).broker_id = other_id
    heard(was)
    assert ancestors(served, settings, f"?teamId={team_id}") == ["'self'", OTHER]
    assert ancestors(served, settings, f"?mid={mid}") == ["'self'", OTHER]


def test_no_statement_for_a_page_while_nothing_changed(
    served: TestClient, settings: Settings, statements: Counted
) -> None:
    with transaction() as s:
        broker_id = make_broker(s, frame_ancestors=[PARTNER]).id
    url = f"{settings.h5_prefix}/fund/detail/004101?brokerId={broker_id}"
    remembered(served, statements, url)
    watch = broker_watch()
    reads = watch.version_reads if isinstance(watch, SqliteBrokerWatch) else 0
    before = statements.statements
    for _ in range(5):
        assert served.get(url).status_code == 200
        assert served.head(url).status_code == 200
    assert statements.statements == before
    if isinstance(watch, SqliteBrokerWatch):  # nobody committed: not even the version read
        assert watch.version_reads == reads


def test_the_page_from_memory_answers_head(
    served: TestClient, settings: Settings, statements: Counted
) -> None:
    url = f"{settings.h5_prefix}/mine"
    remembered(served, statements, url)
    before = statements.statements
    head = served.head(url)
    full = served.get(url, headers={"Accept-Encoding": "identity"})
    assert statements.statements == before
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-type"].startswith("text/html")
    assert head.headers["content-length"] == full.headers["content-length"]
    assert head.headers["content-security-policy"] == full.headers["content-security-policy"]
    assert head.headers["cache-control"] == "no-cache"
    assert f'<base href="{settings.h5_prefix}/">' in full.text


def test_a_page_not_built_is_503(settings: Settings, committed: Engine, tmp_path: Path) -> None:
    unbuilt = create_app(settings.model_copy(update={"web_dist": tmp_path}))
    with TestClient(unbuilt) as client:
        for _ in range(2):
            res = client.get(f"{settings.h5_prefix}/mine")
            assert res.status_code == 503 and "H5 客户端尚未构建" in res.text
            head = client.head(f"{settings.h5_prefix}/mine")
            assert head.status_code == 503 and head.content == b""


def test_a_listening_connection_ended_reads_afresh(
    served: TestClient, settings: Settings, statements: Counted, committed: Engine
) -> None:
    """PostgreSQL: the server ends the watch's connection (a restart, pgbouncer): pages are
    read afresh until it listens again, and an edit made meanwhile is in the next page."""
    if committed.dialect.name != "postgresql":
        pytest.skip("the watch listens on PostgreSQL only")
    with transaction() as s:
        broker_id = make_broker(s, frame_ancestors=[PARTNER]).id
    query = f"?brokerId={broker_id}"
    remembered(served, statements, f"{settings.h5_prefix}/mine{query}")
    assert end_other_connections(committed) >= 1
    with transaction() as s:
        s.get_one(Broker, broker_id).frame_ancestors = [OTHER]
    deadline = time.monotonic() + 30
    while ancestors(served, settings, query) != ["'self'", OTHER]:
        assert time.monotonic() < deadline, "the edit never reached the page"
        time.sleep(0.01)
    remembered(served, statements, f"{settings.h5_prefix}/mine{query}")
    assert ancestors(served, settings, query) == ["'self'", OTHER]
