"""Advisory fixtures: two advisory strategies over four funds with NAVs, an investor ready to
trade (with a default account holding wallet shares), an adviser operator, the day's pipeline
steps run in the test's session, and the advisory calls of one investor."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.advisory import adjustments, fees, transfers
from opentamp.core.calendar import get_calendar
from opentamp.kit.clock import BEIJING, ClockState, clock
from opentamp.models.accounts import FinancialAccount
from opentamp.models.advisory import (
    FULL_DISCRETIONARY,
    HALF_DISCRETIONARY,
    AdvisoryFile,
    AdvisoryStrategy,
)
from opentamp.models.holdings import Holding
from opentamp.models.platform import Broker
from opentamp.models.products import Fund, FundNav, Portfolio
from opentamp.operators.api import ADVISER, create_operator
from opentamp.settlement.service import settle_day
from tests.factories import login, make_fund, make_portfolio, make_team
from tests.sms import SmsRecorder, sms  # noqa: F401  (the sms fixture)
from tests.trading.conftest import (  # noqa: F401  (fixtures)
    PASSWORD,
    Trader,
    gateway,
    make_holding,
    make_trader,
    make_wallet_fund,
    wallet_fund,
)

OPERATOR_PASSWORD = "adviser2026pass"
START = date(2026, 10, 30)


def freeze(moment: datetime | str) -> None:
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment).replace(tzinfo=BEIJING)
    clock.override(ClockState(frozen_at=moment))


def tick() -> None:
    """A minute later (one SMS code a minute per phone and purpose)."""
    from datetime import timedelta

    from opentamp.kit.clock import now

    freeze(now() + timedelta(seconds=61))


@dataclass
class World:
    half: Portfolio
    full: Portfolio
    funds: list[Fund]
    navs: dict[str, Decimal]

    def publish(self, session: Session, day: date, moves: dict[str, str] | None = None) -> None:
        """Each fund's NAV of ``day``: the last one, times the day's move (e.g. "1.01")."""
        for f in self.funds:
            if moves and f.code in moves:
                self.navs[f.code] = (self.navs[f.code] * Decimal(moves[f.code])).quantize(
                    Decimal("0.0001")
                )
            if session.get(FundNav, (f.code, day)) is None:
                nav = self.navs[f.code]
                session.add(FundNav(fund_code=f.code, nav_date=day, nav=nav, acc_nav=nav))
        session.flush()


def strategy(session: Session, po: Portfolio, discretion: str, **terms: Any) -> None:
    session.add(
        AdvisoryStrategy(
            po_code=po.code,
            discretion_type=discretion,
            fee_ratio=Decimal(terms.pop("fee_ratio", "0.005")),
            charge_period=terms.pop("charge_period", "M"),
            **terms,
        )
    )
    session.flush()
    for name in ("基金投顾服务协议", "投顾组合策略说明书", "风险揭示书"):
        session.add(
            AdvisoryFile(po_code=po.code, version=1, name=name, file_url=f"/files/{name}.pdf")
        )
    session.flush()


@pytest.fixture
def world(session: Session, wallet_fund: Fund) -> World:  # noqa: F811
    funds = [
        make_fund(
            session, name=f"测试基金{i}", short_name=f"测试{i}", min_purchase_amount=Decimal("1")
        )
        for i in range(4)
    ]
    half = make_portfolio(
        session,
        name="省心投顾测试",
        components=[
            (funds[0], Decimal("0.5")),
            (funds[1], Decimal("0.3")),
            (funds[2], Decimal("0.2")),
        ],
        min_purchase_amount=Decimal("1000.00"),
    )
    full = make_portfolio(
        session,
        name="全委托投顾测试",
        components=[(funds[1], Decimal("0.6")), (funds[3], Decimal("0.4"))],
        min_purchase_amount=Decimal("1000.00"),
    )
    strategy(session, half, HALF_DISCRETIONARY, fee_upper_limit=None)
    strategy(session, full, FULL_DISCRETIONARY, charge_period="Q")
    w = World(half, full, [*funds, wallet_fund], {f.code: Decimal("1.0000") for f in funds})
    w.navs[wallet_fund.code] = Decimal("1.0000")
    w.publish(session, START)
    return w


@pytest.fixture
def investor(session: Session, world: World, wallet_fund: Fund) -> Trader:  # noqa: F811
    """An investor of grade C4 whose broker's team manages the world's strategies (so that
    broker's adviser may change them, docs/operators.md)."""
    t = make_trader(session, risk_grade5=4)
    team = make_team(session, broker=session.get_one(Broker, t.user.broker_id))
    world.half.team_id = world.full.team_id = team.id
    default = session.scalar(
        select(FinancialAccount).where(
            FinancialAccount.broker_user_id == t.user.id, FinancialAccount.type == "default"
        )
    )
    make_holding(session, trader=t, fund=wallet_fund, lots=[(START, "5000.00")], fa=default)
    session.flush()
    return t


def run_day(session: Session, world: World, day: date, moves: dict[str, str] | None = None) -> None:
    """The day's pipeline in the test's session: NAVs, adjustments (19), settlement (20), the
    adjustments' outcomes (39), accrual (40) and charge (41), as of 20:00 of the day."""
    world.publish(session, day, moves)
    with_clock = datetime.combine(day, time(20, 0), tzinfo=BEIJING)
    freeze(with_clock)
    transfers.move_in(session)
    adjustments.expire_and_retry(session, day)
    settle_day(session, day=day)
    adjustments.follow_orders(session, day)
    fees.accrue(session, day)
    fees.charge(session, day)
    session.flush()


def trading_days(start: date, end: date) -> list[date]:
    return get_calendar().trading_days(start, end)


def holdings_of(session: Session, fa_id: int, po_code: str) -> dict[str, Holding]:
    rows = session.scalars(
        select(Holding).where(
            Holding.financial_account_id == fa_id,
            Holding.portfolio_code == po_code,
            Holding.shares > 0,
        )
    ).all()
    return {h.fund_code: h for h in rows}


class Calls:
    """The advisory calls of one signed-in investor."""

    def __init__(
        self,
        session: Session,
        client: TestClient,
        base: str,
        investor: Trader,
        sms: SmsRecorder,  # noqa: F811
    ) -> None:
        self.session, self.client, self.base, self.trader = session, client, base, investor
        self.sms = sms
        self._n = 0

    @property
    def headers(self) -> dict[str, str]:
        """A token of the test clock's day (days pass in a journey)."""
        return login(self.session, self.trader.user)

    def uuid(self) -> str:
        self._n += 1
        return f"a-{self.trader.user.id}-{self._n}"

    def post(self, path: str, body: dict[str, Any], *, status: int = 200) -> dict[str, Any]:
        res = self.client.post(f"{self.base}{path}", json=body, headers=self.headers)
        assert res.status_code == status, res.text
        return dict(res.json())

    def get(self, path: str, *, status: int = 200, **params: Any) -> dict[str, Any]:
        res = self.client.get(f"{self.base}{path}", params=params, headers=self.headers)
        assert res.status_code == status, res.text
        return dict(res.json())

    def sign(self, po_code: str) -> int:
        """contract/detail → sign → the SMS code → signStepTwo; the serviceAccountId."""
        detail = self.get("/serviceAccount/contract/detail", poCode=po_code)["data"]
        files = [f["fileId"] for f in detail["fileList"]]
        tick()
        sa_id = self.post(
            "/serviceAccount/contract/sign", {"poCode": po_code, "fileIdList": files}
        )["data"]["serviceAccountId"]
        code = self.sms.code(self.trader.account.phone)
        two = self.post(
            "/serviceAccount/contract/signStepTwo", {"serviceAccountId": sa_id, "verifyCode": code}
        )
        assert two["data"]["contractStatus"] == 1
        return int(sa_id)

    def deposit(self, sa_id: int, amount: str, *, status: int = 200) -> dict[str, Any]:
        tick()
        self.post("/serviceAccount/depositVerifyCode", {"serviceAccountId": sa_id})
        return self.post(
            "/serviceAccount/deposit",
            {
                "serviceAccountId": sa_id,
                "amount": amount,
                "payType": "card",
                "paymentMethodId": self.trader.card.id,
                "tradePassword": PASSWORD,
                "verifyCode": self.sms.code(self.trader.account.phone),
                "tradeUUID": self.uuid(),
            },
            status=status,
        )


@pytest.fixture
def calls(
    session: Session,
    client: TestClient,
    api: str,
    investor: Trader,
    sms: SmsRecorder,  # noqa: F811
) -> Calls:
    return Calls(session, client, api, investor, sms)


@pytest.fixture
def adviser(
    session: Session, client: TestClient, api: str, investor: Trader
) -> Callable[[], dict[str, str]]:
    """Signs the adviser operator in (at the test clock's time); their bearer headers."""
    create_operator(
        session,
        broker_id=investor.user.broker_id,
        login="tougu",
        display_name="陈静",
        password=OPERATOR_PASSWORD,
        roles=[ADVISER],
    )
    body = {"brokerId": investor.user.broker_id, "login": "tougu", "password": OPERATOR_PASSWORD}

    def sign_in() -> dict[str, str]:
        answer = client.post(f"{api}/operator/auth/login", json=body).json()
        return {"Authorization": f"Bearer {answer['data']['accessToken']}"}

    return sign_in


@pytest.fixture(autouse=True)
def _clock() -> Iterator[None]:
    freeze("2026-11-02 10:00")
    yield
