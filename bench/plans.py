"""Recurring plans at scale: the daily step ``plans.execute_due`` over N active plans of which
K are due on one day.

Builds a database of its own (a fresh PostgreSQL database next to ``--pg-url``, or a temporary
SQLite file), generates the rows in bulk inside the database: 100 funds (1.5 % purchase fee),
N/10 financial accounts each with a wallet holding of 100 000.00 in one lot, and N weekly
plans — 85 % funds by card, 10 % funds paid from the wallet, 5 % three-fund portfolios by
card — of which K are due on Wednesday 2026-11-25 and the rest a week later. Then times, on
the same database:

- the baseline: one plain ``INSERT INTO trade_order … SELECT`` of K orders, committed (what
  writing the day's orders once costs on this machine; removed again before the step);
- the step for the day (``execute_due``: K executions created, the plans' next dates moved,
  the purchase checks, K card charges through the local payment gateway, the orders with
  their fees — a portfolio's parent and children —, the wallet shares taken), committed.

It prints the step's seconds, the ratio step / baseline and the step's report. The goal:
200 000 due plans among 1 000 000 under 60 s on the 2-core machine. Nothing is asserted.

    .venv/bin/python -m bench.plans --db postgres --sizes 100000:20000,1000000:200000
    .venv/bin/python -m bench.plans --db sqlite --sizes 10000:2000
"""

from __future__ import annotations

import argparse
import tempfile
import time
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

from sqlalchemy import Engine, String, case, cast, delete, func, insert, literal, select, text
from sqlalchemy.orm import Session

from bench.harness import (
    base_world,
    drop_database,
    fresh_database,
    insert_orders,
    money,
    seq,
    wallet_accounts,
)
from opentamp.kit.clock import BEIJING, ClockState, clock
from opentamp.models.orders import TradeOrder
from opentamp.models.plans import InvestPlan
from opentamp.models.products import Fund, FundFeeTier, Portfolio, PortfolioComponent
from opentamp.plans.api import execute_due

D = date(2026, 11, 25)
LATER = date(2026, 12, 2)
FUNDS = 100
FIRST_FUND = 100000
PORTFOLIOS = 10
PLANS_PER_ACCOUNT = 10


def build(session: Session, *, plans: int, due: int) -> None:
    world = base_world(session)
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
        session.add(
            FundFeeTier(fund_code=str(FIRST_FUND + k), kind="purchase", rate=Decimal("0.015"))
        )
    for k in range(PORTFOLIOS):
        code = f"ZH{k:06d}"
        session.add(
            Portfolio(code=code, name=f"基准组合{k}", risk_level=3, inception_date=date(2021, 1, 4))
        )
        session.flush()
        for j, weight in enumerate(("0.5", "0.3", "0.2")):
            session.add(
                PortfolioComponent(
                    portfolio_code=code, fund_code=str(FIRST_FUND + (3 * k + j) % FUNDS),
                    weight=Decimal(weight),
                )
            )  # fmt: skip
    session.flush()

    accounts = max(1, plans // PLANS_PER_ACCOUNT)
    fa0 = wallet_accounts(session, world, accounts, on=D)
    rows = seq(session, plans)
    kind = rows.c.i % 20  # 0 → portfolio, 1–2 → wallet-paid fund, else fund by card
    is_po = kind == 0
    by_wallet = (kind == 1) | (kind == 2)
    session.execute(
        insert(InvestPlan).from_select(
            [
                "broker_user_id", "account_id", "financial_account_id", "product_type",
                "product_code", "amount", "period_unit", "period_interval", "period_day",
                "week_parity", "pay_type", "payment_method_id", "pay_date_mode", "smart",
                "plan_holding", "round", "round_start_date", "risk_confirmed", "status",
                "status_reason", "start_date", "next_date", "failed_periods", "created_at",
                "updated_at",
            ],
            select(
                literal(world.user.id), literal(world.account.id),
                literal(fa0) + rows.c.i % accounts,
                case((is_po, "poFund"), else_="fund"),
                case(
                    (is_po, literal("ZH") + func.lpad(cast(rows.c.i % PORTFOLIOS, String), 6, "0")
                     if session.get_bind().dialect.name == "postgresql"
                     else literal("ZH") + func.printf("%06d", rows.c.i % PORTFOLIOS)),
                    else_=cast(FIRST_FUND + rows.c.i % FUNDS, String),
                ),
                money(session, "500.00"), literal(1), literal(1), literal(3), literal(0),
                case((by_wallet, "wallet"), else_="card"),
                case((by_wallet, None), else_=world.card.id), literal("CONTINUITY"), literal(False),
                literal(0), literal(1), literal(D), literal(False), literal("A"), literal(""),
                literal(date(2026, 11, 16)),
                case((rows.c.i < due, literal(D)), else_=literal(LATER)), literal(0),
                literal(datetime(2026, 11, 16, 10, tzinfo=BEIJING), InvestPlan.created_at.type),
                literal(datetime(2026, 11, 16, 10, tzinfo=BEIJING), InvestPlan.created_at.type),
            ),
        )
    )  # fmt: skip
    session.commit()


def baseline(engine: Engine, orders: int) -> float:
    """One plain INSERT … SELECT of ``orders`` orders, committed, then removed again."""
    with Session(engine) as session:
        seconds = insert_orders(
            session,
            orders,
            order_code="039",
            fund_code=lambda i: cast(FIRST_FUND + i % FUNDS, String),
            portfolio_code="",
            confirm_status="0",
            amounts=("500.00", "0.015", "7.39", "492.61"),
            dates=(D, date(2026, 11, 26)),
        )
        session.execute(delete(TradeOrder).where(TradeOrder.broker_order_no.like("B%")))
        session.commit()
    return seconds


def run(engine: Engine, *, plans: int, due: int) -> None:
    with Session(engine) as session:
        started = time.perf_counter()
        build(session, plans=plans, due=due)
        built = time.perf_counter() - started
        if engine.dialect.name == "postgresql":
            session.execute(text("ANALYZE"))
            session.commit()
    base = baseline(engine, due)
    clock.override(ClockState(frozen_at=datetime(2026, 11, 25, 20, 0, tzinfo=BEIJING)))
    with Session(engine) as session:
        if engine.dialect.name == "postgresql":
            session.execute(text("SET LOCAL jit = off"))
        started = time.perf_counter()
        report = execute_due(session, D)
        session.commit()
        step = time.perf_counter() - started
        orders = session.scalar(select(func.count()).select_from(TradeOrder))
    clock.override(None)
    print(
        f"{engine.dialect.name:<10} {plans:>9} plans {due:>8} due  build {built:6.1f}s  "
        f"baseline INSERT {base:6.2f}s  step {step:6.2f}s  ratio {step / base:5.1f}x  "
        f"orders {orders}  {report}"
    )
    print("    phases (s): " + "  ".join(f"{k} {v:.2f}" for k, v in report.seconds.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="postgres")
    parser.add_argument(
        "--sizes", default="100000:20000", help="plans:due per run, comma-separated"
    )
    parser.add_argument("--pg-url", default="postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="opentamp-bench-plans-"))
    for size in args.sizes.split(","):
        plans, due = (int(x) for x in size.split(":"))
        engine, pg_name = fresh_database(args.db, args.pg_url, workdir)
        try:
            run(engine, plans=plans, due=due)
        finally:
            engine.dispose()
            if pg_name:
                drop_database(args.pg_url, pg_name)


if __name__ == "__main__":
    main()
