"""Market data: publication of the day's figures, the demo history, real NAV history imported
from CSV, and what screens need to know about publication (更新中).

Publication is an event of the day (docs/architecture.md#the-daily-pipeline, docs/rules.md#profit):
the daily step ``market.publish_navs`` runs
:func:`publish_day`, which computes every simulated series' figures of the day with the same
code the demo seed uses for the past (:class:`Simulation`), and inserts those not published yet.
Running it twice inserts nothing the second time.
"""

from __future__ import annotations

import csv
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.orm import Session

from opentamp.core.calendar import get_calendar
from opentamp.core.market_day import MARKET_DATE_KEY, market_date
from opentamp.errors import AppError
from opentamp.kit.calendar import TradingCalendar
from opentamp.kit.clock import as_beijing
from opentamp.kit.money import NAV_SCALE, round_half_up
from opentamp.market import repository
from opentamp.market.simulator import (
    FactorDay,
    FactorModel,
    NavState,
    initial_state,
    is_money_market,
    next_index_close,
    next_nav,
    series_return,
    signal_for,
)
from opentamp.models.catalogue import (
    BenchmarkPoint,
    MarketSeries,
    PrivateNav,
    ProductSignal,
)
from opentamp.models.platform import AppState
from opentamp.models.products import Fund, FundDividend, FundNav
from opentamp.rules import CUT_OFF

MARKET_VERSION_KEY = "market.version"
SIGNAL_LOOKBACK = timedelta(days=365)


# -- the market version: changes whenever published figures change ------------------------


def market_version(session: Session) -> int:
    row = session.get(AppState, MARKET_VERSION_KEY)
    return int(row.value.get("n", 0)) if row else 0


def bump_market_version(session: Session) -> None:
    row = session.get(AppState, MARKET_VERSION_KEY)
    if row is None:
        session.add(AppState(key=MARKET_VERSION_KEY, value={"n": 1}))
    else:
        row.value = {"n": int(row.value.get("n", 0)) + 1}
    session.flush()


def set_market_date(session: Session, day: date) -> None:
    row = session.get(AppState, MARKET_DATE_KEY)
    if row is None:
        session.add(AppState(key=MARKET_DATE_KEY, value={"date": day.isoformat()}))
    else:
        row.value = {"date": day.isoformat()}
    session.flush()


# -- publication status (更新中) ------------------------------------------------------------


@dataclass(frozen=True)
class PublicationStatus:
    """What a screen needs to tell whether today's figures are out.

    ``latest_nav_date`` is the last published trading day. ``is_updating`` is true on a
    trading day after the market closes (15:00) until that day's figures are published: the
    day's NAVs are being computed, so screens show 更新中 rather than yesterday's figures as
    if they were today's. Before 15:00 the latest figures are simply yesterday's, labelled with
    their date.
    """

    latest_nav_date: date | None
    is_updating: bool


def publication_status(session: Session, moment: datetime) -> PublicationStatus:
    latest = market_date(session)
    local = as_beijing(moment)
    today = local.date()
    updating = (
        get_calendar().is_trading_day(today)
        and local.time() >= CUT_OFF
        and (latest is None or latest < today)
    )
    return PublicationStatus(latest_nav_date=latest, is_updating=updating)


# -- the simulation -----------------------------------------------------------------------


@dataclass
class DayOutput:
    navs: list[dict[str, Any]] = field(default_factory=list)
    dividends: list[dict[str, Any]] = field(default_factory=list)
    closes: list[dict[str, Any]] = field(default_factory=list)
    private_navs: list[dict[str, Any]] = field(default_factory=list)
    signals: list[dict[str, Any]] = field(default_factory=list)


def _start(params: dict[str, Any]) -> date:
    return date.fromisoformat(str(params["start"]))


class Simulation:
    """Every simulated series, stepped one trading day at a time.

    The seed builds one from nothing and runs it over the past; publication builds one from
    the database as it stands before the day (:meth:`from_database`) and runs the day.
    """

    def __init__(
        self, series: Iterable[MarketSeries], calendar: TradingCalendar, index_names: dict[str, str]
    ) -> None:
        self.calendar = calendar
        self.index_names = index_names
        self.funds: dict[str, dict[str, Any]] = {}
        self.indexes: dict[str, dict[str, Any]] = {}
        self.privates: dict[str, dict[str, Any]] = {}
        self.signal_products: dict[str, dict[str, Any]] = {}
        for s in series:
            {
                "fund": self.funds,
                "index": self.indexes,
                "private": self.privates,
                "signal": self.signal_products,
            }[s.kind][s.code] = dict(s.params)
        self.models = {
            code: FactorModel.of(params)
            for group in (self.funds, self.indexes, self.privates)
            for code, params in group.items()
        }
        self.fund_state: dict[str, NavState] = {}
        self.index_close: dict[str, Decimal] = {}
        self.index_history: dict[str, deque[tuple[date, Decimal]]] = {}
        self.private_state: dict[str, tuple[date, Decimal, Decimal]] = {}
        self.last_signal: dict[str, date] = {}
        self._factor_days: dict[date, FactorDay] = {}

    # -- state from the database ------------------------------------------------------------
    @classmethod
    def from_database(cls, session: Session, day: date) -> Simulation:
        series = repository.simulated_series(session)
        names = repository.index_names(session)
        sim = cls(series, get_calendar(), names)
        latest = repository.latest_navs_before(session, sim.funds, day)
        for code, row in latest.items():
            sim.fund_state[code] = NavState(nav=row.nav, acc_nav=row.acc_nav)
        money = [c for c, p in sim.funds.items() if is_money_market(p)]
        for row in repository.navs_between(session, money, day - timedelta(days=8), day):
            state = sim.fund_state.get(row.fund_code)
            if state is not None and row.income_per_10k is not None:
                covered = (sim.calendar.next_trading_day(row.nav_date) - row.nav_date).days
                state.recent_income.append((row.nav_date, row.income_per_10k, covered))
        for code, (_d, close) in repository.latest_benchmark_closes(
            session, sim.indexes, before=day
        ).items():
            sim.index_close[code] = close
        watched = {str(p["index_code"]) for p in sim.signal_products.values()}
        for code in watched:
            points = session.execute(
                select(BenchmarkPoint.day, BenchmarkPoint.close)
                .where(
                    BenchmarkPoint.index_code == code,
                    BenchmarkPoint.day >= day - SIGNAL_LOOKBACK,
                    BenchmarkPoint.day < day,
                )
                .order_by(BenchmarkPoint.day)
            ).all()
            sim.index_history[code] = deque((d, c) for d, c in points)
        privates = repository.latest_private_navs_before(session, sim.privates, day)
        for code, private in privates.items():
            sim.private_state[code] = (private.nav_date, private.nav, private.acc_nav)
        sim.last_signal.update(repository.last_signal_dates(session, sim.signal_products))
        return sim

    def factors(self, day: date) -> FactorDay:
        if day not in self._factor_days:
            if len(self._factor_days) > 16:
                self._factor_days.clear()
            self._factor_days[day] = FactorDay(day)
        return self._factor_days[day]

    # -- one day ----------------------------------------------------------------------------
    def run_day(self, day: date) -> DayOutput:
        out = DayOutput()
        factors = self.factors(day)
        self._indexes(day, factors, out)
        self._funds(day, factors, out)
        self._privates(day, out)
        self._signals(day, out)
        return out

    def _indexes(self, day: date, factors: FactorDay, out: DayOutput) -> None:
        for code, params in self.indexes.items():
            if day < _start(params):
                continue
            previous = self.index_close.get(code)
            if previous is None:
                close = Decimal(str(params.get("base", "1000.0000")))
            else:
                close = next_index_close(code, self.models[code], previous, factors)
            self.index_close[code] = close
            history = self.index_history.get(code)
            if history is not None:
                history.append((day, close))
                while history and history[0][0] < day - SIGNAL_LOOKBACK:
                    history.popleft()
            out.closes.append({"index_code": code, "day": day, "close": close})

    def _funds(self, day: date, factors: FactorDay, out: DayOutput) -> None:
        for code, params in self.funds.items():
            if day < _start(params):
                continue
            state = self.fund_state.get(code)
            if state is None:
                state = initial_state(params)
                if not is_money_market(params):
                    # the inception day publishes the initial NAV itself
                    self.fund_state[code] = state
                    out.navs.append(
                        {
                            "fund_code": code,
                            "nav_date": day,
                            "nav": state.nav,
                            "acc_nav": state.acc_nav,
                            "income_per_10k": None,
                            "yield_7d": None,
                        }
                    )
                    continue
            row, self.fund_state[code] = next_nav(
                code, params, self.models[code], day, state, factors, self.calendar
            )
            out.navs.append(
                {
                    "fund_code": code,
                    "nav_date": day,
                    "nav": row.nav,
                    "acc_nav": row.acc_nav,
                    "income_per_10k": row.income_per_10k,
                    "yield_7d": row.yield_7d,
                }
            )
            if row.dividend is not None:
                out.dividends.append(
                    {
                        "fund_code": code,
                        "record_date": day,
                        "ex_date": day,
                        "pay_date": self.calendar.add_trading_days(day, 2),
                        "cash_per_share": row.dividend,
                    }
                )

    def _privates(self, day: date, out: DayOutput) -> None:
        """Private products publish weekly, on the last trading day of each week."""
        if self.calendar.next_trading_day(day).isocalendar()[:2] == day.isocalendar()[:2]:
            return
        for code, params in self.privates.items():
            if day < _start(params):
                continue
            last = self.private_state.get(code)
            if last is None:
                nav = acc = Decimal(str(params.get("start_nav", "1.0000")))
            else:
                since, nav_prev, acc_prev = last
                growth = Decimal(1)
                for d in self.calendar.trading_days(since + timedelta(days=1), day):
                    growth *= 1 + series_return(code, self.models[code], self.factors(d))
                nav = max(round_half_up(nav_prev * growth, NAV_SCALE), Decimal("0.0100"))
                acc = acc_prev + (nav - nav_prev)
            self.private_state[code] = (day, nav, acc)
            out.private_navs.append(
                {"product_code": code, "nav_date": day, "nav": nav, "acc_nav": acc}
            )

    def _signals(self, day: date, out: DayOutput) -> None:
        for code, params in self.signal_products.items():
            if day < _start(params):
                continue
            last = self.last_signal.get(code)
            interval = int(params.get("interval", 10))
            if last is not None and len(self.calendar.trading_days(last, day)) - 1 < interval:
                continue
            index_code = str(params["index_code"])
            history = self.index_history.get(index_code)
            if not history:
                continue
            draft = signal_for(
                day, [c for _d, c in history], self.index_names.get(index_code, index_code)
            )
            self.last_signal[code] = day
            out.signals.append(
                {
                    "sig_id": f"{code}-{day:%Y%m%d}",
                    "product_code": code,
                    "sig_date": day,
                    "signal_type": "BUY",
                    "auto_follow_buy_rate": draft.multiple,
                    "description": draft.description,
                }
            )

    def watch_signal_indexes(self) -> None:
        """Keep the one-year close history of the indexes signal products read (seed)."""
        for params in self.signal_products.values():
            self.index_history.setdefault(str(params["index_code"]), deque())


def _insert(session: Session, model: Any, rows: list[dict[str, Any]]) -> None:
    """A bulk insert (one executemany, no ORM object per row)."""
    if rows:
        session.execute(insert(model.__table__), rows)


def publish_day(session: Session, *, day: date) -> str:
    """Publish ``day``'s figures of every simulated series (NAVs, 万份收益 and 7-day yields,
    dividends, index closes, weekly private NAVs, signals). Idempotent."""
    sim = Simulation.from_database(session, day)
    out = sim.run_day(day)
    published = repository.codes_published_on(session, day)
    navs = [r for r in out.navs if r["fund_code"] not in published]
    closes_done = repository.indexes_published_on(session, day)
    closes = [r for r in out.closes if r["index_code"] not in closes_done]
    private_done = repository.private_published_on(session, day)
    privates = [r for r in out.private_navs if r["product_code"] not in private_done]
    dividend_done = set(
        session.scalars(select(FundDividend.fund_code).where(FundDividend.ex_date == day))
    )
    dividends = [r for r in out.dividends if r["fund_code"] not in dividend_done]
    signal_done = set(
        session.scalars(select(ProductSignal.product_code).where(ProductSignal.sig_date == day))
    )
    signals = [r for r in out.signals if r["product_code"] not in signal_done]
    _insert(session, BenchmarkPoint, closes)
    _insert(session, FundNav, navs)
    _insert(session, FundDividend, dividends)
    _insert(session, PrivateNav, privates)
    _insert(session, ProductSignal, signals)
    if navs or closes or privates or signals:
        bump_market_version(session)
    return (
        f"{len(navs)} NAVs, {len(closes)} index closes, {len(dividends)} dividends, "
        f"{len(privates)} private NAVs, {len(signals)} signals"
    )


def simulate_history(session: Session, *, end: date) -> int:
    """Build every simulated series from its start to ``end`` (the demo seed), in bulk.
    Returns the number of NAV rows written."""
    series = repository.simulated_series(session)
    if not series:
        return 0
    names = repository.index_names(session)
    calendar = get_calendar()
    sim = Simulation(series, calendar, names)
    sim.watch_signal_indexes()
    first = min(_start(dict(s.params)) for s in series)
    total = DayOutput()
    for day in calendar.trading_days(first, end):
        out = sim.run_day(day)
        total.navs += out.navs
        total.closes += out.closes
        total.dividends += out.dividends
        total.private_navs += out.private_navs
        total.signals += out.signals
    _insert(session, BenchmarkPoint, total.closes)
    _insert(session, FundNav, total.navs)
    _insert(session, FundDividend, total.dividends)
    _insert(session, PrivateNav, total.private_navs)
    _insert(session, ProductSignal, total.signals)
    set_market_date(session, end)
    bump_market_version(session)
    return len(total.navs)


# -- CSV import of real NAV history --------------------------------------------------------


class NavImportError(AppError):
    code = 61090
    error = "nav_import_invalid"
    msg = "净值文件有误：{detail}"


REQUIRED_COLUMNS = ("fund_code", "nav_date", "nav")


@dataclass(frozen=True)
class ImportResult:
    funds: list[str]
    rows: int
    first: date
    last: date


def _decimal(value: str, *, line: int, column: str, scale: int) -> Decimal:
    try:
        number = Decimal(value.strip())
    except InvalidOperation:
        raise NavImportError(detail=f"第{line}行 {column} 不是数字：{value!r}") from None
    if not number.is_finite() or number < 0:
        raise NavImportError(detail=f"第{line}行 {column} 不是有效的数值：{value!r}")
    if number != number.quantize(Decimal(1).scaleb(-scale)):
        raise NavImportError(detail=f"第{line}行 {column} 最多 {scale} 位小数：{value!r}")
    return number


def read_nav_csv(path: Path) -> list[dict[str, Any]]:
    """Rows of a NAV history file (format in docs/market-data.md): ``fund_code, nav_date, nav``
    and optionally ``acc_nav``, ``income_per_10k``, ``yield_7d``. Every problem is reported with
    its line; nothing is half-read."""
    rows: list[dict[str, Any]] = []
    seen: set[tuple[str, date]] = set()
    with path.open(newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        header = [h.strip() for h in (reader.fieldnames or [])]
        missing = [c for c in REQUIRED_COLUMNS if c not in header]
        if missing:
            raise NavImportError(detail=f"缺少列 {', '.join(missing)}")
        for line, raw in enumerate(reader, start=2):
            record = {k.strip(): (v or "").strip() for k, v in raw.items() if k}
            code = record["fund_code"]
            if not code:
                raise NavImportError(detail=f"第{line}行缺少 fund_code")
            try:
                day = date.fromisoformat(record["nav_date"])
            except ValueError:
                raise NavImportError(
                    detail=f"第{line}行 nav_date 应为 YYYY-MM-DD：{record['nav_date']!r}"
                ) from None
            if (code, day) in seen:
                raise NavImportError(detail=f"第{line}行重复：{code} {day}")
            seen.add((code, day))
            nav = _decimal(record["nav"], line=line, column="nav", scale=4)
            acc = record.get("acc_nav") or ""
            income = record.get("income_per_10k") or ""
            yld = record.get("yield_7d") or ""
            rows.append(
                {
                    "fund_code": code,
                    "nav_date": day,
                    "nav": nav,
                    "acc_nav": _decimal(acc, line=line, column="acc_nav", scale=4) if acc else nav,
                    "income_per_10k": (
                        _decimal(income, line=line, column="income_per_10k", scale=4)
                        if income
                        else None
                    ),
                    "yield_7d": (
                        _decimal(yld, line=line, column="yield_7d", scale=8) if yld else None
                    ),
                }
            )
    if not rows:
        raise NavImportError(detail="文件中没有净值数据")
    return rows


def import_navs(session: Session, *, path: Path) -> ImportResult:
    """Load a fund's real NAV history: the file's rows replace the stored ones of the same
    dates, and the fund stops being simulated (its series row is removed), so the daily
    publication never overwrites real figures. The funds must exist in the catalogue; dates
    must be trading days."""
    rows = read_nav_csv(path)
    codes = sorted({r["fund_code"] for r in rows})
    known = set(session.scalars(select(Fund.code).where(Fund.code.in_(codes))))
    unknown = [c for c in codes if c not in known]
    if unknown:
        raise NavImportError(detail=f"基金不存在：{', '.join(unknown)}")
    calendar = get_calendar()
    closed = sorted({r["nav_date"] for r in rows if not calendar.is_trading_day(r["nav_date"])})
    if closed:
        raise NavImportError(detail=f"{closed[0]} 不是交易日")
    for code in codes:
        days = [r["nav_date"] for r in rows if r["fund_code"] == code]
        session.execute(
            delete(FundNav).where(FundNav.fund_code == code, FundNav.nav_date.in_(days))
        )
    session.execute(delete(MarketSeries).where(MarketSeries.code.in_(codes)))
    session.execute(insert(FundNav), rows)
    bump_market_version(session)
    days = [r["nav_date"] for r in rows]
    return ImportResult(funds=codes, rows=len(rows), first=min(days), last=max(days))
