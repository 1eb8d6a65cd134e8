"""Settlement throughput: N pending purchases over M holdings, settled in one transaction.

Builds a database of its own (a temporary SQLite file, or a fresh PostgreSQL database next to
``--pg-url``), generates the rows in bulk inside the database (``generate_series`` on
PostgreSQL, a recursive CTE on SQLite), then times, in one run and on the same rows:

- the baseline: one plain ``UPDATE trade_order SET confirm_status = confirm_status`` over the
  pending orders (what touching every order once costs on this machine);
- the settlement step of the day (``settle_day``: confirmation, lots, holdings, valuation and
  a daily profit row per holding), committed.

It checks that the baseline touched exactly the N orders settled, and prints how many holding
row versions the day wrote on PostgreSQL (one per holding when each is written once) and the
load average.

It prints orders/s and the ratio settlement / baseline, and the seconds spent in each stage of
``settlement.service.STAGES`` (timed around each stage by the bench, flushes included; the
commit is timed apart). The fresh tables are ``ANALYZE``d on PostgreSQL after the bulk load,
before either timing, as autovacuum would after any real day's inserts: both sides get the
same statistics. On PostgreSQL the orders are vacuumed after the baseline (as autovacuum would
after any mass update): the settlement then starts from the table the baseline started from,
not from the baseline's 100 % dead row versions and index entries, which a real day's orders
never carry (docs/trading.md#settlement-at-scale). Nothing is asserted.

    .venv/bin/python -m bench.settlement --db sqlite --sizes 10000,100000
    .venv/bin/python -m bench.settlement --db postgres --sizes 10000,100000,1000000
    .venv/bin/python -m bench.settlement --db postgres --sizes 100000 --explain /tmp/plans.txt

``--explain`` appends the plans of the settlement's statements (``auto_explain``: rows, times,
buffers, WAL, foreign-key trigger times) to a file.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Engine,
    String,
    cast,
    func,
    insert,
    literal,
    select,
    text,
)
from sqlalchemy.orm import Session

import opentamp.models  # noqa: F401
from bench.harness import drop_database, money, new_database, seq
from opentamp.core.calendar import ensure_calendar, invalidate_calendar
from opentamp.kit.clock import BEIJING
from opentamp.migrate import upgrade
from opentamp.models.accounts import Account, FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.models.notices import OutboxEvent
from opentamp.models.orders import TradeOrder
from opentamp.models.platform import Broker
from opentamp.models.products import Fund, FundCompany, FundNav
from opentamp.notices.service import deliver
from opentamp.settlement import service as settlement
from opentamp.settlement.service import settle_day

T, D = date(2026, 11, 16), date(2026, 11, 17)
FUNDS = 100
FIRST_FUND = 100000


def build(session: Session, *, orders: int, holdings: int, users: int) -> None:
    broker = Broker(id=1, name="基准券商", short_name="基准")
    session.add(broker)
    company = FundCompany(id=1, name="基准基金", short_name="基准")
    session.add(company)
    session.flush()
    for k in range(FUNDS):
        code = str(FIRST_FUND + k)
        session.add(
            Fund(
                code=code, name=f"基准基金{k}", short_name=f"基准{k}", company_id=1, fund_type=3,
                risk_level=3, inception_date=date(2020, 1, 6),
            )
        )  # fmt: skip
    session.flush()
    for k in range(FUNDS):
        code = str(FIRST_FUND + k)
        for day, nav in ((T, Decimal("1.2345")), (D, Decimal("1.2400") + Decimal(k) / 10000)):
            session.add(FundNav(fund_code=code, nav_date=day, nav=nav, acc_nav=nav))
    session.flush()

    # One user (with one account and one financial account) per `holdings / users` holdings
    # (a whole number: `main`):
    # the k-th of each table is the k-th user's (fresh tables, ids given in the order of i).
    rows = seq(session, users)
    session.execute(
        insert(BrokerUser).from_select(
            ["broker_id", "phone", "nickname"],
            select(literal(1), cast(13900000000 + rows.c.i, String), literal("基准")).select_from(
                rows
            ),
        )
    )
    u0 = session.scalar(select(func.min(BrokerUser.id)))
    rows = seq(session, users)
    session.execute(
        insert(Account).from_select(
            ["broker_user_id", "name", "id_no", "phone"],
            select(
                literal(u0) + rows.c.i, literal("张三"), literal("110101199003071233"),
                cast(13900000000 + rows.c.i, String),
            ),
        )
    )  # fmt: skip
    a0 = session.scalar(select(func.min(Account.id)))
    rows = seq(session, users)
    session.execute(
        insert(FinancialAccount).from_select(
            ["broker_user_id", "account_id", "name", "type"],
            select(
                literal(u0) + rows.c.i, literal(a0) + rows.c.i, literal("理财账户"),
                literal("normal"),
            ),
        )
    )  # fmt: skip
    fa0 = session.scalar(select(func.min(FinancialAccount.id)))
    rows = seq(session, holdings)
    owner = rows.c.i // (holdings // users)
    session.execute(
        insert(Holding).from_select(
            [
                "broker_user_id", "account_id", "financial_account_id", "fund_code",
                "portfolio_code", "shares", "cost", "paid_in", "nav", "nav_date",
                "market_value", "holding_profit", "accumulated_profit", "first_confirm_date",
            ],
            select(
                literal(u0) + owner, literal(a0) + owner, literal(fa0) + owner,
                cast(FIRST_FUND + rows.c.i % FUNDS, String), literal(""),
                money(session, "1000.00"), money(session, "1200.00"),
                money(session, "1200.00"), money(session, "1.2345", 4), literal(T),
                money(session, "1234.50"), money(session, "34.50"), money(session, "34.50"),
                literal(date(2026, 1, 5)),
            ),
        )
    )  # fmt: skip
    session.execute(
        insert(HoldingLot).from_select(
            ["holding_id", "confirm_date", "shares"],
            select(Holding.id, literal(date(2026, 1, 5)), money(session, "1000.00")),
        )
    )
    rows = seq(session, orders)
    apply_time = datetime(2026, 11, 16, 10, 0, tzinfo=BEIJING)
    holding_no = rows.c.i % holdings
    owner = holding_no // (holdings // users)
    session.execute(
        insert(TradeOrder).from_select(
            [
                "broker_order_no", "broker_user_id", "account_id", "financial_account_id",
                "order_code", "fund_code", "portfolio_code", "confirm_status", "pay_status",
                "pay_method", "trade_amount", "fee_rate", "fee", "net_amount", "apply_time",
                "trade_date", "confirm_date",
            ],
            select(
                literal("B", String()) + cast(rows.c.i, String), literal(u0) + owner,
                literal(a0) + owner, literal(fa0) + owner, literal("022"),
                cast(FIRST_FUND + holding_no % FUNDS, String), literal(""), literal("0"),
                literal("2"), literal("card"), money(session, "1000.00"),
                money(session, "0.015", 8), money(session, "14.78"),
                money(session, "985.22"), literal(apply_time, TradeOrder.apply_time.type),
                literal(T), literal(D),
            ),
        )
    )  # fmt: skip
    session.commit()


def _timed_stages(seconds: dict[str, float]) -> list[tuple[str, settlement.Stage]]:
    """The stages of settlement, each timed into ``seconds``."""

    def timed(name: str, stage: settlement.Stage) -> settlement.Stage:
        def run_stage(session: Session, m: Any, day: date) -> int:
            started = time.perf_counter()
            try:
                return stage(session, m, day)
            finally:
                seconds[name] = time.perf_counter() - started

        return run_stage

    return [(name, timed(name, stage)) for name, stage in settlement.STAGES]


def holding_writes(session: Session) -> int | None:
    """Row versions of ``holding`` written (inserted or updated) as the backend counts them on
    PostgreSQL (this transaction's, and earlier ones' not yet reported: take a difference)."""
    if session.get_bind().dialect.name != "postgresql":
        return None
    return int(
        session.execute(
            text(
                "SELECT n_tup_ins + n_tup_upd FROM pg_stat_xact_user_tables "
                "WHERE relname = 'holding'"
            )
        ).scalar_one()
    )


def explain_into(session: Session, path: Path) -> None:
    """PostgreSQL: the plan of every statement of this transaction that takes over 50 ms, with
    its actual rows, times, buffers, WAL and foreign-key trigger times (``auto_explain`` at NOTICE
    level, nested statements included), appended to ``path``."""
    connection = session.connection().connection.driver_connection
    out = path.open("a")
    connection.add_notice_handler(lambda d: out.write(f"{d.message_primary}\n\n") or out.flush())
    for setting in (
        "LOAD 'auto_explain'",
        "SET LOCAL auto_explain.log_min_duration = 50",
        "SET LOCAL auto_explain.log_analyze = on",
        "SET LOCAL auto_explain.log_buffers = on",
        "SET LOCAL auto_explain.log_triggers = on",
        "SET LOCAL auto_explain.log_wal = on",
        "SET LOCAL auto_explain.log_nested_statements = on",
        "SET LOCAL auto_explain.log_level = notice",
    ):
        session.execute(text(setting))


def owners_disagreeing(session: Session) -> int:
    """Orders and holdings whose user or account is not their financial account's (the bench's
    own rows are consistent: checked once after the build)."""
    fa = FinancialAccount
    return sum(
        session.scalar(
            select(func.count())
            .select_from(table)
            .join(fa, fa.id == table.financial_account_id)
            .where(
                (fa.broker_user_id != table.broker_user_id) | (fa.account_id != table.account_id)
            )
        )
        or 0
        for table in (TradeOrder, Holding)
    )


def wal_records(session: Session) -> int | None:
    """PostgreSQL: WAL records the whole server has written so far (``pg_stat_wal``; other
    databases' writes included: take a difference on a quiet server). Call it outside a
    transaction: this session's own counts are flushed first."""
    if session.get_bind().dialect.name != "postgresql":
        return None
    session.execute(text("SELECT pg_stat_force_next_flush()"))
    session.commit()  # the backend reports its counts when it goes idle after this
    records = session.execute(text("SELECT wal_records FROM pg_stat_wal")).scalar_one()
    session.commit()
    return int(records)


def delta(after: int | None, before: int | None) -> str:
    return "n/a" if after is None or before is None else f"{after - before:,}"


def run(
    engine: Engine, *, orders: int, holdings: int, users: int, explain: Path | None = None
) -> None:
    with Session(engine) as session:
        started = time.perf_counter()
        build(session, orders=orders, holdings=holdings, users=users)
        built = time.perf_counter() - started
        assert owners_disagreeing(session) == 0
        if engine.dialect.name == "postgresql":
            session.execute(text("ANALYZE"))
            session.commit()
    with Session(engine) as session:
        wal_start = wal_records(session)
        started = time.perf_counter()
        touched = session.execute(
            text(
                "UPDATE trade_order SET confirm_status = confirm_status "
                "WHERE confirm_status = '0' AND order_code = '022'"
            )
        ).rowcount  # type: ignore[attr-defined]
        session.commit()
        baseline = time.perf_counter() - started
        wal_baseline = wal_records(session)
    assert touched == orders, touched  # the baseline touches exactly the orders settled
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.execute(text("VACUUM trade_order"))
    seconds: dict[str, float] = {}
    stages, settlement.STAGES = settlement.STAGES, _timed_stages(seconds)
    try:
        with Session(engine) as session:
            wal_before = wal_records(session)  # = the vacuum's end
            if explain is not None and engine.dialect.name == "postgresql":
                explain_into(session, explain)
            before = holding_writes(session)
            started = time.perf_counter()
            report = settle_day(session, day=D)
            after = holding_writes(session)
            writes = None if before is None or after is None else after - before
            committing = time.perf_counter()
            session.commit()
            settled = time.perf_counter() - started
            seconds["commit"] = time.perf_counter() - committing
            wal_settled = wal_records(session)
    finally:
        settlement.STAGES = stages
    with Session(engine) as session:
        started = time.perf_counter()
        notices = deliver(session)
        session.commit()
        delivered = time.perf_counter() - started
        wal_delivered = wal_records(session)
        events = session.scalar(select(func.count()).select_from(OutboxEvent))
    assert report["purchases"] == orders, report
    print(
        f"{engine.dialect.name:<10} {orders:>9} orders {holdings:>9} holdings  "
        f"build {built:6.1f}s  baseline UPDATE {baseline:6.2f}s  settlement {settled:6.2f}s  "
        f"{orders / settled:>9.0f} orders/s  ratio {settled / baseline:5.1f}x   {report}"
    )
    print("    stages (s): " + "  ".join(f"{name} {s:.2f}" for name, s in seconds.items()))
    print(
        f"    holding rows written: {writes if writes is not None else 'n/a'} "
        f"({holdings} holdings, {users} users)   load average {os.getloadavg()[0]:.2f}"
    )
    print(
        f"    delivery: {notices} notices of {events} events in {delivered:.2f}s   "
        f"WAL records: baseline {delta(wal_baseline, wal_start)}, "
        f"settlement {delta(wal_settled, wal_before)}, "
        f"delivery {delta(wal_delivered, wal_settled)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--sizes", default="10000,100000", help="orders per run, comma-separated")
    parser.add_argument(
        "--holdings-per-order", type=float, default=0.5, help="M = N × this (default 0.5)"
    )
    parser.add_argument(
        "--orders-per-user",
        type=int,
        default=4,
        help="users = N / this (default 4: one user per two holdings; bench/README.md)",
    )
    parser.add_argument(
        "--explain",
        type=Path,
        help="PostgreSQL: append the settlement's plans (EXPLAIN ANALYZE, BUFFERS) to this file",
    )
    parser.add_argument("--pg-url", default="postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="opentamp-bench-settlement-"))
    for size in (int(s) for s in args.sizes.split(",")):
        holdings = max(FUNDS, int(size * args.holdings_per_order))
        engine, pg_name = new_database(args.db, args.pg_url, workdir)
        try:
            with engine.begin() as connection:
                upgrade(connection)
            with Session(engine) as session:
                ensure_calendar(session)
                session.commit()
            invalidate_calendar()
            per_user = max(1, round(holdings * args.orders_per_user / size))  # holdings a user
            users = -(-holdings // per_user)
            holdings = users * per_user
            run(engine, orders=size, holdings=holdings, users=users, explain=args.explain)
        finally:
            engine.dispose()
            if pg_name:
                drop_database(args.pg_url, pg_name)


if __name__ == "__main__":
    main()
