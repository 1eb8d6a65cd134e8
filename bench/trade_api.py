"""The cost of placing a fund purchase: POST /trade/buyFund against the trivial
GET /noauth/app/version, as throughput ratios under the same concurrent load.

A server on a fresh SQLite database; 16 investors (``--investors``; each C5, a bound card, the
trade password set with the production argon2 strength) and one fund, made through the models;
then wrk in interleaved rounds (bench/harness.py). buyFund is measured twice: by the first
investor alone (16 connections buying for one account, each purchase queued on the one
before for that account's trade password) and spread over all of them in turn (many investors
buying at once). Every buyFund request carries a fresh tradeUUID (the
harness replaces ``{n}``), so each one really places an order: the checks, the order row, the
card charge of the local gateway, the idempotency row and the commit.

    .venv/bin/python -m bench.trade_api                 # SQLite
    .venv/bin/python -m bench.trade_api --postgres      # PostgreSQL (a database of its own)
    .venv/bin/python -m bench.trade_api --before ../base [--postgres]   # buyFund, two codes

``--pg-url`` (default postgresql+psycopg://postgres@127.0.0.1:5432/postgres) names the server;
the benchmark creates a database of its own there and drops it afterwards.

``--before`` also prints each case's CPU per request: the server's user and system time over
the requests it answered in each round (median of the rounds), steadier than throughput on a
shared machine, and how much of it was the event loop's (the main thread's; the rest is the
worker threads').

After the rounds it prints the server's resident memory (``/proc``, the serve process and any
worker processes), which the password checks of the purchases grow (docs/architecture.md).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from sqlalchemy import create_engine, make_url, text

from bench.harness import (
    ROOT,
    Case,
    Server,
    auth,
    compare,
    cpu_seconds,
    loop_cpu_seconds,
    resident_mib,
    run_wrk,
    run_wrk_counted,
    server,
)

#: The server's resident memory after the load, at most (issue 19).
MEMORY_GOAL_MIB = 200
#: Investors the purchases are also spread over, by default: one per connection of wrk.
INVESTORS = 16

PREPARE = """
import json
INVESTORS = {investors}
from datetime import date
from decimal import Decimal
from opentamp.accounts.trade_password import set_trade_password
from opentamp.core.tokens import issue_token
from opentamp.db import transaction
from opentamp.kit.clock import now
from opentamp.models.accounts import Account, FinancialAccount, PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.platform import Broker
from opentamp.models.products import Fund, FundCompany, FundFeeTier

with transaction() as s:
    s.add(Broker(id=9001, name="压测券商", short_name="压测"))
    s.add(FundCompany(id=9001, name="压测基金管理有限公司", short_name="压测基金"))
    s.flush()
    s.add(Fund(code="990001", name="压测混合", short_name="压测混合", company_id=9001,
               fund_type=3, risk_level=3, inception_date=date(2020, 1, 6),
               purchase_discount=Decimal("0.1")))
    s.flush()
    s.add(FundFeeTier(fund_code="990001", kind="purchase", rate=Decimal("0.015")))
    made = []
    for i in range(1, INVESTORS + 1):
        user = BrokerUser(broker_id=9001, phone=f"139009{i:05d}", nickname=f"压测{i}")
        s.add(user)
        s.flush()
        account = Account(broker_user_id=user.id, name="张三", id_no="110101199003071233",
                          phone=user.phone, risk_grade5=5, risk_assessed_at=now())
        s.add(account)
        s.flush()
        set_trade_password(account, password="135790")
        fa = FinancialAccount(broker_user_id=user.id, account_id=account.id, name="默认账户",
                              type="default")
        card = PaymentMethod(broker_user_id=user.id, account_id=account.id, bank_no="002",
                             card_tail="0001", card_fingerprint=f"bench{i}", phone_tail="0001",
                             gateway_token=f"loc_bench{i}")
        s.add_all([fa, card])
        s.flush()
        token = issue_token(s, user=user).access_token
        made.append({"token": token, "fa": fa.id, "card": card.id})
    print(json.dumps(made))
"""


@contextmanager
def own_database(pg_url: str) -> Iterator[str]:
    admin = create_engine(pg_url, isolation_level="AUTOCOMMIT")
    name = f"opentamp_bench_trade_{uuid.uuid4().hex[:8]}"
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(pg_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", action="store_true", help="PostgreSQL instead of SQLite")
    parser.add_argument("--pg-url", default="postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
    parser.add_argument(
        "--before",
        type=Path,
        help="another checkout (the code before a change): buyFund on both, side by side",
    )
    parser.add_argument(
        "--investors",
        type=int,
        default=INVESTORS,
        help=f"buyFund also spread over this many investors in turn (default {INVESTORS})",
    )
    parser.add_argument("--rounds", type=int, default=4, help="interleaved rounds (--before)")
    args = parser.parse_args()
    label = "PostgreSQL" if args.postgres else "SQLite"
    with ExitStack() as stack:

        def database() -> str | None:
            return stack.enter_context(own_database(args.pg_url)) if args.postgres else None

        if args.before is None:
            run(database(), label, args.investors)
        else:
            side_by_side(
                {"before": args.before, "after": ROOT},
                database,
                label,
                args.investors,
                rounds=args.rounds,
            )


def _prepared(srv: Server, investors: int) -> list[tuple[dict[str, str], str]]:
    """Each investor's headers and buyFund body (``{n}``: a fresh tradeUUID per request)."""
    made = json.loads(
        srv.python(PREPARE.replace("{investors}", str(investors))).strip().splitlines()[-1]
    )
    return [
        (
            auth(each["token"]),
            json.dumps(
                {
                    "financialAccountId": each["fa"],
                    "fundCode": "990001",
                    "amount": "100.00",
                    "payType": "card",
                    "paymentMethodId": each["card"],
                    "tradePassword": "135790",
                    "tradeUUID": "bench-{n}",
                }
            ),
        )
        for each in made
    ]


def _buy_cases(investors: list[tuple[dict[str, str], str]]) -> list[Case]:
    """buyFund by the first investor alone (16 at a time on one account) and by all of them in
    turn (the load of many investors buying at once)."""
    headers, body = investors[0]
    one = Case("buyFund, 1 investor", "/trade/buyFund", method="POST", headers=headers, body=body)
    many = Case(
        f"buyFund, {len(investors)} investors", "/trade/buyFund", method="POST", variants=investors
    )
    return [one, many] if len(investors) > 1 else [one]


def run(database_url: str | None, label: str, investors: int) -> None:
    with server(database_url=database_url) as srv:
        made = _prepared(srv, investors)
        headers = made[0][0]
        print(f"Trade calls (uvicorn, 1 worker, {label}): a fresh tradeUUID per buyFund")
        compare(
            srv,
            baseline=Case("GET /noauth/app/version", "/noauth/app/version"),
            cases=[
                Case(
                    "GET /trade/getAllOrders", "/trade/getAllOrders?page=1&size=10", headers=headers
                ),
                *_buy_cases(made),
            ],
        )
        total = sum(
            srv.get_json("/trade/getAllOrders?size=1", h)["data"]["total"] for h, _body in made
        )
        print(f"orders placed during the run: {total} (each buyFund request placed one)")
        print(
            f"opentamp serve resident memory after the load: {resident_mib(srv.pid):.0f} MiB "
            f"(goal ≤ {MEMORY_GOAL_MIB} MiB)"
        )


def side_by_side(
    checkouts: dict[str, Path],
    database: Callable[[], str | None],
    label: str,
    investors: int,
    rounds: int = 4,
) -> None:
    """buyFund and the trivial call on one server per checkout at once, wrk's rounds
    interleaved over all of them, so that the codes are measured under the same noise."""
    load = os.getloadavg()[0]
    with ExitStack() as stack:
        cases: dict[str, tuple[Server, list[Case]]] = {}
        for name, code in checkouts.items():
            srv = stack.enter_context(server(database_url=database(), code=code))
            buys = _buy_cases(_prepared(srv, investors))
            run_wrk(srv, buys[0], seconds=2, connections=4, threads=2)  # the routers' first calls
            cases[name] = (srv, [Case("trivial", "/noauth/app/version"), *buys])
        runs: dict[tuple[str, str], list[float]] = {}
        cpu: dict[tuple[str, str], list[float]] = {}
        loop: dict[tuple[str, str], list[float]] = {}
        for _ in range(rounds):
            for name, (srv, each) in cases.items():
                for case in each:
                    used, on_loop = cpu_seconds(srv.pid), loop_cpu_seconds(srv.pid)
                    rps, answered = run_wrk_counted(srv, case, seconds=5, connections=16, threads=2)
                    used = cpu_seconds(srv.pid) - used
                    on_loop = loop_cpu_seconds(srv.pid) - on_loop
                    runs.setdefault((name, case.name), []).append(rps)
                    cpu.setdefault((name, case.name), []).append(1000 * used / max(answered, 1))
                    loop.setdefault((name, case.name), []).append(1000 * on_loop / max(answered, 1))
        print(
            f"buyFund side by side ({label}, {rounds} interleaved rounds, "
            f"load average {load:.1f} → {os.getloadavg()[0]:.1f})"
        )
        for name, (srv, each) in cases.items():
            trivial = statistics.median(runs[(name, "trivial")])
            line = f"  {name:<7} trivial {trivial:6.0f} req/s"
            for case in each[1:]:
                buys = statistics.median(runs[(name, case.name)])
                line += f"   {case.name} {buys:5.1f} req/s = {buys / trivial:.4f}×"
            print(f"{line}   resident {resident_mib(srv.pid):.0f} MiB")
            # The server's CPU (user + system) over the requests it answered in each round:
            # steadier than throughput on a shared machine.
            print(
                "          CPU per request (ms, median of the rounds): "
                + ", ".join(
                    f"{case.name} {statistics.median(cpu[(name, case.name)]):.2f}" for case in each
                )
            )
            # Of which the event loop's (the main thread's); the rest is the worker threads'.
            print(
                "          of which on the event loop: "
                + ", ".join(
                    f"{case.name} {statistics.median(loop[(name, case.name)]):.2f}" for case in each
                )
            )


if __name__ == "__main__":
    main()
