"""Commit contention on the world's data version (docs/scale.md#answer-cache): N concurrent
writers, each committing over and over an edit of a row tied to no user, with the world's
version on 1 row against its 8 shards (``db.use_world_shards``), on PostgreSQL.

Every commit that writes a row of no user bumps the world's version in its own transaction
(``db._bump_versions``); on one row, concurrent commits queue on its row lock from the bump to
the end of their commit. The benchmark builds a database of its own next to ``--pg-url``
(migrated, one fund per writer), then, for each number of writers, runs in interleaved rounds:

- ``no version``: the same ``UPDATE fund SET name = …`` of the writer's own fund, through a
  Core connection (no Session, so no bump): the floor of a commit on this machine;
- ``1 shard``: through a Session, the world's version on its one row 0;
- ``8 shards``: through a Session, spread over the 8 rows (the default).

It prints commits per second (the median of the rounds) and the ratios side by side. The
writers are threads of this process (psycopg waits on the server without the GIL). Nothing is
asserted.

    .venv/bin/python -m bench.versions                       # 1, 4 and 16 writers
    .venv/bin/python -m bench.versions --writers 1,8,32 --seconds 5 --rounds 3
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

from sqlalchemy import Engine, insert, update

import opentamp.models  # noqa: F401
from bench.harness import drop_database, fresh_database
from opentamp.db import WORLD_SHARDS, db
from opentamp.models.products import Fund, FundCompany

CASES = ("no version", "1 shard", f"{WORLD_SHARDS} shards")


def _funds(engine: Engine, writers: int) -> list[str]:
    codes = [f"7{n:05d}" for n in range(writers)]
    with engine.begin() as conn:
        conn.execute(insert(FundCompany).values(id=1, name="基准基金", short_name="基准"))
        conn.execute(
            insert(Fund),
            [
                dict(
                    code=code,
                    name="基准混合",
                    short_name="基准混合",
                    company_id=1,
                    fund_type=3,
                    risk_level=3,
                    inception_date=date(2020, 1, 6),
                )  # fmt: skip
                for code in codes
            ],
        )
    return codes


def _commit_core(engine: Engine, code: str, n: int) -> None:
    with engine.begin() as conn:
        conn.execute(update(Fund).where(Fund.code == code).values(name=f"基准混合{n}"))


def _commit_session(_engine: Engine, code: str, n: int) -> None:
    with db.session(write=True) as session:
        session.execute(update(Fund).where(Fund.code == code).values(name=f"基准混合{n}"))
        session.commit()


def _rate(engine: Engine, codes: list[str], commit: Callable[..., None], seconds: float) -> float:
    """Commits per second of ``len(codes)`` threads, each committing its own fund's edit."""
    done = [0] * len(codes)
    errors: list[BaseException] = []
    start = threading.Barrier(len(codes) + 1)
    stop_at = [0.0]

    def writer(i: int) -> None:
        start.wait()
        try:
            while time.monotonic() < stop_at[0]:
                commit(engine, codes[i], done[i])
                done[i] += 1
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(len(codes))]
    for t in threads:
        t.start()
    stop_at[0] = time.monotonic() + seconds
    began = time.monotonic()
    start.wait()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return sum(done) / (time.monotonic() - began)


def run(engine: Engine, *, writers: list[int], seconds: float, rounds: int) -> None:
    codes = _funds(engine, max(writers))
    cases: dict[str, tuple[Callable[..., None], int]] = {
        CASES[0]: (_commit_core, WORLD_SHARDS),
        CASES[1]: (_commit_session, 1),
        CASES[2]: (_commit_session, WORLD_SHARDS),
    }
    print(
        f"{'writers':>7} {CASES[0]:>12} {CASES[1]:>12} {CASES[2]:>12}   (commits/s, median of "
        f"{rounds})   {CASES[1]} ÷ {CASES[0]}   {CASES[2]} ÷ {CASES[0]}   {CASES[2]} ÷ {CASES[1]}"
    )
    try:
        for n in writers:
            runs: dict[str, list[float]] = {name: [] for name in cases}
            for commit, shards in cases.values():  # warm the pool's connections, not counted
                db.use_world_shards(shards)
                _rate(engine, codes[:n], commit, 0.5)
            for _ in range(rounds):
                for name, (commit, shards) in cases.items():
                    db.use_world_shards(shards)
                    runs[name].append(_rate(engine, codes[:n], commit, seconds))
            rate = {name: statistics.median(r) for name, r in runs.items()}
            none, one, many = (rate[c] for c in CASES)
            print(
                f"{n:>7} {none:>12.0f} {one:>12.0f} {many:>12.0f}   {'':>26}"
                f"{one / none:>13.2f}x {many / none:>15.2f}x {many / one:>15.2f}x",
                flush=True,
            )
    finally:
        db.use_world_shards(WORLD_SHARDS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", default="1,4,16", help="concurrent writers, comma-separated")
    parser.add_argument("--seconds", type=float, default=3, help="seconds of each case's run")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pg-url", default="postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
    args = parser.parse_args()
    writers = [int(w) for w in args.writers.split(",")]
    workdir = Path(tempfile.mkdtemp(prefix="opentamp-bench-versions-"))
    engine, pg_name = fresh_database("postgres", args.pg_url, workdir)
    try:
        run(engine, writers=writers, seconds=args.seconds, rounds=args.rounds)
    finally:
        db.dispose()
        engine.dispose()
        if pg_name:
            drop_database(args.pg_url, pg_name)


if __name__ == "__main__":
    main()
