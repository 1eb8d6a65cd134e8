"""Which suite runs a test. The suite runs twice, on SQLite and on PostgreSQL
(``OPENTAMP_TEST_DATABASE_URL``); a test on a SQLite file of its own (a command run as a user
runs it, a backup, SQLite's writers) is the same test in both, so it runs with the SQLite one."""

from __future__ import annotations

import os

import pytest

ON_POSTGRES = bool(os.environ.get("OPENTAMP_TEST_DATABASE_URL"))

own_sqlite_file = pytest.mark.skipif(
    ON_POSTGRES, reason="on a SQLite file of its own: the same in either suite, run with SQLite"
)
