"""Backups (docs/development.md#backups): a copy of the SQLite database taken while the daily
pipeline is half-way through a day holds the books as of the last commit, and restored it
gives back a consistent day that the pipeline then settles to the same books as the run that
was copied mid-way."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from bench.crash import DAY, books_hash, build_world, run_pipeline
from opentamp.core.market_day import market_date
from opentamp.db import db, make_engine
from opentamp.kit.backup import BackupError, backup_sqlite, pg_commands, restore_sqlite
from opentamp.models.holdings import HoldingDailyProfit
from opentamp.models.orders import TradeOrder
from opentamp.settlement import service as settlement
from tests.suites import own_sqlite_file

pytestmark = own_sqlite_file


@pytest.fixture
def own_database() -> Iterator[None]:
    """The test points the process's database elsewhere; the suite's engine comes back after."""
    previous = db._engine
    yield
    db.dispose()
    if previous is not None:
        db.use(previous)


def _state(url: str) -> tuple[date | None, int, int]:
    engine = make_engine(url, pool_size=1)
    with Session(engine) as s:
        day = market_date(s)
        waiting = s.scalar(select(func.count()).where(TradeOrder.confirm_status == "0"))
        profits = s.scalar(select(func.count()).where(HoldingDailyProfit.profit_date == DAY))
    engine.dispose()
    return day, int(waiting or 0), int(profits or 0)


def test_a_backup_taken_during_settlement_restores_a_consistent_day(
    tmp_path: Path, own_database: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    live = f"sqlite:///{tmp_path / 'live.db'}"
    engine = make_engine(live, pool_size=1)
    build_world(engine, orders=400)
    engine.dispose()
    before = books_hash(make_engine(live, pool_size=1))
    assert _state(live) == (date(2026, 11, 16), 450, 0)  # 400 purchases + 50 redemptions

    # Settlement stops half-way (purchases confirmed, redemptions not yet) while the copy is
    # taken, then goes on to commit the day.
    inside, go_on = threading.Event(), threading.Event()

    def pause(session: Session, m: object, day: date) -> int:
        inside.set()
        assert go_on.wait(60)
        return 0

    stages = list(settlement.STAGES)
    at = [name for name, _ in stages].index("redemptions")
    monkeypatch.setattr(settlement, "STAGES", [*stages[:at], ("pause", pause), *stages[at:]])
    day = threading.Thread(target=run_pipeline, args=(live,))
    day.start()
    try:
        assert inside.wait(60)
        backup = tmp_path / "backups" / "during.db"
        assert backup_sqlite(live, backup) > 0
    finally:
        go_on.set()
        day.join()
    monkeypatch.setattr(settlement, "STAGES", stages)
    after = books_hash(make_engine(live, pool_size=1))
    assert after != before
    assert _state(live) == (DAY, 0, 200)  # the day committed: every order confirmed

    # The copy is the books before the day, whole: nothing of the half-done day is in it.
    copy_url = f"sqlite:///{backup}"
    assert _state(copy_url) == (date(2026, 11, 16), 450, 0)
    assert books_hash(make_engine(copy_url, pool_size=1)) == before

    # Restored over the live database (by the command, as an operator would)...
    env = dict(os.environ, OPENTAMP_DATABASE_URL=live)
    env.pop("OPENTAMP_TEST_DATABASE_URL", None)
    command = [sys.executable, "-m", "opentamp", "db", "restore", str(backup)]
    refused = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert refused.returncode != 0 and "--yes" in refused.stderr
    done = subprocess.run([*command, "--yes"], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert _state(live) == (date(2026, 11, 16), 450, 0)
    # ...the day settles again to exactly the books of the run that was copied mid-way.
    run_pipeline(live)
    assert books_hash(make_engine(live, pool_size=1)) == after


def test_the_command_takes_a_backup_and_refuses_what_is_not_one(tmp_path: Path) -> None:
    live = f"sqlite:///{tmp_path / 'cli.db'}"
    env = dict(os.environ, OPENTAMP_DATABASE_URL=live)
    env.pop("OPENTAMP_TEST_DATABASE_URL", None)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "opentamp", *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    assert run("db", "upgrade").returncode == 0
    made = run("db", "backup", str(tmp_path / "b.db"))
    assert made.returncode == 0 and "backup written" in made.stdout, made.stderr
    restore_sqlite(live, tmp_path / "b.db")  # a sound backup restores
    junk = tmp_path / "junk.db"
    junk.write_text("not a database", encoding="utf-8")
    bad = run("db", "restore", str(junk), "--yes")
    assert bad.returncode != 0 and "不是有效的 SQLite 备份文件" in bad.stderr
    with pytest.raises(BackupError, match="备份文件不存在"):
        restore_sqlite(live, tmp_path / "missing.db")


def test_postgres_backups_are_pg_dump_and_pg_restore() -> None:
    dump, restore = pg_commands(
        "postgresql+psycopg://ops:secret@db.internal:5432/opentamp", Path("/backups/day.dump")
    )
    assert dump == (
        "pg_dump --format=custom --no-owner --file /backups/day.dump "
        "postgresql://ops:secret@db.internal:5432/opentamp"
    )
    assert restore == (
        "pg_restore --clean --if-exists --no-owner --single-transaction "
        "--dbname postgresql://ops:secret@db.internal:5432/opentamp /backups/day.dump"
    )
