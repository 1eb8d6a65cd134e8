"""The ``opentamp`` command on a database of its own (a subprocess, as a user runs it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.suites import own_sqlite_file

pytestmark = own_sqlite_file


@pytest.fixture
def run(tmp_path: Path):  # type: ignore[no-untyped-def]
    env = dict(os.environ, OPENTAMP_DATABASE_URL=f"sqlite:///{tmp_path / 'cli.db'}")
    env.pop("OPENTAMP_TEST_DATABASE_URL", None)

    def run(
        *args: str, ok: bool = True, input: str | None = None
    ) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(
            [sys.executable, "-m", "opentamp", *args],
            input=input,
            env=env,
            capture_output=True,
            text=True,
            # a bound on a hung command, not a timing check: seeding the demo world took over
            # 120 s on a loaded 2-core machine (as in tests/accounts/test_demo_accounts.py)
            timeout=600,
        )
        if ok:
            assert result.returncode == 0, result.stderr
        return result

    return run


def test_upgrade_seed_and_clock(run) -> None:  # type: ignore[no-untyped-def]
    assert "calendar days added" in run("db", "upgrade").stdout
    out = run("clock", "set", "2026-09-30 15:30", "--frozen").stdout
    assert "2026-09-30 15:30:00" in out and "trade date now: 2026-10-08" in out
    # the demo world's market data ends on the last publishable day: 09-29 at 09-30 15:30
    assert "seeded" in run("seed", "demo").stdout
    assert "already seeded" in run("seed", "demo").stdout
    out = run("market", "advance", "--days", "2").stdout
    # 09-30 is not published before 20:00, so it is the first day to advance over
    assert "published and settled 2026-09-30" in out and "published and settled 2026-10-08" in out
    assert "2026-10-08 20:30" in run("clock", "show").stdout
    assert "不是交易日" in run("settle", "--date", "2026-10-03", ok=False).stderr
    assert "settled 2026-10-09" in run("settle", "--date", "2026-10-09").stdout


def test_openapi_is_the_contract(run) -> None:  # type: ignore[no-untyped-def]
    doc = json.loads(run("openapi").stdout)
    assert "/api/v1/opentamp/noauth/app/version" in doc["paths"]


def test_batch_runs_each_line_as_a_command_in_one_process(run) -> None:  # type: ignore[no-untyped-def]
    lines = [
        "db upgrade",
        "clock set '2026-09-30 15:30' --frozen",
        "",  # a blank line is no command
        "settle --date 2026-10-03",  # a holiday: refused, and the next line still runs
        "nope",
        "batch",
        "'unclosed",
        "clock show",
    ]
    result = run("batch", input="\n".join(lines) + "\n")
    exits = [line for line in result.stdout.splitlines() if line.startswith("--- exit")]
    assert exits == [f"--- exit {code}" for code in (0, 0, 2, 2, 2, 2, 0)]
    # each command's output comes before its end line
    before_show = result.stdout.rsplit("--- exit 0", 2)[-2]
    assert "2026-09-30 15:30:00" in before_show and "trade date now: 2026-10-08" in before_show
    assert "不是交易日" in result.stderr
    assert "No such command 'nope'" in result.stderr
    assert "batch 不能在 batch 中运行" in result.stderr
    assert "无法解析命令" in result.stderr
