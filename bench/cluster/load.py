"""The load and the checks of the topology test (bench/cluster/run.sh, docs/scale.md).

``prepare``: investors for the load (C5, a bound card, the trade password, a token each) and
the fund they buy, written through the app's models. ``wait-caught-up``: until the workers have
run every trading day due. ``run``: a bounded load of ``POST /trade/buyFund`` (a fresh
tradeUUID each, the one retry of a failed request with the same tradeUUID) through haproxy on
127.0.0.1, while the demo clock is moved to the next trading day's evening (so that the daily
pipeline has a day to run), one worker and one API replica are killed (SIGKILL), and a
read-only route served from the streaming replica is sampled. Then it counts: requests,
failures, requests that failed twice, orders in the database against the tradeUUIDs sent,
duplicates, the pipeline's runs of the day (from the workers' logs) and how far the replica's
answers trailed the primary's settlements. Exits 1 when a check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from datetime import date, datetime
from datetime import time as dtime
from pathlib import Path

USERS = 16
FUND = "990001"
PASSWORD = "135790"


def _engine(url: str):  # type: ignore[no-untyped-def]
    from sqlalchemy import create_engine

    return create_engine(url, pool_size=2)


def prepare(out: Path) -> None:
    from decimal import Decimal

    from sqlalchemy import func, select

    from opentamp.accounts.trade_password import set_trade_password
    from opentamp.core.tokens import issue_token
    from opentamp.db import transaction
    from opentamp.kit.clock import now
    from opentamp.models.accounts import Account, FinancialAccount, PaymentMethod
    from opentamp.models.auth import BrokerUser
    from opentamp.models.platform import Broker
    from opentamp.models.products import Fund, FundCompany, FundFeeTier, FundNav

    users = []
    with transaction() as s:
        s.add(Broker(id=9001, name="压测券商", short_name="压测"))
        s.add(FundCompany(id=9001, name="压测基金管理有限公司", short_name="压测基金"))
        s.flush()
        s.add(
            Fund(
                code=FUND,
                name="压测混合",
                short_name="压测混合",
                company_id=9001,
                fund_type=3,
                risk_level=3,
                inception_date=date(2020, 1, 6),
                purchase_discount=Decimal("0.1"),
            )
        )
        s.flush()
        s.add(FundFeeTier(fund_code=FUND, kind="purchase", rate=Decimal("0.015")))
        for n in range(USERS):
            user = BrokerUser(broker_id=9001, phone=f"139009{n:05d}", nickname=f"压测{n}")
            s.add(user)
            s.flush()
            account = Account(
                broker_user_id=user.id,
                name="张三",
                id_no="110101199003071233",
                phone=user.phone,
                risk_grade5=5,
                risk_assessed_at=now(),
            )
            s.add(account)
            s.flush()
            set_trade_password(account, password=PASSWORD)
            fa = FinancialAccount(
                broker_user_id=user.id, account_id=account.id, name="默认账户", type="default"
            )
            card = PaymentMethod(
                broker_user_id=user.id,
                account_id=account.id,
                bank_no="002",
                card_tail=f"{n:04d}",
                card_fingerprint=f"cluster-{n}",
                phone_tail="0001",
                gateway_token=f"loc_cluster_{n}",
            )
            s.add_all([fa, card])
            s.flush()
            token = issue_token(s, user=user).access_token
            users.append({"id": user.id, "token": token, "fa": fa.id, "card": card.id})
        # The replica's route: the chart of a fund of the demo world with the most NAVs.
        watched = s.execute(
            select(FundNav.fund_code)
            .group_by(FundNav.fund_code)
            .order_by(func.count().desc(), FundNav.fund_code)
            .limit(1)
        ).scalar()
    if watched is None:
        # Without the demo world's NAVs the replica's check would compare nothing.
        sys.exit("no fund has a NAV: the demo world was not seeded (opentamp seed demo)")
    out.write_text(json.dumps({"users": users, "watched": watched}), encoding="utf-8")
    print(f"   {USERS} investors, fund {FUND}; the replica's route watches fund {watched}")


def _market_date(url: str) -> date | None:
    from sqlalchemy import text

    engine = _engine(url)
    try:
        with engine.connect() as conn:
            raw = conn.execute(
                text("SELECT value FROM app_state WHERE key = 'market.date'")
            ).scalar()
    finally:
        engine.dispose()
    if raw is None:
        return None
    value = json.loads(raw) if isinstance(raw, str) else raw
    return date.fromisoformat(str(value["date"]))


def wait_caught_up(url: str, seconds: float = 900) -> None:
    from opentamp.jobs import last_publishable_day
    from opentamp.kit.clock import now

    target = last_publishable_day(now())
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if _market_date(url) == target:
            print(f"   market date {target}: the workers have caught up")
            return
        time.sleep(1)
    sys.exit(f"the workers did not reach the market date {target} in {seconds:.0f} s")


@dataclass
class Figures:
    requests: int = 0
    first_failures: int = 0
    retried_ok: int = 0
    failed_twice: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    acked: set[str] = field(default_factory=set)
    replica_samples: int = 0
    #: Samples where both the replica's answer and the primary had a NAV date to compare.
    replica_compared: int = 0
    replica_max_lag_days: int = 0
    replica_errors: int = 0


async def _buy(client, user: dict, trade_uuid: str) -> tuple[bool, str]:  # type: ignore[no-untyped-def]
    body = {
        "financialAccountId": user["fa"],
        "fundCode": FUND,
        "amount": "100.00",
        "payType": "card",
        "paymentMethodId": user["card"],
        "tradePassword": PASSWORD,
        "tradeUUID": trade_uuid,
    }
    try:
        r = await client.post(
            "/api/v1/opentamp/trade/buyFund",
            json=body,
            headers={"Authorization": f"Bearer {user['token']}"},
        )
    except Exception as exc:  # noqa: BLE001 - every transport failure counts as one
        return False, type(exc).__name__
    if r.status_code != 200:
        return False, f"HTTP {r.status_code}"
    answer = r.json()
    if answer.get("code") != 0:
        return False, f"code {answer.get('code')} {answer.get('msg', '')}"[:80]
    return True, ""


def _trading_days_between(a: date, b: date) -> int:
    from opentamp.core.calendar import get_calendar

    if a >= b:
        return 0
    return sum(1 for d in get_calendar().trading_days(a, b) if a < d <= b)


async def _served_nav_date(client, watched: str, token: str) -> str | None:  # type: ignore[no-untyped-def]
    r = await client.get(
        "/api/v1/opentamp/product/navSeries",
        params={"productCode": watched, "period": "1m"},
        headers={"Authorization": f"Bearer {token}"},
    )
    answer = r.json()
    if answer.get("code") != 0:
        raise RuntimeError(f"navSeries: {answer.get('code')} {answer.get('msg')}")
    return answer["data"]["latestNavDate"]


async def _sample_replica(
    client, watched: str, token: str, primary: str, figures: Figures, stop: asyncio.Event
) -> None:  # type: ignore[no-untyped-def]
    from sqlalchemy import text

    engine = _engine(primary)
    query = text("SELECT max(nav_date) FROM fund_nav WHERE fund_code = :c")
    while not stop.is_set():
        with engine.connect() as conn:
            on_primary = conn.execute(query, {"c": watched}).scalar()
        try:
            served = await _served_nav_date(client, watched, token)
            figures.replica_samples += 1
            if served and on_primary:
                figures.replica_compared += 1
                lag = _trading_days_between(date.fromisoformat(served), on_primary)
                figures.replica_max_lag_days = max(figures.replica_max_lag_days, lag)
        except Exception as exc:  # noqa: BLE001
            figures.replica_errors += 1
            why = f"replica route: {type(exc).__name__} {exc}"[:100]
            figures.errors[why] = figures.errors.get(why, 0) + 1
        try:
            await asyncio.wait_for(stop.wait(), 0.5)
        except TimeoutError:
            pass
    engine.dispose()


#: opentamp/scheduler.py's advisory lock.
LEADER_LOCK = 0x0EA7A4D5


def _the_leader(primary: str, workers: dict[str, str], seconds: float = 30) -> tuple[str, int, str]:
    """The worker holding the pipeline's advisory lock while the day runs (its connection's
    application_name names it), a few seconds into the day; else the first worker."""
    from sqlalchemy import text

    engine = _engine(primary)
    query = text(
        "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
        " WHERE l.locktype = 'advisory' AND l.objid = :k AND l.granted"
    )
    time.sleep(3)
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            with engine.connect() as conn:
                holder = conn.execute(query, {"k": LEADER_LOCK}).scalar()
            if holder in workers:
                return holder, int(workers[holder]), "the pipeline's leader, mid-day"
            time.sleep(0.1)
    finally:
        engine.dispose()
    name = next(iter(workers))
    return name, int(workers[name]), "no leader seen"


def _move_clock_to_next_evening(primary: str) -> date:
    """The demo clock to 20:05 of the trading day after the market date: one day falls due."""
    from opentamp.core.calendar import get_calendar
    from opentamp.kit.clock import BEIJING

    current = _market_date(primary)
    assert current is not None
    day = get_calendar().next_trading_day(current)
    at = datetime.combine(day, dtime(20, 5), BEIJING)
    subprocess.run(
        [os.environ.get("OPENTAMP_BIN", ".venv/bin/opentamp"), "clock", "set", at.isoformat()],
        check=True,
        capture_output=True,
        env={**os.environ, "OPENTAMP_DATABASE_URL": primary},
    )
    return day


async def run(args: argparse.Namespace) -> int:
    import httpx
    from sqlalchemy import text

    world = json.loads(Path(args.world).read_text(encoding="utf-8"))
    workers = dict(w.split("=") for w in args.workers)
    users = world["users"]
    figures = Figures()
    run_id = uuid.uuid4().hex[:8]
    uuids = [f"cluster-{run_id}-{i}" for i in range(args.requests)]
    queue: asyncio.Queue[tuple[int, str]] = asyncio.Queue()
    for i, u in enumerate(uuids):
        queue.put_nowait((i, u))
    done = 0
    events: list[str] = []
    day_due: date | None = None
    started = time.monotonic()
    load_before = os.getloadavg()

    limits = httpx.Limits(max_connections=args.concurrency + 2)
    async with httpx.AsyncClient(base_url=args.url, timeout=15, limits=limits) as client:

        async def worker() -> None:
            nonlocal done
            while True:
                try:
                    i, trade_uuid = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                user = users[i % len(users)]
                figures.requests += 1
                good, why = await _buy(client, user, trade_uuid)
                if not good:
                    figures.first_failures += 1
                    figures.errors[why] = figures.errors.get(why, 0) + 1
                    await asyncio.sleep(1.0)
                    figures.requests += 1
                    good, why = await _buy(client, user, trade_uuid)
                    if good:
                        figures.retried_ok += 1
                    else:
                        figures.failed_twice += 1
                        figures.errors["twice: " + why] = figures.errors.get("twice: " + why, 0) + 1
                if good:
                    figures.acked.add(trade_uuid)
                done += 1

        async def chaos() -> None:
            nonlocal day_due
            marks = [(0.10, "clock"), (0.10, "worker"), (0.45, "api")]
            for fraction, what in marks:
                while done < fraction * args.requests:
                    await asyncio.sleep(0.05)
                at = f"{time.monotonic() - started:5.1f} s, {done} requests done"
                if what == "clock":
                    day_due = await asyncio.to_thread(_move_clock_to_next_evening, args.db)
                    events.append(f"{at}: demo clock set to {day_due} 20:05 (a new day is due)")
                elif what == "worker":
                    name, pid, how = await asyncio.to_thread(_the_leader, args.db, workers)
                    at = f"{time.monotonic() - started:5.1f} s, {done} requests done"
                    os.kill(pid, signal.SIGKILL)
                    settled = await asyncio.to_thread(_market_date, args.db)
                    events.append(
                        f"{at}: {name} (pid {pid}, {how}) killed (SIGKILL);"
                        f" the market date then: {settled}"
                    )
                else:
                    os.kill(args.kill_api, signal.SIGKILL)
                    events.append(f"{at}: API replica pid {args.kill_api} killed (SIGKILL)")

        stop = asyncio.Event()
        sampler = asyncio.create_task(
            _sample_replica(client, world["watched"], users[0]["token"], args.db, figures, stop)
        )
        await asyncio.gather(chaos(), *(worker() for _ in range(args.concurrency)))
        elapsed = time.monotonic() - started
        load_after = os.getloadavg()
        # The day's pipeline, then the replica, catch up.
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and _market_date(args.db) != day_due:
            await asyncio.sleep(1)
        await asyncio.sleep(2)
        stop.set()
        await sampler
        final_served = await _served_nav_date(client, world["watched"], users[0]["token"])

    engine = _engine(args.db)
    ids = [u["id"] for u in users]
    with engine.connect() as conn:
        orders = conn.execute(
            text("SELECT count(*) FROM trade_order WHERE broker_user_id = ANY(:ids)"),
            {"ids": ids},
        ).scalar()
        rows = conn.execute(
            text(
                "SELECT trade_uuid, count(*) FROM trade_request"
                " WHERE trade_uuid LIKE :p GROUP BY trade_uuid"
            ),
            {"p": f"cluster-{run_id}-%"},
        ).all()
        order_nos = conn.execute(
            text(
                "SELECT count(DISTINCT broker_order_no) FROM trade_order"
                " WHERE broker_user_id = ANY(:ids)"
            ),
            {"ids": ids},
        ).scalar()
        primary_nav = conn.execute(
            text("SELECT max(nav_date) FROM fund_nav WHERE fund_code = :c"),
            {"c": world["watched"]},
        ).scalar()
        replay = conn.execute(
            text("SELECT coalesce(max(replay_lag), interval '0') FROM pg_stat_replication")
        ).scalar()
    engine.dispose()
    recorded = {u for u, _ in rows}
    duplicates = sum(n - 1 for _, n in rows) + (orders - order_nos)
    lost = len(figures.acked - recorded)
    unacked_but_placed = len(recorded - figures.acked)
    runs = 0
    other_runs: dict[str, int] = {}
    for log in args.worker_logs:
        for line in Path(log).read_text(encoding="utf-8", errors="replace").splitlines():
            m = re.search(r"daily pipeline ran for (\d{4}-\d{2}-\d{2})", line)
            if m and day_due and m.group(1) == day_due.isoformat():
                runs += 1
            elif m:
                other_runs[m.group(1)] = other_runs.get(m.group(1), 0) + 1
    repeated_days = {d: n for d, n in other_runs.items() if n > 1}

    print()
    for event in events:
        print(f"   {event}")
    print(f"   load: {args.requests} purchases, {args.concurrency} at a time, {elapsed:.1f} s")
    print(
        "   load average (1, 5, 15 min) before / after: "
        + " / ".join(", ".join(f"{x:.1f}" for x in avg) for avg in (load_before, load_after))
    )
    print()
    print(f"   requests sent                 {figures.requests}")
    print(f"   failed (first try)            {figures.first_failures}  {figures.errors}")
    print(f"   retried and answered          {figures.retried_ok}")
    print(f"   failed twice                  {figures.failed_twice}")
    print(f"   tradeUUIDs sent / answered    {len(uuids)} / {len(figures.acked)}")
    print(f"   orders in the database        {orders}  (trade requests {len(recorded)})")
    print(f"   orders lost                   {lost}")
    print(f"   orders placed, unanswered     {unacked_but_placed}")
    print(f"   duplicates                    {duplicates}")
    print(f"   pipeline runs of {day_due}    {runs}  (other days run twice: {repeated_days or 0})")
    print(
        f"   replica route samples         {figures.replica_samples} "
        f"(errors {figures.replica_errors}, compared {figures.replica_compared}),"
        f" max lag {figures.replica_max_lag_days} settlement(s);"
        f" at the end {final_served} vs primary {primary_nav}; replay lag {replay}"
    )
    checks = {
        "no request failed twice": figures.failed_twice == 0,
        "no order lost": lost == 0 and orders == len(recorded),
        "no order duplicated": duplicates == 0,
        "every tradeUUID answered": len(figures.acked) == len(uuids),
        "the daily pipeline ran exactly once": runs == 1 and not repeated_days,
        "the replica at most one settlement behind": figures.replica_max_lag_days <= 1
        and figures.replica_errors == 0
        and figures.replica_compared > 0
        and final_served is not None
        and primary_nav is not None
        and _trading_days_between(date.fromisoformat(final_served), primary_nav) <= 1,
    }
    print()
    for name, good in checks.items():
        print(f"   {'ok  ' if good else 'FAIL'} {name}")
    return 0 if all(checks.values()) else 1


def main() -> None:
    parser = argparse.ArgumentParser(prog="bench.cluster.load")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--out", required=True)
    w = sub.add_parser("wait-caught-up")
    w.add_argument("--db", required=True)
    r = sub.add_parser("run")
    r.add_argument("--world", required=True)
    r.add_argument("--url", required=True)
    r.add_argument("--db", required=True)
    r.add_argument("--replica", required=True)
    r.add_argument("--kill-api", type=int, required=True)
    r.add_argument("--workers", nargs="+", required=True, help="application_name=pid")
    r.add_argument("--worker-logs", nargs="+", required=True)
    r.add_argument("--requests", type=int, default=1200)
    r.add_argument("--concurrency", type=int, default=8)
    args = parser.parse_args()
    if args.command != "prepare":
        os.environ["OPENTAMP_DATABASE_URL"] = args.db
    if args.command == "prepare":
        prepare(Path(args.out))
    elif args.command == "wait-caught-up":
        wait_caught_up(args.db)
    else:
        sys.exit(asyncio.run(run(args)))


if __name__ == "__main__":
    main()
