"""The ``opentamp`` command.

Each command imports what it runs inside its own body: the whole server takes about two
seconds to import, and commands such as ``opentamp clock set`` (which the browser tests call
often) need only the database. The only other imports inside functions are the allocation
optimiser's numerical libraries (robo/optimiser.py) and the PDF library
(statements/render.py), kept out of every server's memory until they are used.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer
from rich.console import Console

from opentamp.config import get_settings

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

T = TypeVar("T")

app = typer.Typer(help="OpenTAMP: 基金与投顾服务平台", no_args_is_help=True)
db_app = typer.Typer(help="数据库迁移", no_args_is_help=True)
seed_app = typer.Typer(help="演示数据", no_args_is_help=True)
market_app = typer.Typer(help="行情：净值发布", no_args_is_help=True)
clock_app = typer.Typer(help="演示时钟（北京时间）", no_args_is_help=True)
calendar_app = typer.Typer(help="交易日历（上交所）", no_args_is_help=True)
jobs_app = typer.Typer(help="任务队列（docs/scale.md）", no_args_is_help=True)
app.add_typer(db_app, name="db")
app.add_typer(seed_app, name="seed")
app.add_typer(market_app, name="market")
app.add_typer(clock_app, name="clock")
app.add_typer(calendar_app, name="calendar")
app.add_typer(jobs_app, name="jobs")

console = Console()


def _logging() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="监听地址")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="端口")] = 8000,
    workers: Annotated[int, typer.Option(help="进程数（PostgreSQL 时可大于 1）")] = 1,
    scheduler: Annotated[bool, typer.Option(help="在本进程内运行每日任务")] = True,
) -> None:
    """Run the API and the H5 app."""
    import uvicorn

    from opentamp.kit.memory import limit_malloc_arenas

    # Before any thread starts: the request pool's threads then share two malloc arenas
    # instead of keeping one each (kit/memory.py).
    limit_malloc_arenas()
    settings = get_settings()
    _logging()
    console.print(f"H5 app: [bold]http://{host}:{port}{settings.h5_prefix}/[/bold]")
    if settings.api_docs:
        console.print(f"API:    http://{host}:{port}{settings.api_prefix}/docs")
    if scheduler and settings.scheduler and workers == 1:
        from opentamp.scheduler import start_in_background

        start_in_background()
    uvicorn.run(
        "opentamp.app:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        access_log=False,
        # The app reads X-Forwarded-For itself, only from Settings.trusted_proxies
        # (kit/terminal.py); uvicorn's default would believe it from 127.0.0.1.
        proxy_headers=False,
        # The app has no WebSocket route: without this uvicorn imports a WebSocket library
        # (about 1 MiB of the process's memory, docs/scale.md#memory).
        ws="none",
    )


@app.command()
def worker() -> None:
    """Run the daily jobs and the queued tasks without serving HTTP (any number of workers may
    run on PostgreSQL: one of them runs the daily pipeline, all of them run tasks)."""
    import signal
    import threading

    from opentamp.kit.memory import limit_malloc_arenas
    from opentamp.scheduler import run_forever, start_task_worker

    limit_malloc_arenas()
    _logging()
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    task_worker = start_task_worker(stop)
    run_forever(stop)
    if task_worker is not None:
        task_worker.join(30)


@jobs_app.command("list")
def jobs_list(
    failed: Annotated[bool, typer.Option("--failed", help="只列出最终失败的任务")] = False,
    limit: Annotated[int, typer.Option(help="最多列出几条")] = 50,
) -> None:
    """The latest tasks (docs/scale.md#tasks), newest first."""
    from rich.table import Table

    from opentamp.core.tasks import list_tasks, runner

    rows = list_tasks(failed_only=failed, limit=limit)
    table = Table("id", "task", "key", "status", "attempts", "args", "error", "at")
    for r in rows:
        at = r.at.isoformat(timespec="seconds") if r.at else ""
        table.add_row(str(r.id), r.task, r.key, r.status, str(r.attempts), r.args, r.error, at)
    # Keys are what `jobs retry` and a search of the logs need: never cut, even when the
    # terminal is narrow (or there is none, as under cron).
    Console(width=max(console.width, 160)).print(table)
    console.print(f"{len(rows)} task(s), runner: {runner()}")


@jobs_app.command("retry")
def jobs_retry(task_id: Annotated[int, typer.Argument(help="任务 id（jobs list 所列）")]) -> None:
    """Put a task that failed for good back in line."""
    from opentamp.core.tasks import retry_failed

    if not retry_failed(task_id):
        console.print(f"[red]没有 id 为 {task_id} 的失败任务[/red]")
        raise typer.Exit(1)
    console.print(f"task {task_id} queued again")


@db_app.command("upgrade")
def db_upgrade() -> None:
    """Apply every migration and make sure the trading calendar is there."""
    from opentamp.core.calendar import ensure_calendar
    from opentamp.db import db, transaction
    from opentamp.migrate import upgrade

    settings = get_settings()
    if settings.is_sqlite:
        settings.var_dir.mkdir(parents=True, exist_ok=True)
    with db.engine.begin() as connection:
        upgrade(connection)
    with transaction() as session:
        added = ensure_calendar(session)
    console.print(f"database at head; calendar days added: {added}")


@db_app.command("reset")
def db_reset(yes: Annotated[bool, typer.Option("--yes", help="确认清空")] = False) -> None:
    """Drop every table (all data is lost)."""
    if not yes:
        raise typer.BadParameter("this drops all data: pass --yes")
    _drop_everything()
    console.print("database emptied")


@db_app.command("backup")
def db_backup(
    path: Annotated[Path, typer.Argument(help="备份文件路径")],
) -> None:
    """A consistent copy of the live database (SQLite: the online backup API, while the
    server runs; PostgreSQL: prints the pg_dump command to run)."""
    from opentamp.kit.backup import BackupError, backup_sqlite, pg_commands

    settings = get_settings()
    if not settings.is_sqlite:
        dump, restore = pg_commands(settings.database_url, path)
        console.print("PostgreSQL: back up with pg_dump (a consistent snapshot, online):")
        console.print(dump, markup=False, highlight=False)
        console.print("and restore (stop serve and workers first) with:")
        console.print(restore, markup=False, highlight=False)
        return
    try:
        size = backup_sqlite(settings.database_url, path)
    except BackupError as exc:
        raise typer.BadParameter(str(exc)) from None
    console.print(f"backup written: {path} ({size} bytes)")


@db_app.command("restore")
def db_restore(
    path: Annotated[Path, typer.Argument(help="备份文件路径")],
    yes: Annotated[bool, typer.Option("--yes", help="确认覆盖当前数据库")] = False,
) -> None:
    """Replace the database with a backup (stop serve and workers first)."""
    from opentamp.kit.backup import BackupError, pg_commands, restore_sqlite

    settings = get_settings()
    if not settings.is_sqlite:
        console.print("PostgreSQL: restore with pg_restore (stop serve and workers first):")
        console.print(pg_commands(settings.database_url, path)[1], markup=False, highlight=False)
        return
    if not yes:
        raise typer.BadParameter("this replaces all data with the backup: pass --yes")
    try:
        restore_sqlite(settings.database_url, path)
    except BackupError as exc:
        raise typer.BadParameter(str(exc)) from None
    console.print(f"database restored from {path}")


def _drop_everything() -> None:
    from sqlalchemy import text

    from opentamp.db import db

    if db.is_sqlite:
        path = Path(db.engine.url.database or "")
        db.dispose()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        return
    with db.engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))


@seed_app.command("demo")
def seed_demo_command(
    reset: Annotated[bool, typer.Option("--reset", help="先清空数据库再生成")] = False,
) -> None:
    """Build the demo world (skipped when it is already there)."""
    from opentamp.db import transaction
    from opentamp.demo.seed import is_seeded, seed_demo

    if reset:
        _drop_everything()
        db_upgrade()
    with transaction() as session:
        if is_seeded(session):
            console.print("demo world already seeded (use --reset to rebuild it)")
            return
        seed_demo(session)
    console.print("demo world seeded")


@app.command()
def settle(
    on: Annotated[str, typer.Option("--date", help="交易日 YYYY-MM-DD")],
) -> None:
    """Run the daily pipeline (publication and settlement) for one trading day."""
    from opentamp.core.calendar import get_calendar
    from opentamp.jobs import run_day

    day = _parse_date(on)
    if not get_calendar().is_trading_day(day):
        raise typer.BadParameter(f"{day} 不是交易日")
    for name, result in run_day(day):
        console.print(f"{name}: {result or 'ok'}")
    console.print(f"settled {day}")


@market_app.command("advance")
def market_advance(
    days: Annotated[int, typer.Option("--days", min=1, help="向前推进的交易日数")] = 1,
) -> None:
    """Publish and settle the next N trading days after the market date, and move the demo
    clock to the evening of the last one when it is behind."""
    from opentamp.core.calendar import get_calendar
    from opentamp.core.clock import store_state
    from opentamp.core.market_day import NAV_PUBLISH_TIME
    from opentamp.jobs import current_market_date, run_day
    from opentamp.kit.clock import BEIJING, now, shift_to

    calendar = get_calendar()
    day = current_market_date(now())
    for _ in range(days):
        day = calendar.next_trading_day(day)
        run_day(day)
        console.print(f"published and settled {day}")
    evening = datetime.combine(day, NAV_PUBLISH_TIME, tzinfo=BEIJING).replace(minute=30)
    if now() < evening:
        store_state(shift_to(evening))
        console.print(f"clock moved to {evening:%Y-%m-%d %H:%M}")


@market_app.command("import")
def market_import(
    file: Annotated[
        Path, typer.Argument(help="CSV：fund_code,nav_date,nav[,acc_nav,income_per_10k,yield_7d]")
    ],
) -> None:
    """Load a fund's real NAV history from CSV (format: docs/market-data.md). The funds stop
    being simulated; a bad file changes nothing."""
    from opentamp.db import transaction
    from opentamp.market.service import NavImportError, import_navs

    try:
        with transaction() as session:
            result = import_navs(session, path=file)
    except NavImportError as exc:
        raise typer.BadParameter(exc.message) from None
    except OSError as exc:
        raise typer.BadParameter(f"无法读取文件：{exc}") from None
    funds = ", ".join(result.funds)
    console.print(f"imported {result.rows} rows for {funds}: {result.first} .. {result.last}")


@clock_app.command("show")
def clock_show() -> None:
    """Print the clock (Beijing time) and how it differs from real time."""
    from opentamp.core.calendar import get_calendar
    from opentamp.kit.clock import clock, now
    from opentamp.rules import trade_date

    state = clock.state()
    moment = now()
    mode = (
        "frozen"
        if state.frozen_at
        else ("real time" if not state.offset else f"shifted by {state.offset}")
    )
    console.print(
        f"{moment:%Y-%m-%d %H:%M:%S %Z} ({mode}); trade date now: "
        f"{trade_date(get_calendar(), moment)}"
    )


@clock_app.command("set")
def clock_set(
    at: Annotated[str, typer.Argument(help="北京时间，如 '2026-11-23 14:30'")],
    frozen: Annotated[bool, typer.Option("--frozen", help="停在该时刻，不再走动")] = False,
) -> None:
    """Set the clock every process uses (demo and browser tests)."""
    from opentamp.core.clock import store_state
    from opentamp.kit.clock import BEIJING, ClockState, shift_to

    try:
        target = datetime.fromisoformat(at)
    except ValueError as exc:
        raise typer.BadParameter(f"无法识别的时间：{at}") from exc
    target = target.replace(tzinfo=target.tzinfo or BEIJING)
    store_state(ClockState(frozen_at=target) if frozen else shift_to(target))
    clock_show()


@clock_app.command("reset")
def clock_reset() -> None:
    """Back to real time."""
    from opentamp.core.clock import store_state
    from opentamp.kit.clock import ClockState

    store_state(ClockState())
    clock_show()


@calendar_app.command("import")
def calendar_import(
    file: Annotated[
        Path | None, typer.Option(help="CSV: date,is_open（新公布年度的交易日）")
    ] = None,
) -> None:
    """Add a newly published year from a CSV file, or refresh from exchange-calendars. Takes
    effect at once in every process; refused if it would close a day already settled."""
    from opentamp.core.calendar import CalendarImportRefused, store_days
    from opentamp.db import transaction
    from opentamp.kit.calendar import SEED_START, exchange_calendar_days, read_calendar_csv

    days = read_calendar_csv(file) if file else exchange_calendar_days(SEED_START)
    if not days:
        raise typer.BadParameter("文件中没有日期")
    try:
        with transaction() as session:
            count = store_days(session, days)
    except CalendarImportRefused as exc:
        raise typer.BadParameter(exc.message) from None
    console.print(f"calendar: {count} dates stored, {min(days)} .. {max(days)}")


BATCH_END = "--- exit"
_NOT_IN_BATCH = {"batch", "serve", "worker"}


@app.command()
def batch() -> None:
    """Run opentamp commands read from standard input, one a line as typed after `opentamp`
    (shell quoting), all in this one process, and print `--- exit N` after each. A script
    that runs many short commands (the browser tests move the market a day at a time) pays the
    start-up of one process instead of one each."""
    import shlex

    command = typer.main.get_command(app)
    for line in sys.stdin:
        try:
            args = shlex.split(line)
        except ValueError as exc:
            typer.echo(f"无法解析命令：{exc}", err=True)
            code = 2
        else:
            if not args:
                continue
            code = _run_in_batch(command.main, args)
        sys.stderr.flush()
        typer.echo(f"{BATCH_END} {code}")
        sys.stdout.flush()


def _run_in_batch(main: Callable[..., object], args: list[str]) -> int:
    import traceback

    if args[0] in _NOT_IN_BATCH:
        typer.echo(f"{args[0]} 不能在 batch 中运行", err=True)
        return 2
    try:
        main(args=args, prog_name="opentamp")  # standalone: it always ends in SystemExit
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 1
    except Exception:
        traceback.print_exc()
        return 1
    return 0


@app.command()
def openapi() -> None:
    """Print the OpenAPI document (the API contract)."""
    from opentamp.app import create_app

    typer.echo(json.dumps(create_app().openapi(), ensure_ascii=False, indent=1))


def _parse_date(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError as exc:
        raise typer.BadParameter(f"日期格式应为 YYYY-MM-DD：{value}") from exc


token_app = typer.Typer(help="登录令牌（开发与浏览器测试）", no_args_is_help=True)
app.add_typer(token_app, name="token")


@token_app.command("issue")
def token_issue(
    phone: Annotated[str, typer.Option("--phone", help="用户手机号")] = "13800138000",
    broker: Annotated[int | None, typer.Option("--broker", help="券商编号")] = None,
) -> None:
    """Issue a bearer token for an existing user and print the session as JSON (what the
    sign-in call answers), for development and the browser tests."""
    from sqlalchemy import select

    from opentamp.core.tokens import issue_token
    from opentamp.db import transaction
    from opentamp.models.accounts import Account
    from opentamp.models.auth import BrokerUser

    with transaction() as session:
        query = select(BrokerUser).where(BrokerUser.phone == phone)
        if broker is not None:
            query = query.where(BrokerUser.broker_id == broker)
        user = session.scalars(query.order_by(BrokerUser.id)).first()
        if user is None:
            raise typer.BadParameter(f"没有手机号为 {phone} 的用户")
        token = issue_token(session, user=user, client="cli")
        account_id = session.scalar(select(Account.id).where(Account.broker_user_id == user.id))
        session_json = {
            "accessToken": token.access_token,
            "expiresIn": token.expires_in,
            "brokerUserId": user.id,
            "brokerId": user.broker_id,
            "accountId": account_id,
        }
    typer.echo(json.dumps(session_json, ensure_ascii=False))


operator_app = typer.Typer(
    help="操作员账户：主理人、投顾、操作员（docs/operators.md）", no_args_is_help=True
)
app.add_typer(operator_app, name="operator")
plans_app = typer.Typer(help="定投计划（docs/plans.md）", no_args_is_help=True)
app.add_typer(plans_app, name="plans")


@plans_app.command("require-signing")
def plans_require_signing(
    strategy: Annotated[str, typer.Argument(help="策略代码（CL…）")],
) -> None:
    """A strategy's manual changed (the strategy-manual change pop-up): its plans buy again only
    once the investor signs the new period's file (docs/plans.md "Strategy plans"). Audited
    (actor cli)."""
    from opentamp.db import transaction
    from opentamp.models.products import Portfolio
    from opentamp.operators.api import audit
    from opentamp.plans.api import require_signing

    with transaction() as session:
        found = session.get(Portfolio, strategy)
        if found is None or found.kind != "strategy":
            console.print(f"[red]策略 {strategy} 不存在[/red]")
            raise typer.Exit(1)
        marked = require_signing(session, strategy_code=strategy)
        audit(session, None, "plans.require_signing", ("strategy", strategy), {"plans": marked})
    console.print(f"strategy {strategy}: {marked} plan(s) must sign the new period's file")


signal_app = typer.Typer(help="发车信号（docs/signals.md）", no_args_is_help=True)
app.add_typer(signal_app, name="signal")


@signal_app.command("publish")
def signal_publish(
    po: Annotated[str, typer.Option("--po", help="发车产品代码（SI…）")],
    multiple: Annotated[
        str | None, typer.Option("--multiple", help="买入倍数：0.5–2（1 为标准金额）")
    ] = None,
    sell: Annotated[
        str | None, typer.Option("--sell", help="卖出信号：卖出持有份额的比例，(0, 1]")
    ] = None,
    day: Annotated[
        str | None, typer.Option("--date", help="发车日期（缺省：下一个未运行的交易日）")
    ] = None,
    description: Annotated[str, typer.Option("--description", help="发车说明")] = "",
) -> None:
    """Publish a buy signal (--multiple) or a sell signal (--sell) of a signal product as the
    lead manager; prints the signal as JSON. Audited (actor cli); a refusal writes nothing but
    its audit row (docs/signals.md#publication)."""
    from opentamp.db import transaction
    from opentamp.errors import AppError
    from opentamp.operators.api import audit, audit_refusal
    from opentamp.signals.api import PublishIn, publish, signal_out

    if (multiple is None) == (sell is None):
        console.print("[red]请给出 --multiple（买入倍数）或 --sell（卖出比例）之一[/red]")
        raise typer.Exit(1)
    try:
        body = PublishIn.model_validate(
            {
                "poCode": po,
                "signalType": "SELL" if sell is not None else "BUY",
                "sigDate": day,
                "autoFollowBuyRate": multiple,
                "sellRatio": sell,
                "description": description,
            }
        )
    except ValueError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(1) from None
    try:
        with transaction() as session:
            signal = publish(session, body=body)
            audit(
                session,
                None,
                "signal.publish",
                ("signal", signal.sig_id),
                body.model_dump(mode="json"),
            )
            out = signal_out(signal)
    except AppError as exc:
        with transaction() as session:
            audit_refusal(
                session,
                action="signal.publish",
                broker_id=_broker_or_demo(None),
                login="cli",
                error=exc.error,
            )
        console.print(f"[red]{exc.message}[/red]")
        raise typer.Exit(1) from None
    typer.echo(out.model_dump_json(by_alias=True))


RoleOption = Annotated[
    list[str] | None,
    typer.Option(
        "--role", help="角色：operator 操作员, adviser 投顾, lead_manager 主理人（可重复）"
    ),
]
BrokerOption = Annotated[int | None, typer.Option("--broker", help="券商编号（缺省：演示券商）")]


def _broker_or_demo(broker: int | None) -> int:
    from opentamp.demo.world import DEFAULT_BROKER_ID

    return DEFAULT_BROKER_ID if broker is None else broker


def _operator_command(action: str, broker: int, login: str, run: Callable[[Session], T]) -> T:
    """Run an operator command in one transaction; a refusal writes nothing but its audit row,
    is printed in Chinese and exits 1."""
    from opentamp.db import transaction
    from opentamp.errors import AppError
    from opentamp.operators.api import audit_refusal

    try:
        with transaction() as session:
            return run(session)
    except AppError as exc:
        with transaction() as session:
            audit_refusal(session, action=action, broker_id=broker, login=login, error=exc.error)
        console.print(f"[red]{exc.message}[/red]")
        raise typer.Exit(1) from None


adviser_app = typer.Typer(
    help="投顾：模型调仓、公告、协议文件、服务账户与服务费（docs/advisory.md）",
    no_args_is_help=True,
)
app.add_typer(adviser_app, name="adviser")
AdviserOption = Annotated[str, typer.Option("--operator", help="投顾的登录名（如 tougu）")]
StrategyOption = Annotated[str, typer.Option("--strategy", help="投顾组合代码（ZH…）")]


def _adviser_command(
    action: str, broker: int | None, login: str, run: Callable[[Session, int, int], T]
) -> T:
    """An adviser's action from the command line: the operator ``login`` must be an active
    adviser of the broker; audited (actor cli, the adviser's login in the detail)."""
    from opentamp.advisory.api import adviser_by_login

    broker_id = _broker_or_demo(broker)

    def go(session: Session) -> T:
        operator_id = adviser_by_login(session, broker_id=broker_id, login=login)
        return run(session, broker_id, operator_id)

    return _operator_command(action, broker_id, login, go)


def _weights(text: str) -> list[tuple[str, str]]:
    pairs = []
    for part in text.split(","):
        code, _, weight = part.strip().partition("=")
        if not code or not weight:
            console.print(f"[red]权重格式应为 基金代码=权重,…：{part}[/red]")
            raise typer.Exit(1)
        pairs.append((code.strip(), weight.strip()))
    return pairs


@adviser_app.command("publish-model")
def adviser_publish_model(
    operator: AdviserOption,
    strategy: StrategyOption,
    weights: Annotated[str, typer.Option("--weights", help="基金代码=权重,…（和为1）")],
    reason: Annotated[str, typer.Option("--reason", help="调仓理由")] = "",
    broker: BrokerOption = None,
) -> None:
    """Publish a model change: every account in force gets an adjustment (waiting for a
    HALF_DISCRETIONARY customer, executed at once otherwise)."""
    from decimal import Decimal, InvalidOperation

    from opentamp.advisory.api import PublishModelIn, WeightIn, publish_model
    from opentamp.operators.api import audit

    try:
        items = [WeightIn(fund_code=c, weight=Decimal(w)) for c, w in _weights(weights)]
    except (InvalidOperation, ValueError):
        console.print("[red]权重须为0到1之间的小数[/red]")
        raise typer.Exit(1) from None
    body = PublishModelIn(po_code=strategy, weight_list=items, reason=reason)

    def run(session: Session, broker_id: int, operator_id: int) -> object:
        out = publish_model(session, broker_id=broker_id, body=body, operator_id=operator_id)
        detail = {"operator": operator, **body.model_dump(mode="json")}
        audit(session, None, "adviser.publish_model", ("portfolio", strategy), detail)
        return out

    out = _adviser_command("adviser.publish_model", broker, operator, run)
    typer.echo(json.dumps(out.model_dump(mode="json", by_alias=True), ensure_ascii=False))  # type: ignore[attr-defined]


@adviser_app.command("announce")
def adviser_announce(
    operator: AdviserOption,
    strategy: StrategyOption,
    title: Annotated[str, typer.Option("--title", help="标题")],
    content: Annotated[str, typer.Option("--content", help="正文")] = "",
    mandatory: Annotated[bool, typer.Option("--mandatory", help="须阅读后才能交易")] = False,
    broker: BrokerOption = None,
) -> None:
    """Publish an announcement of a strategy."""
    from opentamp.advisory.api import AnnounceIn, announce
    from opentamp.operators.api import audit

    body = AnnounceIn(po_code=strategy, title=title, content=content, is_mandatory=mandatory)

    def run(session: Session, broker_id: int, operator_id: int) -> int:
        a = announce(session, broker_id=broker_id, body=body, operator_id=operator_id)
        audit(session, None, "adviser.announce", ("announcement", a.id),
              {"operator": operator, "poCode": strategy, "title": title})  # fmt: skip
        return a.id

    console.print(f"announcement {_adviser_command('adviser.announce', broker, operator, run)}")


@adviser_app.command("files")
def adviser_files(
    operator: AdviserOption,
    strategy: StrategyOption,
    file: Annotated[list[str], typer.Option("--file", help="名称=URL（可重复）")],
    broker: BrokerOption = None,
) -> None:
    """Publish a new version of the agreement's files: accounts in force must re-sign."""
    from pydantic import ValidationError

    from opentamp.advisory.api import FilesIn, publish_files
    from opentamp.errors import validation_message
    from opentamp.operators.api import audit

    entries = [tuple(part.strip() for part in f.partition("=")[::2]) for f in file]
    for f, (name, url) in zip(file, entries, strict=True):
        if not name or not url:
            console.print(f"[red]文件格式应为 名称=URL：{f}[/red]")
            raise typer.Exit(1)
    try:
        body = FilesIn.model_validate(
            {"poCode": strategy, "fileList": [{"name": n, "fileUrl": u} for n, u in entries]}
        )
    except ValidationError as e:
        # the schema's own refusal (an address that is not http(s):// or /…, a name over 64
        # characters, more than 20 files), as the operator call answers it
        console.print(f"[red]{validation_message(list(e.errors()))}[/red]")
        raise typer.Exit(1) from None

    def run(session: Session, broker_id: int, operator_id: int) -> int:
        out = publish_files(session, broker_id=broker_id, body=body)
        audit(session, None, "adviser.files", ("portfolio", strategy),
              {"operator": operator, **body.model_dump(mode="json")})  # fmt: skip
        return out.version

    console.print(f"files version {_adviser_command('adviser.files', broker, operator, run)}")


@adviser_app.command("accounts")
def adviser_accounts(
    operator: AdviserOption,
    strategy: Annotated[str | None, typer.Option("--strategy", help="投顾组合代码")] = None,
    broker: BrokerOption = None,
) -> None:
    """The service accounts served, one JSON line each."""
    from opentamp.advisory.api import served_accounts

    rows = _adviser_command(
        "adviser.accounts", broker, operator,
        lambda session, broker_id, _op: served_accounts(
            session, broker_id=broker_id, po_code=strategy),
    )  # fmt: skip
    for row in rows:
        typer.echo(json.dumps(row.model_dump(mode="json", by_alias=True), ensure_ascii=False))


@adviser_app.command("fees")
def adviser_fees(
    operator: AdviserOption,
    strategy: Annotated[str | None, typer.Option("--strategy", help="投顾组合代码")] = None,
    month: Annotated[str | None, typer.Option("--month", help="YYYY-MM")] = None,
    broker: BrokerOption = None,
) -> None:
    """The fee income: charged, paid, unpaid and accrued."""
    from opentamp.advisory.api import fee_income

    out = _adviser_command(
        "adviser.fees", broker, operator,
        lambda session, broker_id, _op: fee_income(
            session, broker_id=broker_id, po_code=strategy, month=month),
    )  # fmt: skip
    typer.echo(json.dumps(out.model_dump(mode="json", by_alias=True), ensure_ascii=False))


@adviser_app.command("charge")
def adviser_charge(
    operator: AdviserOption,
    service_account: Annotated[int, typer.Option("--service-account", help="服务账户编号")],
    amount: Annotated[str, typer.Option("--amount", help="金额（元）")],
    reason: Annotated[str, typer.Option("--reason", help="收取原因")],
    broker: BrokerOption = None,
) -> None:
    """Charge a MANUAL adviser fee (paid from the wallet, else a debt)."""
    from pydantic import ValidationError

    from opentamp.advisory.api import ManualFeeIn, manual_fee
    from opentamp.operators.api import audit

    try:
        body = ManualFeeIn.model_validate(
            {"serviceAccountId": service_account, "amount": amount, "reason": reason}
        )
    except ValidationError:
        console.print("[red]金额须为大于0、最多两位小数的数字，且须填写收取原因[/red]")
        raise typer.Exit(1) from None

    def run(session: Session, broker_id: int, operator_id: int) -> str:
        fee = manual_fee(session, broker_id=broker_id, body=body)
        audit(session, None, "adviser.manual_fee", ("fee", fee.id),
              {"operator": operator, **body.model_dump(mode="json")})  # fmt: skip
        return f"fee {fee.id}: {fee.amount} {fee.status}"

    console.print(_adviser_command("adviser.charge", broker, operator, run))


@operator_app.command("create")
def operator_create(
    login: Annotated[str, typer.Option("--login", help="登录名")],
    name: Annotated[str, typer.Option("--name", help="显示名")],
    role: RoleOption = None,
    broker: BrokerOption = None,
    password_stdin: Annotated[
        bool, typer.Option("--password-stdin", help="从标准输入读取密码（一行）")
    ] = False,
) -> None:
    """Create an operator with one or more roles; the password is asked for (twice) unless
    read from standard input. Audited (actor cli)."""
    from opentamp.operators.api import create_operator

    if password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = typer.prompt("密码", hide_input=True, confirmation_prompt=True)
    broker_id = _broker_or_demo(broker)
    created = _operator_command(
        "operator.create",
        broker_id,
        login,
        lambda session: create_operator(
            session,
            broker_id=broker_id,
            login=login,
            display_name=name,
            password=password,
            roles=role or [],
        ),
    )
    console.print(f"operator {login} created: {', '.join(sorted(created.roles))}")


@operator_app.command("disable")
def operator_disable(
    login: Annotated[str, typer.Argument(help="登录名")],
    broker: BrokerOption = None,
) -> None:
    """Disable an operator and revoke their tokens. Audited (actor cli)."""
    from opentamp.operators.api import disable_operator

    broker_id = _broker_or_demo(broker)
    _operator_command(
        "operator.disable",
        broker_id,
        login,
        lambda session: disable_operator(session, broker_id=broker_id, login=login),
    )
    console.print(f"operator {login} disabled")


@operator_app.command("roles")
def operator_roles(
    login: Annotated[str, typer.Argument(help="登录名")],
    add: Annotated[list[str] | None, typer.Option("--add", help="加上的角色（可重复）")] = None,
    remove: Annotated[
        list[str] | None, typer.Option("--remove", help="去掉的角色（可重复）")
    ] = None,
    broker: BrokerOption = None,
) -> None:
    """Add or remove roles (an operator keeps at least one); prints the roles held after.
    Audited (actor cli)."""
    from opentamp.operators.api import change_roles

    broker_id = _broker_or_demo(broker)
    held = _operator_command(
        "operator.roles",
        broker_id,
        login,
        lambda session: change_roles(
            session,
            broker_id=broker_id,
            login=login,
            add=add or [],
            remove=remove or [],
        ),
    )
    console.print(f"operator {login}: {', '.join(sorted(held))}")


@operator_app.command("audit")
def operator_audit(
    login: Annotated[str | None, typer.Option("--login", help="只看该登录名")] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, max=1000, help="条数")] = 20,
    broker: Annotated[int | None, typer.Option("--broker", help="券商编号（缺省：全部）")] = None,
) -> None:
    """The audit trail, newest first, one JSON line per action."""
    from opentamp.db import transaction
    from opentamp.operators.api import audit_page

    with transaction(write=False) as session:
        rows, _ = audit_page(session, broker_id=broker, login=login, offset=0, limit=limit)
        for row in rows:
            typer.echo(
                json.dumps(
                    {
                        "id": row.id,
                        "at": row.created_at.isoformat(),
                        "actor": row.actor,
                        "login": row.login,
                        "action": row.action,
                        "target": f"{row.target_kind}:{row.target_id}" if row.target_kind else "",
                        "outcome": row.outcome,
                        "clientAddress": row.client_address,
                        "detail": row.detail,
                    },
                    ensure_ascii=False,
                )
            )


notices_app = typer.Typer(help="消息中心：券商公告（docs/notices.md）", no_args_is_help=True)
app.add_typer(notices_app, name="notices")


@notices_app.command("announce")
def notices_announce(
    title: Annotated[str, typer.Option("--title", help="标题")],
    content: Annotated[str, typer.Option("--content", help="正文")],
    confirm: Annotated[bool, typer.Option("--confirm", help="须在弹窗中确认（我已知晓）")] = False,
    file: Annotated[
        list[str] | None, typer.Option("--file", help="附件 名称=URL（可重复）")
    ] = None,
    broker: BrokerOption = None,
) -> None:
    """Publish an announcement of the broker to all its users (audited)."""
    from pydantic import ValidationError

    from opentamp.notices.api import BrokerAnnouncementIn, announce
    from opentamp.operators.api import audit

    broker_id = _broker_or_demo(broker)
    try:
        body = BrokerAnnouncementIn.model_validate(
            {"title": title, "content": content, "needConfirm": confirm,
             "files": [{"name": n, "fileUrl": u}
                       for n, _, u in (f.partition("=") for f in file or [])]}
        )  # fmt: skip
    except ValidationError:
        console.print("[red]公告的标题、正文或附件（名称=URL）有误[/red]")
        raise typer.Exit(1) from None

    def run(session: Session) -> str:
        key = announce(session, broker_id=broker_id, body=body)
        audit(session, None, "notices.announce", ("announcement", key),
              {"broker": broker_id, "title": title, "needConfirm": confirm})  # fmt: skip
        return key

    console.print(f"announcement {_operator_command('notices.announce', broker_id, 'cli', run)}")
