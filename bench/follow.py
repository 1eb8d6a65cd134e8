"""Signal follows at scale: the daily step ``signals.follow`` for N OPEN follow plans of two
signal products, one with a 1.5× buy signal and one with a 30 % sell signal
(docs/signals.md#at-scale).

Each case runs on a database of its own (a fresh PostgreSQL database next to ``--pg-url``, or a
temporary SQLite file) built in bulk inside the database: two signal products of the same two
funds (60 % / 40 %, 1.5 % purchase fee, redemption fee 1.5 % under 7 days, 0.5 % under a
year; minimum purchase 100.00 元), N financial accounts each with a wallet of 100 000.00 in
one lot, and N OPEN plans. Plan i follows the sell signal when i mod 5 = 2 (a fifth: its
account holds the product, 1 000.00 and 666.67 shares in two lots each), the buy signal
otherwise; plans with i mod 10 in (1, 7) are paid from the wallet (an eighth of the buys, half
of the sells: their cash goes back to the wallet), the others by card; a buy plan with
i mod 5 = 0 has a base of 50.00 (its 1.5× = 75.00 is below the minimum, as after the
product's minimum was raised). The cases, side by side in one run:

- ``baseline``: one plain ``INSERT INTO trade_order … SELECT`` of N orders, committed;
- ``per order``: the step with every record placed one by one through trading's purchase
  (the step before the set-based refusals);
- ``set``: the step as it runs (``follow_day``): the refusals a signal decides for all its
  followers in one statement each, the buys (card and wallet) and the sells as sets.

``--cases`` runs some of them (the per-order case grows to tens of minutes at 10 000 plans).

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

from sqlalchemy import Engine, String, case, cast, func, insert, literal, select, text
from sqlalchemy.orm import Session

import opentamp.models  # noqa: F401
from bench.harness import base_world, drop_database, money, new_database, seq, wallet_accounts
from opentamp.core.calendar import ensure_calendar, invalidate_calendar
from opentamp.core.tasks import definitions
from opentamp.db import db
from opentamp.kit.clock import BEIJING, ClockState, clock
from opentamp.migrate import upgrade
from opentamp.models.accounts import Account, FinancialAccount
from opentamp.models.auth import BrokerUser
from opentamp.models.catalogue import ProductSignal
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.models.orders import TradeOrder
from opentamp.models.products import (
    WALLET_FUND_CODE,
    Fund,
    FundFeeTier,
    Portfolio,
    PortfolioComponent,
)
from opentamp.models.signals import SignalFollowPlan
from opentamp.signals.follow import FOLLOW_TIME, _follow, follow_day

D = date(2026, 11, 25)
PRODUCT = "SI000001"
SELLING = "SI000002"


def build(session: Session, *, plans: int) -> None:
    world = base_world(session)
    user, account, card = world.user, world.account, world.card
    for code in ("100001", "100002"):
        session.add(
            Fund(
                code=code, name=f"基准基金{code}", short_name=code, company_id=1, fund_type=3,
                risk_level=3, inception_date=date(2020, 1, 6),
            )
        )  # fmt: skip
    for po in (PRODUCT, SELLING):
        session.add(
            Portfolio(
                code=po, name=f"基准发车{po}", risk_level=3, inception_date=date(2021, 1, 4),
                kind="signal",
            )
        )  # fmt: skip
    session.flush()
    for code, weight in (("100001", "0.6"), ("100002", "0.4")):
        session.add(FundFeeTier(fund_code=code, kind="purchase", rate=Decimal("0.015")))
        for low, high, rate in ((0, 7, "0.015"), (7, 365, "0.005"), (365, None, "0")):
            session.add(FundFeeTier(fund_code=code, kind="redeem", days_from=low, days_to=high,
                                    rate=Decimal(rate)))  # fmt: skip
        for po in (PRODUCT, SELLING):
            session.add(
                PortfolioComponent(portfolio_code=po, fund_code=code, weight=Decimal(weight))
            )
    session.add(
        ProductSignal(
            sig_id=f"{PRODUCT}-20261125", product_code=PRODUCT, sig_date=D,
            signal_type="BUY", auto_follow_buy_rate=Decimal("1.5"),
        )
    )  # fmt: skip
    session.add(
        ProductSignal(
            sig_id=f"{SELLING}-20261125", product_code=SELLING, sig_date=D,
            signal_type="SELL", auto_follow_buy_rate=Decimal("0.3"),
        )
    )  # fmt: skip
    session.flush()
    fa0 = wallet_accounts(session, world, plans, on=D)
    for fund, shares in (("100001", "1000.00"), ("100002", "666.67")):
        numbers = seq(session, plans)
        session.execute(
            insert(Holding).from_select(
                [
                    "broker_user_id", "account_id", "financial_account_id", "fund_code",
                    "portfolio_code", "shares", "cost", "paid_in", "nav", "nav_date",
                    "market_value", "first_confirm_date",
                ],
                select(
                    literal(user.id), literal(account.id), literal(fa0) + numbers.c.i,
                    literal(fund), literal(SELLING), money(session, shares),
                    money(session, shares), money(session, shares),
                    money(session, "1.0000", 4), literal(D), money(session, shares),
                    literal(date(2026, 1, 5)),
                ).where(numbers.c.i % 5 == 2),
            )
        )  # fmt: skip
    session.execute(
        insert(HoldingLot).from_select(
            ["holding_id", "confirm_date", "shares"],
            select(
                Holding.id, literal(date(2026, 1, 5)), Holding.shares - money(session, "100.00")
            ).where(Holding.fund_code != WALLET_FUND_CODE),
        )
    )
    session.execute(
        insert(HoldingLot).from_select(
            ["holding_id", "confirm_date", "shares"],
            select(Holding.id, literal(date(2026, 11, 20)), money(session, "100.00")).where(
                Holding.fund_code != WALLET_FUND_CODE
            ),
        )
    )
    numbers = seq(session, plans)
    by_wallet = (numbers.c.i % 10).in_((1, 7))
    stamp = literal(datetime(2026, 11, 16, 10, tzinfo=BEIJING), SignalFollowPlan.created_at.type)
    session.execute(
        insert(SignalFollowPlan).from_select(
            [
                "broker_user_id", "account_id", "financial_account_id", "product_code", "status",
                "base_amount", "pay_type", "payment_method_id", "risk_confirmed", "created_at",
                "updated_at",
            ],
            select(
                literal(user.id), literal(account.id), literal(fa0) + numbers.c.i,
                case((numbers.c.i % 5 == 2, SELLING), else_=PRODUCT), literal("OPEN"),
                case((numbers.c.i % 5 == 0, money(session, "50.00")),
                     else_=money(session, "1000.00")),
                case((by_wallet, "wallet"), else_="card"),
                case((by_wallet, None), else_=card.id), literal(False), stamp, stamp,
            ),
        )
    )  # fmt: skip
    session.commit()


def baseline(engine: Engine, orders: int) -> float:
    """One plain INSERT … SELECT of ``orders`` orders, committed."""
    with Session(engine) as session:
        fa0 = session.scalar(select(func.min(FinancialAccount.id)))
        user_id = session.scalar(select(BrokerUser.id))
        account_id = session.scalar(select(Account.id))
        numbers = seq(session, orders)
        started = time.perf_counter()
        session.execute(
            insert(TradeOrder).from_select(
                [
                    "broker_order_no", "broker_user_id", "account_id", "financial_account_id",
                    "order_code", "fund_code", "portfolio_code", "confirm_status", "pay_status",
                    "pay_method", "trade_amount", "fee_rate", "fee", "net_amount", "apply_time",
                    "trade_date", "confirm_date",
                ],
                select(
                    literal("B", String()) + cast(numbers.c.i, String), literal(user_id),
                    literal(account_id), literal(fa0), literal("P02"), literal(""),
                    literal(PRODUCT), literal("P0"), literal("2"), literal("card"),
                    money(session, "1500.00"), money(session, "0", 8),
                    money(session, "22.17"), money(session, "1477.83"),
                    literal(datetime(2026, 11, 25, 9, 30, tzinfo=BEIJING),
                            TradeOrder.apply_time.type),
                    literal(D), literal(date(2026, 11, 26)),
                ),
            )
        )  # fmt: skip
        session.commit()
        return time.perf_counter() - started


def step(engine: Engine, *, per_order: bool) -> tuple[float, str, int]:
    clock.override(ClockState(frozen_at=datetime(2026, 11, 25, 20, 0, tzinfo=BEIJING)))
    definitions()  # the task modules imported before the clock starts, as in a running pipeline
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
    engine, pg_name = new_database(db_kind, pg_url, workdir)
    with engine.begin() as connection:
        upgrade(connection)
    with Session(engine) as session:
        ensure_calendar(session)
        build(session, plans=plans)
        if engine.dialect.name == "postgresql":
            session.execute(text("ANALYZE"))
            session.commit()
    db.use(engine)
    invalidate_calendar()
    return engine, pg_name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--plans", type=int, default=10000)
    parser.add_argument(
        "--cases", default="baseline,per order,set", help="comma-separated, of the three"
    )
    parser.add_argument("--pg-url", default="postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="opentamp-bench-follow-"))
    results: list[tuple[str, float, str, int]] = []
    base = 0.0
    cases = [c.strip() for c in args.cases.split(",")]
    for case_name in ("baseline", "per order", "set"):
        if case_name not in cases:
            continue
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
            f"{seconds / base if base else float('nan'):7.1f}x baseline  orders {orders}  {report}"
        )


if __name__ == "__main__":
    main()
