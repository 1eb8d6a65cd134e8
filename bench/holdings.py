"""The holdings list (GET /account/getAccountAssetDetailByConfig) of a user with 20 holdings
among a million holding rows, against the trivial GET /noauth/app/version.

Builds its own world with set-based SQL (INSERT … SELECT over generate_series, or a recursive
CTE on SQLite): N users, each with an account, a financial account, 20 holdings (16 funds
held directly and a 4-fund portfolio) and 4 confirmed orders; the measured user has in
addition 3 purchases waiting for confirmation (当前资产待确认) and a P04 adjustment waiting.
Then wrk in interleaved rounds (bench/harness.py) prints each call's throughput as a ratio of
the trivial call's. The aim: the holdings list at ≥ 0.5× the trivial call.

    .venv/bin/python -m bench.holdings                  # PostgreSQL, 50 000 users = 1M rows
    .venv/bin/python -m bench.holdings --sqlite         # SQLite, 5 000 users = 100 000 rows
    .venv/bin/python -m bench.holdings --users 1000     # a quick look
    .venv/bin/python -m bench.holdings --redis          # the answers on Redis beside the LRU

``--redis [URL]`` (default redis://127.0.0.1:6379/14, a database number of the benchmark's
own, emptied before and after) starts a second server on the same database with
``OPENTAMP_REDIS_URL`` set, and measures the same calls on it in the same interleaved rounds:
the answer store on Redis (a network round trip per remembered answer) beside the in-process
LRU, printed side by side.

PostgreSQL: ``--pg-url`` (default postgresql+psycopg://postgres@127.0.0.1:5432/postgres)
names the server; the benchmark creates a database of its own there and drops it afterwards.
"""

from __future__ import annotations

import argparse
import json
import time
import uuid
from datetime import UTC, date, datetime
from decimal import Decimal

from sqlalchemy import create_engine, make_url, text

from bench.harness import Case, another_server, auth, compare, server

HOLDINGS_PER_USER = 20
DIRECT_FUNDS = 16
PORTFOLIO = "ZHB00001"
FUND_CODES = [f"8{i:05d}" for i in range(1, HOLDINGS_PER_USER + 1)]
BENCH_BROKER = 90_001


def prepare(users: int) -> None:
    """Fill the server's database (run in a subprocess with the server's settings); prints
    the measured user's token and ids as JSON."""
    from opentamp.core.tokens import issue_token
    from opentamp.db import db, transaction
    from opentamp.models.auth import BrokerUser
    from opentamp.models.orders import TradeOrder
    from opentamp.models.platform import Broker
    from opentamp.models.products import Fund, FundCompany, Portfolio, PortfolioComponent

    started = time.monotonic()
    sqlite = db.is_sqlite
    with transaction() as session:
        session.add(Broker(id=BENCH_BROKER, name="压测券商", short_name="压测"))
        session.add(FundCompany(id=9001, name="压测基金管理有限公司", short_name="压测基金"))
        session.flush()
        for n, code in enumerate(FUND_CODES):
            session.add(
                Fund(
                    code=code,
                    name=f"压测{n + 1}号证券投资基金",
                    short_name=f"压测{n + 1}号",
                    company_id=9001,
                    fund_type=n % 4 + 1,
                    risk_level=n % 5 + 1,
                    inception_date=date(2020, 1, 6),
                    status="STOP_ALLOT" if n == 3 else "NORMAL",
                )
            )
        session.flush()
        session.add(
            Portfolio(
                code=PORTFOLIO, name="压测组合", risk_level=3, inception_date=date(2021, 1, 4)
            )
        )
        session.flush()
        for code in FUND_CODES[DIRECT_FUNDS:]:
            session.add(
                PortfolioComponent(portfolio_code=PORTFOLIO, fund_code=code, weight=Decimal("0.25"))
            )
    moment = datetime(2026, 11, 20, 2, 0, tzinfo=UTC)
    series = (
        "WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < :users) "
        "SELECT n FROM seq"
        if sqlite
        else "SELECT generate_series(1, :users) AS n"
    )
    stamp = "'2026-11-20 02:00:00'" if sqlite else "TIMESTAMPTZ '2026-11-20 02:00:00+00'"

    def money(cents: str) -> str:
        """An amount column's value from a whole number of cents (SQLite stores cents)."""
        return f"({cents})" if sqlite else f"(({cents})::numeric / 100)"

    statements = [
        f"""INSERT INTO broker_user (broker_id, phone, nickname, status, created_at, updated_at)
        SELECT {BENCH_BROKER}, '190' || n, '压测用户', 'active', {stamp}, {stamp}
        FROM ({series}) s""",
        f"""INSERT INTO account (broker_user_id, name, id_type, id_no, holder_type, phone,
            risk_grade5, trade_password_failures, status, created_at, updated_at, nationality,
            occupation, address, trade_verify_method)
        SELECT id, '压测', '0', '11010119900307' || id, 1, phone, 3, 0, 'active', {stamp},
            {stamp}, 'CHN', '', '', 'PASSWORD'
        FROM broker_user WHERE broker_id = {BENCH_BROKER}""",
        f"""INSERT INTO financial_account (broker_user_id, account_id, name, type, is_hidden,
            sort_order, created_at)
        SELECT broker_user_id, id, '默认账户', 'default', false, 0, {stamp} FROM account""",
        # 20 holdings each: value v cents = 1000.00 + 37.00 × k + the user's id mod 100
        f"""INSERT INTO holding (broker_user_id, account_id, financial_account_id, fund_code,
            portfolio_code, shares, frozen_shares, cost, paid_in, redeemed_net, cash_dividends,
            nav, nav_date, market_value, holding_profit, accumulated_profit, previous_profit,
            profit_date, dividend_method, is_broke_up, status, first_confirm_date, updated_at)
        SELECT fa.broker_user_id, fa.account_id, fa.id, f.code,
            CASE WHEN f.k > {DIRECT_FUNDS} THEN '{PORTFOLIO}' ELSE '' END,
            {money("100000 + 3700 * f.k + fa.id % 100")}, {money("0")},
            {money("95000 + 3700 * f.k")}, {money("95000 + 3700 * f.k")}, {money("0")},
            {money("0")}, {"10000" if sqlite else "1.0000"}, '2026-11-20',
            {money("100000 + 3700 * f.k + fa.id % 100")}, {money("5000 + fa.id % 100")},
            {money("5000 + fa.id % 100")}, {money("f.k * 10 - 90")}, '2026-11-20', 'cash',
            false, 'holding', '2026-01-05', {stamp}
        FROM financial_account fa
        CROSS JOIN (SELECT code, CAST(SUBSTR(code, 2) AS INTEGER) AS k FROM fund
                    WHERE code LIKE '8%') f""",
        # 4 confirmed orders each
        f"""INSERT INTO trade_order (broker_order_no, broker_user_id, account_id,
            financial_account_id, order_code, fund_code, portfolio_code, confirm_status,
            pay_status, pay_method, trade_amount, trade_share, apply_time, trade_date,
            confirm_date, fee, net_amount, confirmed_shares, confirmed_amount, redeem_to,
            is_signal_sell_order, fail_reason, created_at, updated_at)
        SELECT 'B' || fa.id || '-' || o.n, fa.broker_user_id, fa.account_id, fa.id, '022',
            '80000' || o.n, '', '2', '2', 'card', {money("100000")}, {money("0")}, {stamp},
            '2026-11-19', '2026-11-20', {money("0")}, {money("100000")}, {money("100000")},
            {money("0")}, '', false, '', {stamp}, {stamp}
        FROM financial_account fa
        CROSS JOIN (SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4) o""",
    ]
    with db.engine.begin() as conn:
        for sql in statements:
            conn.execute(text(sql), {"users": users})
        if not sqlite:
            conn.execute(text("ANALYZE"))
    with transaction() as session:
        user = session.get_one(
            BrokerUser,
            session.scalar(
                text("SELECT min(id) FROM broker_user WHERE broker_id = :b").bindparams(
                    b=BENCH_BROKER
                )
            ),
        )
        fa_id, account_id = session.execute(
            text("SELECT id, account_id FROM financial_account WHERE broker_user_id = :u"),
            {"u": user.id},
        ).one()
        for n, (code, portfolio, amount) in enumerate(
            [(FUND_CODES[0], "", "1000.00"), ("", PORTFOLIO, "5000.00"), ("", PORTFOLIO, "0.00")]
        ):
            session.add(
                TradeOrder(
                    broker_order_no=f"BW{n}",
                    broker_user_id=user.id,
                    account_id=account_id,
                    financial_account_id=fa_id,
                    order_code="P04" if n == 2 else ("P02" if portfolio else "022"),
                    fund_code=code,
                    portfolio_code=portfolio,
                    confirm_status="P0" if portfolio else "0",
                    trade_amount=Decimal(amount),
                    apply_time=moment,
                    trade_date=date(2026, 11, 20),
                    confirm_date=date(2026, 11, 23),
                )
            )
        token = issue_token(session, user=user).access_token
        rows = session.scalar(text("SELECT count(*) FROM holding"))
    print(
        json.dumps(
            {
                "token": token,
                "brokerUserId": user.id,
                "accountId": account_id,
                "financialAccountId": fa_id,
                "holdings": rows,
                "seconds": round(time.monotonic() - started, 1),
            }
        )
    )


def _pg_database(url: str) -> tuple[str, str]:
    name = f"opentamp_bench_holdings_{uuid.uuid4().hex[:6]}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return name, make_url(url).set(database=name).render_as_string(hide_password=False)


def _drop_pg_database(url: str, name: str) -> None:
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


REDIS_URL = "redis://127.0.0.1:6379/14"
REDIS = " · Redis"


def _empty_redis(url: str) -> None:
    import redis

    redis.Redis.from_url(url).flushdb()


def run(
    *,
    users: int,
    database_url: str | None,
    label: str,
    workers: int,
    redis_url: str | None,
    rounds: int,
) -> None:
    with server(database_url=database_url, workers=workers) as srv:
        info = json.loads(srv.python(f"from bench.holdings import prepare; prepare({users})"))
        headers = auth(info["token"])
        ids = (
            f"financialAccountId={info['financialAccountId']}"
            f"&brokerUserId={info['brokerUserId']}&accountId={info['accountId']}"
        )
        list_path = (
            f"/account/getAccountAssetDetailByConfig?{ids}"
            "&category=ALL&sort=holdingAsset&order=desc&viewType=ASSET"
        )
        cases = [
            Case("getAccountAssetDetailByConfig (20)", list_path, headers=headers),
            Case("getAccountAsset", f"/account/getAccountAsset?{ids}", headers=headers),
            # the floor of any signed-in call: the token look-up and one query
            Case("reference: /account/getAccount", "/account/getAccount", headers=headers),
        ]
        data = srv.get_json(list_path, headers)["data"]
        items = sum(len(g["items"]) for g in data["groups"])
        print(
            f"Holdings ({label}, uvicorn {workers} worker(s)): {info['holdings']:,} holding rows "
            f"of {users:,} users built in {info['seconds']} s; the measured list has "
            f"{items} items in {len(data['groups'])} groups, pending {data['pendingAmount']}"
        )
        baseline = Case("GET /noauth/app/version", "/noauth/app/version")
        if redis_url is None:
            ratios = compare(srv, baseline=baseline, cases=cases, rounds=rounds)
            print("cost relative to the trivial call (its throughput ÷ theirs):")
            for name, ratio in ratios.items():
                print(f"  {name:<38} {1 / ratio:>6.2f}x")
            return
        _empty_redis(redis_url)
        try:
            with another_server(srv, workers=workers, OPENTAMP_REDIS_URL=redis_url) as rsrv:
                on_redis = [
                    Case(c.name + REDIS, c.path, headers=c.headers, server=rsrv)
                    for c in [baseline, *cases]
                ]
                assert rsrv.get_json(list_path, headers)["data"] == data
                print(f"answers on Redis ({redis_url}) beside the in-process LRU, one run:")
                ratios = compare(srv, baseline=baseline, cases=[*cases, *on_redis], rounds=rounds)
        finally:
            _empty_redis(redis_url)
        # The trivial call's row says how far apart two identical processes were in this run
        # (the machine's noise), the store apart.
        print("side by side, as ratios of the trivial call on the LRU server:")
        print(f"  {'call':<38} {'LRU':>7} {'Redis':>7} {'Redis ÷ LRU':>12}")
        for case in [baseline, *cases]:
            lru, red = ratios[case.name], ratios[case.name + REDIS]
            print(f"  {case.name:<38} {lru:>6.2f}x {red:>6.2f}x {red / lru:>11.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sqlite", action="store_true", help="SQLite instead of PostgreSQL")
    parser.add_argument("--users", type=int, help="users (20 holdings each)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--pg-url", default="postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds of wrk")
    parser.add_argument(
        "--redis",
        nargs="?",
        const=REDIS_URL,
        metavar="URL",
        help=f"also the answers on Redis, side by side (default URL {REDIS_URL})",
    )
    args = parser.parse_args()
    if args.sqlite:
        users = args.users or 5_000
        run(
            users=users, database_url=None, label="SQLite", workers=args.workers,
            redis_url=args.redis, rounds=args.rounds,
        )  # fmt: skip
        return
    users = args.users or 50_000
    name, url = _pg_database(args.pg_url)
    try:
        run(
            users=users, database_url=url, label="PostgreSQL", workers=args.workers,
            redis_url=args.redis, rounds=args.rounds,
        )  # fmt: skip
    finally:
        _drop_pg_database(args.pg_url, name)


if __name__ == "__main__":
    main()
