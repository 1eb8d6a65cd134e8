"""The cost of placing a fund purchase: POST /trade/buyFund against the trivial
GET /noauth/app/version, as throughput ratios under the same concurrent load.

A server on a fresh SQLite database; one investor (C5, a bound card, the trade password set
with the production argon2 strength) and one fund, made through the models; then wrk in
interleaved rounds (bench/harness.py). Every buyFund request carries a fresh tradeUUID (the
harness replaces ``{n}``), so each one really places an order: the checks, the order row, the
card charge of the local gateway, the idempotency row and the commit.

    .venv/bin/python -m bench.trade_api                 # SQLite
    .venv/bin/python -m bench.trade_api --postgres      # PostgreSQL (a database of its own)
    .venv/bin/python -m bench.trade_api --before ../base [--postgres]   # buyFund, two codes

``--pg-url`` (default postgresql+psycopg://postgres@127.0.0.1:5432/postgres) names the server;
the benchmark creates a database of its own there and drops it afterwards.

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

from bench.harness import ROOT, Case, Server, auth, compare, resident_mib, run_wrk, server

#: The server's resident memory after the load, at most (issue 19).
MEMORY_GOAL_MIB = 200

PREPARE = """
import json
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
    user = BrokerUser(broker_id=9001, phone="13900990001", nickname="压测")
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
                         card_tail="0001", card_fingerprint="bench", phone_tail="0001",
                         gateway_token="loc_bench")
    s.add_all([fa, card])
    s.flush()
    token = issue_token(s, user=user).access_token
    print(json.dumps({"token": token, "fa": fa.id, "card": card.id}))
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
    args = parser.parse_args()
    label = "PostgreSQL" if args.postgres else "SQLite"
    with ExitStack() as stack:

        def database() -> str | None:
            return stack.enter_context(own_database(args.pg_url)) if args.postgres else None

        if args.before is None:
            run(database(), label)
        else:
            side_by_side({"before": args.before, "after": ROOT}, database, label)


def _prepared(srv: Server) -> tuple[dict[str, str], str]:
    """The investor's headers and a buyFund body (``{n}``: a fresh tradeUUID per request)."""
    made = json.loads(srv.python(PREPARE).strip().splitlines()[-1])
    body = json.dumps(
        {
            "financialAccountId": made["fa"],
            "fundCode": "990001",
            "amount": "100.00",
            "payType": "card",
            "paymentMethodId": made["card"],
            "tradePassword": "135790",
            "tradeUUID": "bench-{n}",
        }
    )
    return auth(made["token"]), body


def run(database_url: str | None, label: str) -> None:
    with server(database_url=database_url) as srv:
        headers, body = _prepared(srv)
        print(f"Trade calls (uvicorn, 1 worker, {label}): a fresh tradeUUID per buyFund")
        compare(
            srv,
            baseline=Case("GET /noauth/app/version", "/noauth/app/version"),
            cases=[
                Case(
                    "GET /trade/getAllOrders", "/trade/getAllOrders?page=1&size=10", headers=headers
                ),
                Case(
                    "POST /trade/buyFund",
                    "/trade/buyFund",
                    method="POST",
                    headers=headers,
                    body=body,
                ),
            ],
        )
        total = srv.get_json("/trade/getAllOrders?size=1", headers)["data"]["total"]
        print(f"orders placed during the run: {total} (each buyFund request placed one)")
        print(
            f"opentamp serve resident memory after the load: {resident_mib(srv.pid):.0f} MiB "
            f"(goal ≤ {MEMORY_GOAL_MIB} MiB)"
        )


def side_by_side(
    checkouts: dict[str, Path], database: Callable[[], str | None], label: str, rounds: int = 4
) -> None:
    """buyFund and the trivial call on one server per checkout at once, wrk's rounds
    interleaved over all of them, so that the codes are measured under the same noise."""
    load = os.getloadavg()[0]
    with ExitStack() as stack:
        cases: dict[str, tuple[Server, list[Case]]] = {}
        for name, code in checkouts.items():
            srv = stack.enter_context(server(database_url=database(), code=code))
            headers, body = _prepared(srv)
            buy = Case("buyFund", "/trade/buyFund", method="POST", headers=headers, body=body)
            run_wrk(srv, buy, seconds=2, connections=4, threads=2)  # the routers' first requests
            cases[name] = (srv, [Case("trivial", "/noauth/app/version"), buy])
        runs: dict[tuple[str, str], list[float]] = {}
        for _ in range(rounds):
            for name, (srv, each) in cases.items():
                for case in each:
                    rps = run_wrk(srv, case, seconds=5, connections=16, threads=2)
                    runs.setdefault((name, case.name), []).append(rps)
        print(
            f"buyFund side by side ({label}, {rounds} interleaved rounds, "
            f"load average {load:.1f} → {os.getloadavg()[0]:.1f})"
        )
        for name, (srv, _each) in cases.items():
            trivial = statistics.median(runs[(name, "trivial")])
            buys = statistics.median(runs[(name, "buyFund")])
            print(
                f"  {name:<7} trivial {trivial:6.0f} req/s   buyFund {buys:5.1f} req/s   "
                f"{buys / trivial:.4f}×   resident {resident_mib(srv.pid):.0f} MiB"
            )


if __name__ == "__main__":
    main()
