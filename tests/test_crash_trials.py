"""Crash trials, short (docs/development.md#crash-trials): the daily pipeline SIGKILLed at
random moments and run again ends with books equal, table by table, to a run never killed.
The full hundred trials per database are ``python -m bench.crash``."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from bench.crash import run_trials
from opentamp.db import db


@pytest.fixture
def own_database() -> Iterator[None]:
    previous = db._engine
    yield
    db.dispose()
    if previous is not None:
        db.use(previous)


def test_a_killed_pipeline_run_again_gives_the_books_of_one_never_killed(
    own_database: None,
) -> None:
    pg_url = os.environ.get("OPENTAMP_TEST_DATABASE_URL")
    kind = "postgres" if pg_url else "sqlite"
    outcome = run_trials(
        kind, count=5, orders=400, seed=11, **({"pg_url": pg_url} if pg_url else {})
    )
    assert outcome.trials == 5
    assert outcome.mismatches == []
    assert outcome.equal == 5
    # With this seed at least one kill lands before the day committed (the rollback case).
    assert outcome.killed_before_commit >= 1
