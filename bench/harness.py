"""What every benchmark needs: a real ``opentamp serve`` on a database of its own, and a load
generator (Debian's ``wrk``) run in interleaved rounds so that the ratios between cases are
measured side by side, under the same machine noise.

    with server(seed_demo=True) as srv:
        token = srv.login_token()
        compare(srv, baseline=Case("app version", "/noauth/app/version"),
                cases=[Case("holdings", "/account/…", headers=auth(token))])

And, for the benchmarks of a daily step (plans, follow, settlement), a database of their own
built in bulk inside the database: ``fresh_database`` (migrated, with the trading calendar),
``seq`` and ``money`` for ``INSERT … SELECT``, ``base_world`` (one broker, user, account, card
and the wallet fund), ``wallet_accounts`` (N financial accounts, each with 100 000.00 in the
wallet in one lot) and ``insert_orders`` (the plain INSERT a step's orders are measured
against).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Engine,
    String,
    cast,
    create_engine,
    func,
    insert,
    literal,
    literal_column,
    make_url,
    select,
    text,
)
from sqlalchemy.orm import Session

import opentamp.models  # noqa: F401
from opentamp.core.calendar import ensure_calendar, invalidate_calendar
from opentamp.db import db, make_engine
from opentamp.kit.clock import BEIJING
from opentamp.migrate import upgrade
from opentamp.models.accounts import Account, FinancialAccount, PaymentMethod
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding, HoldingLot
from opentamp.models.orders import TradeOrder
from opentamp.models.platform import Broker
from opentamp.models.products import FUND_TYPE_MONEY_MARKET, WALLET_FUND_CODE, Fund, FundCompany

ROOT = Path(__file__).resolve().parent.parent
#: The ``opentamp`` command (``OPENTAMP_BIN`` names another, e.g. a shared environment's).
BIN = Path(os.environ.get("OPENTAMP_BIN") or ROOT / ".venv" / "bin" / "opentamp")
PRODUCT = "opentamp"


@dataclass
class Server:
    origin: str
    env: dict[str, str]
    workdir: Path
    #: The ``opentamp serve`` process.
    pid: int = 0

    @property
    def api(self) -> str:
        return f"{self.origin}/api/v1/{PRODUCT}"

    def cli(self, *args: str) -> str:
        """Run ``opentamp`` against this server's database."""
        done = subprocess.run(
            [str(BIN), *args], env=self.env, capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"opentamp {' '.join(args)} failed:\n{done.stderr}")
        return done.stdout

    def python(self, code: str) -> str:
        """Run Python with the server's settings (to prepare data through the services)."""
        done = subprocess.run(
            [sys.executable, "-c", code], env=self.env, capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"preparation failed:\n{done.stderr}")
        return done.stdout

    def get_json(self, path: str, headers: dict[str, str] | None = None) -> dict:
        request = urllib.request.Request(self.api + path, headers=headers or {})
        with urllib.request.urlopen(request, timeout=30) as res:
            return json.loads(res.read())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(
    *,
    database_url: str | None = None,
    seed_demo: bool = False,
    workers: int = 1,
    code: Path | None = None,
) -> Iterator[Server]:
    """A server on a fresh database: a temporary SQLite file, or ``database_url`` (which is
    emptied first, so give it a database of its own). ``code``: another checkout whose
    ``opentamp`` package the server runs (to measure a change against its base side by side);
    by default this checkout's, whichever environment ``BIN`` belongs to."""
    workdir = Path(tempfile.mkdtemp(prefix="opentamp-bench-"))
    env = dict(
        os.environ,
        OPENTAMP_DATABASE_URL=database_url or f"sqlite:///{workdir / 'bench.db'}",
        OPENTAMP_VAR_DIR=str(workdir),
        OPENTAMP_SCHEDULER="false",
    )
    env["PYTHONPATH"] = str((code or ROOT).resolve())
    srv = Server(origin="", env=env, workdir=workdir)
    if database_url:
        srv.cli("db", "reset", "--yes")
    srv.cli("db", "upgrade")
    if seed_demo:
        srv.cli("seed", "demo")
    try:
        with _serving(srv, workers=workers):
            yield srv
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


@contextmanager
def another_server(srv: Server, *, workers: int = 1, **env: str) -> Iterator[Server]:
    """A second ``opentamp serve`` on ``srv``'s database, with ``env`` added to its settings
    (``OPENTAMP_REDIS_URL``, say), for cases compared side by side with ``srv``'s."""
    other = Server(origin="", env={**srv.env, **env}, workdir=srv.workdir)
    with _serving(other, workers=workers):
        yield other


@contextmanager
def _serving(srv: Server, *, workers: int) -> Iterator[None]:
    """Start ``opentamp serve`` with ``srv``'s settings on a free port; stop it after."""
    env = srv.env
    port = _free_port()
    process = subprocess.Popen(
        [str(BIN), "serve", "--port", str(port), "--workers", str(workers), "--no-scheduler"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    srv.origin = f"http://127.0.0.1:{port}"
    srv.pid = process.pid
    try:
        # generous: a loaded machine may take a minute or more to import and start the app
        deadline = time.monotonic() + 240
        while True:
            try:
                srv.get_json("/noauth/app/version")
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"server did not start: {process.stderr.read() if process.stderr else ''}"
                    ) from None
                time.sleep(0.2)
        yield
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def resident_mib(pid: int) -> float:
    """The resident memory of a process and of the processes it started (uvicorn's workers),
    in MiB, from /proc."""
    total = 0
    for each in [pid, *_children(pid)]:
        try:
            status = Path(f"/proc/{each}/status").read_text(encoding="utf-8")
        except OSError:
            continue
        found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
        total += int(found.group(1)) if found else 0
    return total / 1024


def cpu_seconds(pid: int) -> float:
    """The user and system CPU time a process and the processes it started have used, in
    seconds, from /proc (to give a server's CPU per request over a wrk run)."""
    total = 0
    for each in [pid, *_children(pid)]:
        try:
            fields = Path(f"/proc/{each}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1]
        except OSError:
            continue
        utime, stime = fields.split()[11:13]
        total += int(utime) + int(stime)
    return total / os.sysconf("SC_CLK_TCK")


def loop_cpu_seconds(pid: int) -> float:
    """The user and system CPU time of a one-worker server's main thread, its event loop, in
    seconds (the rest of :func:`cpu_seconds` is its worker threads': the handlers' pool, the
    one-hop writes, the threads the driver and the clock start)."""
    try:
        fields = Path(f"/proc/{pid}/task/{pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1]
    except OSError:
        return 0.0
    utime, stime = fields.split()[11:13]
    return (int(utime) + int(stime)) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    try:
        listed = Path(f"/proc/{pid}/task/{pid}/children").read_text(encoding="utf-8").split()
    except OSError:
        return []
    found = [int(c) for c in listed]
    return found + [grandchild for child in found for grandchild in _children(child)]


def ensure_wrk() -> str:
    path = shutil.which("wrk")
    if path:
        return path
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    subprocess.run(
        [*sudo, "apt-get", "install", "-y", "-qq", "wrk"], check=True, capture_output=True
    )
    path = shutil.which("wrk")
    if not path:
        raise RuntimeError("wrk is needed: apt-get install wrk")
    return path


@dataclass
class Case:
    """One request shape. A POST body may contain ``{n}``, replaced by a number unique per
    request (for tradeUUIDs)."""

    name: str
    path: str
    method: str = "GET"
    headers: dict[str, str] = field(default_factory=dict)
    body: str | None = None
    #: Error answers are what this case measures (a 404 envelope, say).
    expect_errors: bool = False
    #: A path outside the API (the H5 app's files).
    outside_api: bool = False
    #: The server this case is sent to (``another_server``); by default the one compared.
    server: Server | None = None
    #: Requests that differ by more than ``{n}`` (several investors, each their own token and
    #: ids): each request takes the next (headers, body) of these in turn, in place of
    #: ``headers`` and ``body``.
    variants: list[tuple[dict[str, str], str]] = field(default_factory=list)


def _lua(case: Case) -> str:
    headers = "".join(f'wrk.headers["{k}"] = {json.dumps(v)}\n' for k, v in case.headers.items())
    if case.variants:
        return _lua_variants(case)
    if case.body is None:
        return headers + f'wrk.method = "{case.method}"\n'
    template = json.dumps(case.body)
    return (
        headers
        + 'wrk.headers["Content-Type"] = "application/json"\n'
        # unique across runs (a nonce per script) and wrk threads (each its own Lua state,
        # numbered by setup), so every request's tradeUUID is fresh
        + f'local run = "{uuid.uuid4().hex[:12]}"\nlocal threads = 0\n'
        + 'function setup(thread)\n  threads = threads + 1\n  thread:set("tid", threads)\nend\n'
        + "local n = 0\n"
        + "request = function()\n  n = n + 1\n"
        + f"  local body = string.gsub({template}, '{{n}}', run .. '-' .. tid .. '-' .. n)\n"
        + f'  return wrk.format("{case.method}", nil, nil, body)\nend\n'
    )


def _lua_variants(case: Case) -> str:
    def table(headers: dict[str, str]) -> str:
        every = {**headers, "Content-Type": "application/json"}
        return (
            "{" + ", ".join(f"[{json.dumps(k)}] = {json.dumps(v)}" for k, v in every.items()) + "}"
        )

    variants = ",\n".join(
        f"  {{headers = {table(h)}, body = {json.dumps(b)}}}" for h, b in case.variants
    )
    return (
        f"local variants = {{\n{variants}\n}}\n"
        + f'local run = "{uuid.uuid4().hex[:12]}"\nlocal threads = 0\n'
        + 'function setup(thread)\n  threads = threads + 1\n  thread:set("tid", threads)\nend\n'
        + "local n = 0\n"
        + "request = function()\n  n = n + 1\n"
        + "  local v = variants[(n + tid) % #variants + 1]\n"
        + "  local body = string.gsub(v.body, '{n}', run .. '-' .. tid .. '-' .. n)\n"
        + f'  return wrk.format("{case.method}", nil, v.headers, body)\nend\n'
    )


def run_wrk(srv: Server, case: Case, *, seconds: int, connections: int, threads: int) -> float:
    """Requests per second of one wrk run; non-2xx answers make the run fail."""
    return run_wrk_counted(srv, case, seconds=seconds, connections=connections, threads=threads)[0]


def run_wrk_counted(
    srv: Server, case: Case, *, seconds: int, connections: int, threads: int
) -> tuple[float, int]:
    """:func:`run_wrk`'s requests per second, and the number of requests answered."""
    srv = case.server or srv
    script = srv.workdir / f"case-{abs(hash(case.name))}.lua"
    script.write_text(_lua(case), encoding="utf-8")
    url = (srv.origin if case.outside_api else srv.api) + case.path
    out = subprocess.run(
        [ensure_wrk(), f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "-s", str(script), url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if bad and not case.expect_errors:
        raise RuntimeError(f"{case.name}: {bad.group(1)} failed responses\n{out}")
    match = re.search(r"Requests/sec:\s+([\d.]+)", out)
    answered = re.search(r"(\d+) requests in", out)
    if not match or not answered:
        raise RuntimeError(f"unreadable wrk output:\n{out}")
    return float(match.group(1)), int(answered.group(1))


def compare(
    srv: Server,
    *,
    baseline: Case,
    cases: list[Case],
    rounds: int = 3,
    seconds: int = 5,
    connections: int = 16,
    threads: int = 2,
) -> dict[str, float]:
    """Throughput of each case as a ratio of the baseline's, from interleaved rounds; prints a
    table and returns the ratios."""
    runs: dict[str, list[float]] = {c.name: [] for c in [baseline, *cases]}
    for _ in range(rounds):
        for case in [baseline, *cases]:
            runs[case.name].append(
                run_wrk(srv, case, seconds=seconds, connections=connections, threads=threads)
            )
    base = statistics.median(runs[baseline.name])
    ratios = {}
    print(f"{'case':<40} {'req/s (median)':>15} {'ratio':>8}")
    for case in [baseline, *cases]:
        rps = statistics.median(runs[case.name])
        ratios[case.name] = rps / base
        print(f"{case.name:<40} {rps:>15.0f} {rps / base:>7.2f}x")
    return ratios


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# --- Databases built in bulk, for the benchmarks of a daily step ---


def seq(session: Session, n: int):  # type: ignore[no-untyped-def]
    """A selectable of i = 0 … n−1."""
    if session.get_bind().dialect.name == "postgresql":
        return select(func.generate_series(0, n - 1).label("i")).subquery()
    cte = select(literal(0).label("i")).cte("seq", recursive=True)
    return cte.union_all(select(cte.c.i + 1).where(cte.c.i < n - 1))


def money(session: Session, value: str, scale: int = 2):  # type: ignore[no-untyped-def]
    """A constant as its column stores it."""
    if session.get_bind().dialect.name == "sqlite":
        return literal_column(str(int(Decimal(value).scaleb(scale))))
    return literal_column(value)


def _interrupted(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def new_database(kind: str, pg_url: str, workdir: Path) -> tuple[Engine, str | None]:
    """An empty database: a SQLite file in ``workdir``, or a PostgreSQL database created next
    to ``pg_url`` (its name returned, for ``drop_database``).

    A bench stopped by SIGTERM (``timeout``) unwinds as one stopped by Ctrl-C: psycopg cancels
    the statement running on the server and the caller's ``finally`` drops the database, where
    the default action would leave both behind (a bulk statement running on for hours)."""
    signal.signal(signal.SIGTERM, _interrupted)
    if kind == "sqlite":
        engine = make_engine(f"sqlite:///{workdir / f'bench-{uuid.uuid4().hex[:6]}.db'}")
        return engine, None
    name = f"opentamp_bench_{uuid.uuid4().hex[:8]}"
    admin = create_engine(pg_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    url = make_url(pg_url).set(database=name).render_as_string(hide_password=False)
    return make_engine(url), name


def drop_database(pg_url: str, name: str) -> None:
    admin = create_engine(pg_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def fresh_database(kind: str, pg_url: str, workdir: Path) -> tuple[Engine, str | None]:
    """``new_database``, migrated, with the trading calendar, and the one the services use."""
    engine, pg_name = new_database(kind, pg_url, workdir)
    with engine.begin() as connection:
        upgrade(connection)
    with Session(engine) as session:
        ensure_calendar(session)
        session.commit()
    db.use(engine)
    invalidate_calendar()
    return engine, pg_name


@dataclass
class BaseWorld:
    user: BrokerUser
    account: Account
    card: PaymentMethod


def base_world(session: Session) -> BaseWorld:
    """Broker 1 with one user: an account of grade C5 (assessed 2026-01-05), a card with a
    limit of 1 000 000.00, fund company 1 and the wallet's money-market fund."""
    session.add(Broker(id=1, name="基准券商", short_name="基准"))
    session.flush()
    user = BrokerUser(broker_id=1, phone="13900000000", nickname="基准")
    session.add(user)
    session.flush()
    account = Account(
        broker_user_id=user.id, name="张三", id_no="110101199003071233", phone=user.phone,
        risk_grade5=5, risk_assessed_at=datetime(2026, 1, 5, tzinfo=BEIJING),
    )  # fmt: skip
    session.add(account)
    session.add(FundCompany(id=1, name="基准基金", short_name="基准"))
    session.flush()
    card = PaymentMethod(
        broker_user_id=user.id, account_id=account.id, bank_no="002", card_tail="8888",
        card_fingerprint="bench", phone_tail="0000", gateway_token="loc_bench",
        single_limit=Decimal("1000000.00"),
    )  # fmt: skip
    session.add(card)
    session.add(
        Fund(
            code=WALLET_FUND_CODE, name="基准货币", short_name="基准货币", company_id=1,
            fund_type=FUND_TYPE_MONEY_MARKET, risk_level=1, inception_date=date(2020, 1, 6),
            min_purchase_amount=Decimal("0.01"),
        )
    )  # fmt: skip
    return BaseWorld(user=user, account=account, card=card)


def wallet_accounts(session: Session, world: BaseWorld, n: int, *, on: date) -> int:
    """N financial accounts of the world's account, each with a wallet holding of 100 000.00
    (valued on ``on``) in one lot confirmed 2026-01-05; returns the first one's id."""
    user, account = world.user, world.account
    rows = seq(session, n)
    session.execute(
        insert(FinancialAccount).from_select(
            ["broker_user_id", "account_id", "name", "type"],
            select(
                literal(user.id), literal(account.id), literal("理财账户"), literal("normal")
            ).select_from(rows),
        )
    )
    fa0 = session.scalar(select(func.min(FinancialAccount.id)))
    rows = seq(session, n)
    session.execute(
        insert(Holding).from_select(
            [
                "broker_user_id", "account_id", "financial_account_id", "fund_code",
                "portfolio_code", "shares", "cost", "paid_in", "nav", "nav_date", "market_value",
                "first_confirm_date",
            ],
            select(
                literal(user.id), literal(account.id), literal(fa0) + rows.c.i,
                literal(WALLET_FUND_CODE), literal(""), money(session, "100000.00"),
                money(session, "100000.00"), money(session, "100000.00"),
                money(session, "1.0000", 4), literal(on), money(session, "100000.00"),
                literal(date(2026, 1, 5)),
            ),
        )
    )  # fmt: skip
    session.execute(
        insert(HoldingLot).from_select(
            ["holding_id", "confirm_date", "shares"],
            select(Holding.id, literal(date(2026, 1, 5)), money(session, "100000.00")),
        )
    )
    return int(fa0 or 0)


def insert_orders(
    session: Session,
    n: int,
    *,
    order_code: str,
    fund_code: Callable[[Any], Any],
    portfolio_code: str,
    confirm_status: str,
    amounts: tuple[str, str, str, str],
    dates: tuple[date, date],
) -> float:
    """The baseline of a step's orders: one plain ``INSERT INTO trade_order … SELECT`` of N
    card-paid orders of the first financial account (numbered B0, B1, …; the fund code an
    expression of the row number i; ``amounts``: the amount, the fee rate to 8 places, the fee
    and the net amount; ``dates``: the trade and confirmation dates), committed; returns its
    seconds."""
    amount, fee_rate, fee, net = amounts
    fa0 = session.scalar(select(func.min(FinancialAccount.id)))
    user_id = session.scalar(select(BrokerUser.id))
    account_id = session.scalar(select(Account.id))
    rows = seq(session, n)
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
                literal("B", String()) + cast(rows.c.i, String), literal(user_id),
                literal(account_id), literal(fa0), literal(order_code), fund_code(rows.c.i),
                literal(portfolio_code), literal(confirm_status), literal("2"), literal("card"),
                money(session, amount), money(session, fee_rate, 8), money(session, fee),
                money(session, net),
                literal(datetime(2026, 11, 25, 9, 30, tzinfo=BEIJING),
                        TradeOrder.apply_time.type),
                literal(dates[0]), literal(dates[1]),
            ),
        )
    )  # fmt: skip
    session.commit()
    return time.perf_counter() - started
