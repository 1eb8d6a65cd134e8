"""Settlement as a step of the day: twice changes nothing, a crash leaves nothing."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from opentamp import jobs
from opentamp.models.orders import TradeOrder
from opentamp.models.products import FundDividend
from opentamp.settlement import service
from tests.factories import make_fund
from tests.settlement.helpers import (
    D,
    holding,
    incomes,
    investor,
    lots_of,
    navs,
    purchase,
    redemption,
    settle,
    snapshot,
    wallet_fund,
)

MON, TUE, WED = date(2026, 11, 16), date(2026, 11, 17), date(2026, 11, 18)


def _a_busy_day(session: Session) -> None:
    """A purchase, a redemption, wallet income and a dividend, all due on Tuesday."""
    fa = investor(session)
    fund = make_fund(session)
    wallet = wallet_fund(session)
    navs(session, fund, {MON: "1.1111", TUE: "1.1200"})
    incomes(session, wallet, {TUE: "0.6000"})
    session.add(
        FundDividend(
            fund_code=fund.code, record_date=MON, ex_date=TUE, pay_date=WED,
            cash_per_share=D("0.0100"),
        )
    )  # fmt: skip
    holding(
        session, fa, wallet, lots=[(date(2026, 11, 2), "5000.00")], paid_in="5000.00",
        nav_date=MON, nav=D("1.0000"),
    )  # fmt: skip
    h = holding(session, fa, fund, lots=[(date(2026, 11, 12), "1000.00")], paid_in="1015.00")
    redemption(
        session, h, taken=[(lots_of(session, h)[0], "400.00", "0.015")], trade_date=MON,
        confirm_date=TUE, redeem_to="wallet",
    )  # fmt: skip
    purchase(
        session, investor(session), fund, amount="1000.00", fee="14.78", net="985.22",
        rate="0.015", trade_date=MON, confirm_date=TUE,
    )  # fmt: skip


def test_settling_a_day_twice_changes_nothing(session: Session) -> None:
    _a_busy_day(session)
    settle(session, TUE)
    first = snapshot(session)
    assert any(row for row in first["holding_daily_profit"])
    settle(session, TUE)
    assert snapshot(session) == first
    # Nor does settling an earlier day again.
    settle(session, MON)
    assert snapshot(session) == first


def test_a_failure_mid_day_leaves_nothing(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    _a_busy_day(session)
    before = snapshot(session)

    def boom(session: Session, m: object, day: date) -> int:
        raise RuntimeError("disk full")

    stages = list(service.STAGES)
    monkeypatch.setattr(service, "STAGES", [*stages[:4], ("boom", boom), *stages[4:]])
    with pytest.raises(RuntimeError), session.begin_nested():
        service.settle_day(session, day=TUE)
    session.expire_all()
    assert snapshot(session) == before


@pytest.fixture
def committed_session(committed: Engine) -> Iterator[Session]:
    with Session(committed, expire_on_commit=False) as session:
        yield session


def test_run_day_settles_in_one_transaction(
    committed_session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = committed_session
    _a_busy_day(session)
    session.commit()
    before = snapshot(session)
    session.rollback()

    def boom(session: Session, m: object, day: date) -> int:
        raise RuntimeError("crash after the redemptions")

    stages = list(service.STAGES)
    with monkeypatch.context() as patch:
        patch.setattr(service, "STAGES", [*stages[:4], ("boom", boom), *stages[4:]])
        with pytest.raises(RuntimeError):
            jobs.run_day(TUE)
    session.expire_all()
    assert snapshot(session) == before
    session.rollback()

    results = dict(jobs.run_day(TUE))
    assert "settlement.settle_day" in results
    session.expire_all()
    statuses = set(session.scalars(select(TradeOrder.confirm_status)))
    assert statuses == {"2"}
    after = snapshot(session)
    session.rollback()
    jobs.run_day(TUE)
    session.expire_all()
    assert snapshot(session) == after
