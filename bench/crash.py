"""Crash trials of the daily pipeline: killed at a random moment, run again, same books.

A world of N pending orders (purchases over N/2 holdings, two an investor, and a redemption of
100.00 shares of every fourth holding, due at the investor's card on D) and cash dividends (ex-
and pay date D on every tenth fund; every third holding reinvests) waits for the day D =
2026-11-17: the day confirms, pays dividends, values every holding and sends the card payouts.
The pipeline of D (``jobs.run_day``: publication, settlement, everything registered) runs once
untouched in a copy of the world: the reference. Each trial then takes a fresh copy, starts the
pipeline in a child process (forked once the server is imported, so the kill lands in the day's
work rather than in Python's imports), SIGKILLs it after a random delay drawn from [0, 1.2 × the
reference's duration] (that duration measured in a child forked the same way, from the same
warmed process), runs the pipeline again (the restart) and compares a hash of every money table
with the reference's.

The hash covers every table with a money, share, NAV or rate column, and ``app_state`` (the
market date), row by row in a fixed order, every column but surrogate ``id``\\ s, with a
reference to a trade order or a holding replaced by that row's natural key (PostgreSQL's
sequences are not transactional: a killed run uses up ids its rollback does not return). The
clock is frozen at D 21:00 in every run, so stamps agree too.

    .venv/bin/python -m bench.crash --db sqlite --trials 100 --orders 5000
    .venv/bin/python -m bench.crash --db postgres --trials 100 --orders 5000

It prints, per database, how many kills landed before the day committed (the day was rolled
back and redone) and after (the restart found the day done and changed nothing), and how many
trials ended with books equal to the reference's: all of them, or the pipeline is not crash-safe.
"""

from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import os
import random
import shutil
import signal
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, insert, make_url, select, text
from sqlalchemy.orm import Session

import opentamp.models  # noqa: F401
from bench.settlement import D, T, build
from opentamp import jobs
from opentamp.core.calendar import ensure_calendar
from opentamp.core.market_day import advance_market_date, market_date
from opentamp.db import Base, db, make_engine
from opentamp.kit.backup import backup_sqlite
from opentamp.kit.clock import BEIJING, frozen
from opentamp.kit.money import ExactDecimal
from opentamp.migrate import upgrade
from opentamp.models.accounts import Account, PaymentMethod
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.models.orders import OrderLot, TradeOrder
from opentamp.models.products import Fund, FundDividend

DAY = D
#: Every run of the day sees this moment (after the NAVs are due).
MOMENT = datetime(2026, 11, 17, 21, 0, tzinfo=BEIJING)
PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"


# -- the world ---------------------------------------------------------------------------------


def _add_cards_and_dividends(session: Session) -> dict[int, int]:
    """Each investor's bank card (their ids by the user's), a cash dividend of 0.0123 a share
    with ex- and pay date D on every tenth fund, and every third holding reinvesting its
    dividends."""
    cards = {}
    for account in session.scalars(select(Account).order_by(Account.id)):
        card = PaymentMethod(
            broker_user_id=account.broker_user_id, account_id=account.id, bank_no="002",
            card_tail="0001", card_fingerprint=f"bench{account.id}", phone_tail="8000",
            gateway_token=f"bench{account.id}",
        )  # fmt: skip
        session.add(card)
        cards[account.broker_user_id] = card
    for code in session.scalars(select(Fund.code).order_by(Fund.code)).all()[::10]:
        session.add(
            FundDividend(
                fund_code=code, record_date=T, ex_date=D, pay_date=D,
                cash_per_share=Decimal("0.0123"),
            )
        )  # fmt: skip
    for h in session.scalars(select(Holding).where(Holding.id % 3 == 0)):
        h.dividend_method = "reinvest"
    session.flush()
    return {user: card.id for user, card in cards.items()}


def _add_redemptions(session: Session, cards: dict[int, int]) -> None:
    """A 024 of 100.00 shares (to its investor's card, FIFO from the holding's one lot at
    0.5 %) on every fourth holding, with its shares frozen; due at the card on D, so the day
    pays them out."""
    apply_time = datetime(2026, 11, 16, 10, 30, tzinfo=BEIJING)
    chosen = select(Holding).where(Holding.id % 4 == 0).order_by(Holding.id)
    rows = list(session.scalars(chosen))
    hundred = "100.00"
    for h in rows:
        order = TradeOrder(
            broker_order_no=f"R{h.id:09d}",
            broker_user_id=h.broker_user_id,
            account_id=h.account_id,
            financial_account_id=h.financial_account_id,
            order_code="024",
            fund_code=h.fund_code,
            portfolio_code="",
            confirm_status="0",
            pay_status="2",
            trade_share=Decimal(hundred),
            redeem_to="card",
            payment_method_id=cards[h.broker_user_id],
            apply_time=apply_time,
            trade_date=T,
            confirm_date=D,
            arrival_date=D,
        )
        session.add(order)
    session.flush()
    lots = {
        holding_id: lot_id
        for holding_id, lot_id in session.execute(select(HoldingLot.holding_id, HoldingLot.id))
    }
    orders = session.execute(
        select(TradeOrder.id, TradeOrder.broker_order_no).where(TradeOrder.order_code == "024")
    ).all()
    for order_id, order_no in orders:
        session.execute(
            insert(OrderLot).values(
                order_id=order_id,
                lot_id=lots[int(order_no[1:])],
                shares=Decimal(hundred),
                fee_rate=Decimal("0.005"),
            )
        )
    for h in rows:
        h.frozen_shares = Decimal(hundred)
    session.flush()


def build_world(engine: Engine, *, orders: int) -> None:
    """Migrate ``engine``'s empty database and fill it with the world of the module's doc."""
    with engine.begin() as connection:
        upgrade(connection)
    with Session(engine) as session:
        ensure_calendar(session)
        session.commit()
    with Session(engine) as session:
        # two holdings a user, as bench.settlement gives them by default
        holdings = max(100, orders // 2) // 2 * 2
        build(session, orders=orders, holdings=holdings, users=holdings // 2)
    with Session(engine) as session, frozen(MOMENT):
        _add_redemptions(session, _add_cards_and_dividends(session))
        advance_market_date(session, T)
        session.commit()


# -- the books ---------------------------------------------------------------------------------


def money_tables() -> list[str]:
    """Every table holding a money, share, NAV or rate column, and app_state."""
    names = {
        table.name
        for table in Base.metadata.sorted_tables
        if any(isinstance(c.type, ExactDecimal) for c in table.columns)
    }
    return sorted(names | {"app_state"})


#: How a row of a table whose rows the day may create is named apart from its surrogate id.
NATURAL_KEYS = {
    "trade_order": ("broker_order_no",),
    "holding": ("financial_account_id", "fund_code", "portfolio_code"),
}


def books_hash(engine: Engine) -> str:
    """SHA-256 over the money tables' rows, in a fixed order. Surrogate ids are left out, and a
    reference to a trade order or a holding is replaced by that row's natural key: PostgreSQL's
    sequences are not transactional, so a killed run uses up ids (of the dividend orders it
    had inserted, say) that the rerun does not get back."""
    digest = hashlib.sha256()
    with engine.connect() as conn:
        names: dict[str, dict[Any, tuple[Any, ...]]] = {}
        for table_name, key in NATURAL_KEYS.items():
            table = Base.metadata.tables[table_name]
            rows = conn.execute(select(table.c.id, *(table.c[k] for k in key))).all()
            names[table_name] = {row[0]: tuple(row[1:]) for row in rows}
        for name in money_tables():
            table = Base.metadata.tables[name]
            columns = [c for c in table.columns if c.name != "id"]
            targets = []
            for c in columns:
                fk = next(iter(c.foreign_keys), None)
                target = fk.column.table.name if fk is not None else None
                targets.append(target if target in names else None)
            digest.update(name.encode())
            lines = []
            for row in conn.execute(select(*columns)).all():
                values = [
                    names[t].get(v, v) if t is not None else v
                    for v, t in zip(row, targets, strict=True)
                ]
                lines.append(repr(tuple(values)))
            for line in sorted(lines):
                digest.update(line.encode())
    return digest.hexdigest()


# -- copies of the world -----------------------------------------------------------------------


@dataclass
class Store:
    """Copies of a template database: SQLite files, or PostgreSQL databases made from a
    template database."""

    kind: str
    workdir: Path
    pg_url: str = PG_URL
    template: str = ""
    made: list[str] = field(default_factory=list)

    def _pg_admin(self) -> Engine:
        return create_engine(self.pg_url, isolation_level="AUTOCOMMIT")

    def _pg_url_of(self, name: str) -> str:
        return make_url(self.pg_url).set(database=name).render_as_string(hide_password=False)

    def new_template(self, *, orders: int) -> None:
        if self.kind == "sqlite":
            self.template = str(self.workdir / "template.db")
            engine = make_engine(f"sqlite:///{self.workdir / 'build.db'}")
            build_world(engine, orders=orders)
            engine.dispose()
            backup_sqlite(f"sqlite:///{self.workdir / 'build.db'}", Path(self.template))
            return
        self.template = f"opentamp_crash_{uuid.uuid4().hex[:8]}"
        admin = self._pg_admin()
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{self.template}"'))
        admin.dispose()
        self.made.append(self.template)
        engine = make_engine(self._pg_url_of(self.template))
        build_world(engine, orders=orders)
        with engine.connect() as conn:
            conn.execute(text("ANALYZE"))
            conn.commit()
        engine.dispose()

    def copy(self) -> str:
        """A fresh copy of the template; returns its URL."""
        name = f"copy_{uuid.uuid4().hex[:8]}"
        if self.kind == "sqlite":
            path = self.workdir / f"{name}.db"
            shutil.copyfile(self.template, path)
            return f"sqlite:///{path}"
        admin = self._pg_admin()
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{self.template}"'))
        admin.dispose()
        self.made.append(name)
        return self._pg_url_of(name)

    def drop(self, url: str) -> None:
        if self.kind == "sqlite":
            path = make_url(url).database or ""
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)
            return
        name = make_url(url).database
        admin = self._pg_admin()
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
        self.made.remove(str(name))

    def close(self) -> None:
        shutil.rmtree(self.workdir, ignore_errors=True)
        for name in list(self.made):
            admin = self._pg_admin()
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            admin.dispose()
        self.made.clear()


@contextmanager
def using(url: str) -> Iterator[Engine]:
    """Point the process's database at ``url`` for the block."""
    db.dispose()
    engine = make_engine(url, pool_size=2)
    db.use(engine)
    try:
        yield engine
    finally:
        db.dispose()


def run_pipeline(url: str) -> float:
    """The day's pipeline on ``url``, to the end; returns its seconds."""
    with using(url), frozen(MOMENT):
        started = time.perf_counter()
        jobs.run_day(DAY)
        return time.perf_counter() - started


def _child(url: str, started: object, seconds: object = None) -> None:  # the forked process
    engine = make_engine(url, pool_size=2)
    db.use(engine)
    with frozen(MOMENT):
        started.set()  # type: ignore[attr-defined]
        began = time.perf_counter()
        jobs.run_day(DAY)
        if seconds is not None:
            seconds.value = time.perf_counter() - began  # type: ignore[attr-defined]
    os._exit(0)


def timed_child_run(url: str) -> float:
    """The day's pipeline on ``url`` in a child forked like a trial's, to the end; returns the
    seconds from its start signal to its end. The kill delays are drawn against this figure
    rather than the first in-process run's, which compiles every statement for the first time
    and takes about twice as long as a child forked from the warmed process."""
    ctx = multiprocessing.get_context("fork")
    db.dispose()
    started = ctx.Event()
    seconds = ctx.Value("d", 0.0)
    child = ctx.Process(target=_child, args=(url, started, seconds))
    child.start()
    child.join()
    if child.exitcode != 0:
        raise RuntimeError(f"the reference pipeline ended with exit code {child.exitcode}")
    return float(seconds.value)


# -- the trials --------------------------------------------------------------------------------


@dataclass
class Outcome:
    trials: int = 0
    equal: int = 0
    killed_before_commit: int = 0
    killed_after_commit: int = 0
    finished_before_kill: int = 0
    mismatches: list[int] = field(default_factory=list)


def trials(store: Store, *, count: int, seed: int) -> tuple[Outcome, float]:
    """``count`` kill-and-restart trials against a reference run; returns the outcome and the
    reference run's seconds."""
    reference_url = store.copy()
    run_pipeline(reference_url)  # also warms this process, whose state every child inherits
    reference = books_hash(make_engine(reference_url, pool_size=1))
    store.drop(reference_url)
    timing_url = store.copy()
    seconds = timed_child_run(timing_url)
    store.drop(timing_url)
    rng = random.Random(seed)
    ctx = multiprocessing.get_context("fork")
    outcome = Outcome()
    for n in range(count):
        url = store.copy()
        db.dispose()
        started = ctx.Event()
        child = ctx.Process(target=_child, args=(url, started))
        child.start()
        started.wait(60)
        time.sleep(rng.uniform(0, seconds * 1.2))
        if child.is_alive():
            os.kill(child.pid or 0, signal.SIGKILL)
            child.join()
            engine = make_engine(url, pool_size=1)
            with Session(engine) as session:
                done = market_date(session) == DAY
            engine.dispose()
            if done:
                outcome.killed_after_commit += 1
            else:
                outcome.killed_before_commit += 1
        else:
            child.join()
            outcome.finished_before_kill += 1
        run_pipeline(url)  # the restart
        engine = make_engine(url, pool_size=1)
        equal = books_hash(engine) == reference
        engine.dispose()
        outcome.trials += 1
        if equal:
            outcome.equal += 1
        else:
            outcome.mismatches.append(n)
        store.drop(url)
    return outcome, seconds


def run_trials(kind: str, *, count: int, orders: int, seed: int, pg_url: str = PG_URL) -> Outcome:
    """Build a world in a store of ``kind`` ("sqlite" or "postgres") and run the trials."""
    store = Store(kind, Path(tempfile.mkdtemp(prefix="opentamp-crash-")), pg_url=pg_url)
    try:
        store.new_template(orders=orders)
        outcome, _seconds = trials(store, count=count, seed=seed)
        return outcome
    finally:
        db.dispose()
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--trials", type=int, default=100)
    parser.add_argument("--orders", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=20261117)
    parser.add_argument("--pg-url", default=PG_URL)
    args = parser.parse_args()
    store = Store(args.db, Path(tempfile.mkdtemp(prefix="opentamp-crash-")), pg_url=args.pg_url)
    try:
        started = time.perf_counter()
        store.new_template(orders=args.orders)
        built = time.perf_counter() - started
        outcome, seconds = trials(store, count=args.trials, seed=args.seed)
    finally:
        db.dispose()
        store.close()
    print(
        f"{args.db:<8} {args.orders} orders  world built in {built:.1f}s  pipeline {seconds:.2f}s"
        f"  trials {outcome.trials}: killed before commit {outcome.killed_before_commit}, "
        f"after commit {outcome.killed_after_commit}, finished before the kill "
        f"{outcome.finished_before_kill}; books equal to the reference {outcome.equal}"
        f"/{outcome.trials}"
        + (f"  MISMATCH in trials {outcome.mismatches}" if outcome.mismatches else "")
    )


if __name__ == "__main__":
    main()
