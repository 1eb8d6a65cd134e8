"""Market publication (docs/architecture.md#the-daily-pipeline, docs/rules.md#profit): the day's
figures, idempotent, equal to the seed's;
the 更新中 status; real NAV history from CSV."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from opentamp import jobs
from opentamp.cli import app as cli
from opentamp.kit.clock import BEIJING, frozen
from opentamp.market import service
from opentamp.models.catalogue import BenchmarkIndex, BenchmarkPoint, MarketSeries, ProductSignal
from opentamp.models.products import FundDividend, FundNav
from tests.factories import make_fund, make_portfolio

D = Decimal


def simulated(session: Session) -> None:
    """An index, a stock fund, a money-market fund and a signal product, simulated from
    2026-10-08."""
    session.add(BenchmarkIndex(code="TIDX", name="测试指数", category="equity"))
    session.add(
        MarketSeries(
            code="TIDX",
            kind="index",
            params={"start": "2026-10-08", "base": "1000.0000", "exposures": {"CN_EQ": "1"}},
        )
    )
    stock = make_fund(session, code="910001", fund_type=1)
    money = make_fund(session, code="910002", fund_type=4)
    session.add(
        MarketSeries(
            code=stock.code,
            kind="fund",
            params={"start": "2026-10-08", "exposures": {"CN_EQ": "0.9"}, "idio": "0.1"},
        )
    )
    session.add(
        MarketSeries(
            code=money.code,
            kind="fund",
            params={"start": "2026-10-08", "model": "money", "base_yield": "0.02"},
        )
    )
    po = make_portfolio(session, components=[(stock, D("1"))], code="SI910001", kind="signal")
    session.add(
        MarketSeries(
            code=po.code,
            kind="signal",
            params={"start": "2026-10-09", "index_code": "TIDX", "interval": 5},
        )
    )
    session.flush()


def navs(session: Session, code: str) -> dict[date, tuple[Decimal, Decimal | None]]:
    rows = session.execute(
        select(FundNav.nav_date, FundNav.nav, FundNav.yield_7d).where(FundNav.fund_code == code)
    )
    return {d: (n, y) for d, n, y in rows}


def test_publication_equals_the_seed_and_is_idempotent(session: Session) -> None:
    simulated(session)
    service.simulate_history(session, end=date(2026, 11, 19))
    assert service.publish_day(session, day=date(2026, 11, 20)).startswith("2 NAVs, 1 index")
    published = navs(session, "910001")
    again = service.publish_day(session, day=date(2026, 11, 20))
    assert again.startswith("0 NAVs, 0 index closes")
    assert navs(session, "910001") == published

    # the same world built in one go up to 11-20
    for model in (FundNav, BenchmarkPoint, ProductSignal, FundDividend):
        session.query(model).delete()
    service.simulate_history(session, end=date(2026, 11, 20))
    assert navs(session, "910001") == published
    mm = navs(session, "910002")
    assert all(nav == D("1.0000") for nav, _y in mm.values())
    assert mm[date(2026, 11, 20)][1] is not None  # a 7-day yield every day
    assert service.market_version(session) >= 1


def test_a_fund_starts_at_its_initial_nav_and_trading_days_only(session: Session) -> None:
    simulated(session)
    service.simulate_history(session, end=date(2026, 10, 16))
    rows = navs(session, "910001")
    assert min(rows) == date(2026, 10, 8) and rows[date(2026, 10, 8)][0] == D("1.0000")
    assert sorted(rows) == [date(2026, 10, d) for d in (8, 9, 12, 13, 14, 15, 16)]


def test_signals_every_interval(session: Session) -> None:
    simulated(session)
    service.simulate_history(session, end=date(2026, 10, 30))
    dates = list(
        session.scalars(
            select(ProductSignal.sig_date)
            .where(ProductSignal.product_code == "SI910001")
            .order_by(ProductSignal.sig_date)
        )
    )
    # from 10-09, then every 5 trading days: 10-16, 10-23, 10-30
    assert dates == [date(2026, 10, 9), date(2026, 10, 16), date(2026, 10, 23), date(2026, 10, 30)]
    assert service.publish_day(session, day=date(2026, 11, 2)).endswith("0 signals")
    assert service.publish_day(session, day=date(2026, 11, 6)).endswith("1 signals")


class TestPublicationStatus:
    def test_updating_after_the_close_until_published(self, session: Session) -> None:
        service.set_market_date(session, date(2026, 11, 19))
        at = lambda h, m: datetime(2026, 11, 20, h, m, tzinfo=BEIJING)  # noqa: E731
        status = service.publication_status(session, at(14, 59))
        assert status.latest_nav_date == date(2026, 11, 19) and not status.is_updating
        assert service.publication_status(session, at(15, 0)).is_updating
        service.set_market_date(session, date(2026, 11, 20))
        assert not service.publication_status(session, at(21, 0)).is_updating

    def test_not_updating_on_a_closed_day(self, session: Session) -> None:
        service.set_market_date(session, date(2026, 11, 20))
        saturday = datetime(2026, 11, 21, 16, 0, tzinfo=BEIJING)
        assert not service.publication_status(session, saturday).is_updating


def test_the_daily_pipeline_publishes(committed: Engine) -> None:
    with Session(committed) as s:
        simulated(s)
        service.simulate_history(s, end=date(2026, 11, 19))
        s.commit()
    names = [step.name for step in jobs.steps()]
    # publication first, then the strategies' periods, before any settlement step (≥ 20)
    assert names.index("market.publish_navs") < names.index("products.strategy_periods")
    results = dict(jobs.run_day(date(2026, 11, 20)))
    assert results["market.publish_navs"].startswith("2 NAVs")
    with Session(committed) as s:
        assert date(2026, 11, 20) in navs(s, "910001")
        assert jobs.market_date(s) == date(2026, 11, 20)


# -- CSV import ---------------------------------------------------------------------------


SAMPLE = (
    "fund_code,nav_date,nav,acc_nav\n"
    "910003,2026-11-18,1.0100,1.2100\n"
    "910003,2026-11-19,1.0200,1.2200\n"
)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "navs.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_import_replaces_and_stops_the_simulation(session: Session, tmp_path: Path) -> None:
    fund = make_fund(session, code="910003")
    session.add(MarketSeries(code=fund.code, kind="fund", params={"start": "2026-11-02"}))
    session.add(
        FundNav(fund_code=fund.code, nav_date=date(2026, 11, 18), nav=D("1.5"), acc_nav=D("1.5"))
    )
    session.flush()
    result = service.import_navs(session, path=write(tmp_path, SAMPLE))
    assert (result.funds, result.rows) == (["910003"], 2)
    assert (result.first, result.last) == (date(2026, 11, 18), date(2026, 11, 19))
    rows = navs(session, "910003")
    assert rows[date(2026, 11, 18)][0] == D("1.0100")
    assert session.get(MarketSeries, "910003") is None  # never overwritten by publication
    acc = session.scalar(
        select(FundNav.acc_nav).where(
            FundNav.fund_code == "910003", FundNav.nav_date == date(2026, 11, 19)
        )
    )
    assert acc == D("1.2200")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("code,date,nav\n1,2,3\n", "缺少列 fund_code, nav_date"),
        ("fund_code,nav_date,nav\n910003,2026-13-01,1\n", "第2行 nav_date 应为 YYYY-MM-DD"),
        ("fund_code,nav_date,nav\n910003,2026-11-18,abc\n", "第2行 nav 不是数字"),
        ("fund_code,nav_date,nav\n910003,2026-11-18,1.00001\n", "第2行 nav 最多 4 位小数"),
        ("fund_code,nav_date,nav\n910003,2026-11-18,-1\n", "第2行 nav 不是有效的数值"),
        ("fund_code,nav_date,nav\n910003,2026-11-18,1\n910003,2026-11-18,1\n", "第3行重复"),
        ("fund_code,nav_date,nav\n999999,2026-11-18,1\n", "基金不存在：999999"),
        ("fund_code,nav_date,nav\n910003,2026-11-21,1\n", "2026-11-21 不是交易日"),
        ("fund_code,nav_date,nav\n", "文件中没有净值数据"),
    ],
)
def test_import_refuses_bad_files_whole(
    session: Session, tmp_path: Path, text: str, message: str
) -> None:
    make_fund(session, code="910003")
    before = session.scalar(select(func.count()).select_from(FundNav))
    with pytest.raises(service.NavImportError) as err:
        service.import_navs(session, path=write(tmp_path, text))
    assert message in err.value.message
    assert err.value.code == 61090
    assert session.scalar(select(func.count()).select_from(FundNav)) == before


def test_cli_market_import(committed: Engine, tmp_path: Path) -> None:
    with Session(committed) as s:
        make_fund(s, code="910003")
        s.commit()
    runner = CliRunner()
    ok = runner.invoke(cli, ["market", "import", str(write(tmp_path, SAMPLE))])
    assert ok.exit_code == 0, ok.output
    assert "910003" in ok.output and "2 rows" in ok.output
    bad = runner.invoke(cli, ["market", "import", str(write(tmp_path, "fund_code,nav_date,nav\n"))])
    assert bad.exit_code != 0 and "文件中没有净值数据" in bad.output


def test_the_sample_file_in_docs_imports(session: Session) -> None:
    sample = Path(__file__).resolve().parents[2] / "docs" / "market-data-sample.csv"
    make_fund(session, code="004101")
    with frozen(datetime(2026, 11, 22, 10, 0)):
        result = service.import_navs(session, path=sample)
    assert result.funds == ["004101"] and result.rows >= 5
