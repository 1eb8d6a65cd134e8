"""Signal follows at scale: the daily step ``signals.follow`` for N OPEN follow plans of one
signal product on one 1.5× buy signal (docs/signals.md#at-scale).

Each case runs on a database of its own (a fresh PostgreSQL database next to ``--pg-url``, or a
temporary SQLite file) built in bulk inside the database: one signal product of two funds
(60 % / 40 %, 1.5 % purchase fee, minimum purchase 100.00 元), N financial accounts each with a
wallet of 100 000.00 in one lot, and N OPEN plans: 90 % paid by card, 10 % from the wallet;
every fifth plan has a base of 50.00 (its 1.5× = 75.00 is below the minimum, as after the
product's minimum was raised). The cases, side by side in one run:

- ``baseline``: one plain ``INSERT INTO trade_order … SELECT`` of N orders, committed;
- ``per order``: the step with every record placed one by one through trading's purchase
  (the step before the set-based refusals);
- ``set``: the step as it runs (``follow_day``): the refusals a signal decides for all its
  followers in one statement each, the rest through trading's purchase.

It prints each case's seconds and its ratio to the baseline, and the step's report. Nothing is
asserted.

    .venv/bin/python -m bench.follow --db sqlite --plans 10000
    .venv/bin/python -m bench.follow --db postgres --plans 10000
"""

from __future__ import annotations

import argparse
import tempfile
import time
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

from sqlalchemy import Engine, case, func, insert, literal, select, text
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
from opentamp.models.catalogue import ProductSignal
from opentamp.models.orders import TradeOrder
from opentamp.models.products import Fund, FundFeeTier, Portfolio, PortfolioComponent
from opentamp.models.signals import SignalFollowPlan
from opentamp.signals.follow import FOLLOW_TIME, _follow, follow_day

D = date(2026, 11, 25)
PRODUCT = "SI000001"


def build(session: Session, *, plans: int) -> None:
    world = base_world(session)
    for code in ("100001", "100002"):
        session.add(
            Fund(
                code=code, name=f"基准基金{code}", short_name=code, company_id=1, fund_type=3,
                risk_level=3, inception_date=date(2020, 1, 6),
            )
        )  # fmt: skip
    session.add(
        Portfolio(
            code=PRODUCT, name="基准发车", risk_level=3, inception_date=date(2021, 1, 4),
            kind="signal",
        )
    )  # fmt: skip
    session.flush()
    for code, weight in (("100001", "0.6"), ("100002", "0.4")):
        session.add(FundFeeTier(fund_code=code, kind="purchase", rate=Decimal("0.015")))
        session.add(
            PortfolioComponent(portfolio_code=PRODUCT, fund_code=code, weight=Decimal(weight))
        )
    session.add(
        ProductSignal(
            sig_id=f"{PRODUCT}-20261125", product_code=PRODUCT, sig_date=D,
            signal_type="BUY", auto_follow_buy_rate=Decimal("1.5"),
        )
    )  # fmt: skip
    session.flush()
    fa0 = wallet_accounts(session, world, plans, on=D)
    rows = seq(session, plans)
    by_wallet = rows.c.i % 10 == 1
    stamp = literal(datetime(2026, 11, 16, 10, tzinfo=BEIJING), SignalFollowPlan.created_at.type)
    session.execute(
        insert(SignalFollowPlan).from_select(
            [
                "broker_user_id", "account_id", "financial_account_id", "product_code", "status",
                "base_amount", "pay_type", "payment_method_id", "risk_confirmed", "created_at",
                "updated_at",
            ],
            select(
                literal(world.user.id), literal(world.account.id), literal(fa0) + rows.c.i,
                literal(PRODUCT), literal("OPEN"),
                case((rows.c.i % 5 == 0, money(session, "50.00")),
                     else_=money(session, "1000.00")),
                case((by_wallet, "wallet"), else_="card"),
                case((by_wallet, None), else_=world.card.id), literal(False), stamp, stamp,
            ),
        )
    )  # fmt: skip
    session.commit()


def baseline(engine: Engine, orders: int) -> float:
    """One plain INSERT … SELECT of ``orders`` orders, committed."""
    with Session(engine) as session:
        return insert_orders(
            session,
            orders,
            order_code="P02",
            fund_code=lambda _i: literal(""),
            portfolio_code=PRODUCT,
            confirm_status="P0",
            amounts=("1500.00", "0", "22.17", "1477.83"),
            dates=(D, date(2026, 11, 26)),
        )


def step(engine: Engine, *, per_order: bool) -> tuple[float, str, int]:
    clock.override(ClockState(frozen_at=datetime(2026, 11, 25, 20, 0, tzinfo=BEIJING)))
    try:
        with Session(engine) as session:
            started = time.perf_counter()
            if per_order:
                moment = datetime.combine(D, FOLLOW_TIME, tzinfo=BEIJING)
                report = _follow(session, D, moment, sig_id=None, refuse_set=False)
            else:
                report = follow_day(session, D)
            session.commit()
            seconds = time.perf_counter() - started
            orders = session.scalar(
                select(func.count()).select_from(TradeOrder).where(TradeOrder.parent_id.is_(None))
            )
        return seconds, str(report), int(orders or 0)
    finally:
        clock.override(None)


def fresh(db_kind: str, pg_url: str, workdir: Path, plans: int) -> tuple[Engine, str | None]:
    engine, pg_name = fresh_database(db_kind, pg_url, workdir)
    with Session(engine) as session:
        build(session, plans=plans)
        if engine.dialect.name == "postgresql":
            session.execute(text("ANALYZE"))
            session.commit()
    return engine, pg_name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--plans", type=int, default=10000)
    parser.add_argument("--pg-url", default="postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="opentamp-bench-follow-"))
    results: list[tuple[str, float, str, int]] = []
    base = 0.0
    for case_name in ("baseline", "per order", "set"):
        engine, pg_name = fresh(args.db, args.pg_url, workdir, args.plans)
        try:
            if case_name == "baseline":
                base = baseline(engine, args.plans)
                results.append((case_name, base, "", args.plans))
            else:
                seconds, report, orders = step(engine, per_order=case_name == "per order")
                results.append((case_name, seconds, report, orders))
        finally:
            engine.dispose()
            if pg_name:
                drop_database(args.pg_url, pg_name)
    for name, seconds, report, orders in results:
        print(
            f"{args.db:<9} {args.plans:>7} plans  {name:<9} {seconds:7.2f}s  "
            f"{seconds / base:7.1f}x baseline  orders {orders}  {report}"
        )


if __name__ == "__main__":
    main()
