"""Robo fixtures: a robo strategy over five funds with two years of NAV history (deterministic
pseudo-random daily moves), a C3 investor ready to trade, and the robo calls of one investor
(reusing the advisory test calls)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from opentamp.core.calendar import get_calendar
from opentamp.models.advisory import HALF_DISCRETIONARY
from opentamp.models.products import Fund, FundNav, Portfolio
from opentamp.models.robo import RoboStrategy
from tests.advisory.conftest import (  # noqa: F401  (fixtures)
    START,
    Calls,
    World,
    adviser,
    freeze,
    run_day,
    strategy,
    tick,
)
from tests.factories import login, make_fund, make_portfolio
from tests.sms import SmsRecorder, sms  # noqa: F401  (the sms fixture)
from tests.trading.conftest import (  # noqa: F401  (fixtures)
    PASSWORD,
    Trader,
    gateway,
    make_trader,
    make_wallet_fund,
    wallet_fund,
)

HISTORY_START = date(2024, 9, 2)
#: code suffix, fund type, risk level, yearly drift, yearly volatility.
SPECS = [
    ("债券A", 2, 2, 0.03, 0.02),
    ("短债B", 9, 2, 0.02, 0.01),
    ("混合C", 3, 3, 0.06, 0.10),
    ("股票D", 1, 4, 0.10, 0.22),
    ("黄金E", 8, 4, 0.07, 0.15),
]


@dataclass
class RoboWorld:
    po: Portfolio
    funds: list[Fund]
    days: list[date]
    navs: dict[str, list[Decimal]]
    world: World


def nav_history(days: list[date], seed: int, drift: float, vol: float) -> list[Decimal]:
    rng = random.Random(seed)
    value = 1.0
    out = []
    for _d in days:
        value *= 1 + rng.gauss(drift / 252, vol / 252**0.5)
        out.append(Decimal(f"{value:.4f}"))
    return out


@pytest.fixture
def robo_world(session: Session, wallet_fund: Fund) -> RoboWorld:  # noqa: F811
    days = get_calendar().trading_days(HISTORY_START, START)
    funds, navs = [], {}
    for i, (name, fund_type, level, drift, vol) in enumerate(SPECS):
        f = make_fund(
            session,
            name=f"测试{name}",
            short_name=name,
            fund_type=fund_type,
            risk_level=level,
            min_purchase_amount=Decimal("1"),
            inception_date=HISTORY_START,
        )
        funds.append(f)
        navs[f.code] = nav_history(days, 100 + i, drift, vol)
        for d, v in zip(days, navs[f.code], strict=True):
            session.add(FundNav(fund_code=f.code, nav_date=d, nav=v, acc_nav=v))
    session.flush()
    po = make_portfolio(
        session,
        name="智能投顾测试",
        components=[(f, Decimal("0.2")) for f in funds],
        min_purchase_amount=Decimal("1000.00"),
        risk_level=4,
    )
    strategy(session, po, HALF_DISCRETIONARY, fee_upper_limit=None)
    session.add(RoboStrategy(po_code=po.code, active=True))
    session.flush()
    last = {f.code: navs[f.code][-1] for f in funds}
    last[wallet_fund.code] = Decimal("1.0000")
    w = World(po, po, [*funds, wallet_fund], last)
    return RoboWorld(po, funds, days, navs, w)


@pytest.fixture
def investor(session: Session, robo_world: RoboWorld) -> Trader:
    return make_trader(session, risk_grade5=3)


ANSWERS = {
    "goal": "WEALTH",
    "horizonMonths": 6,
    "amount": "20000.00",
    "liquidityNeed": "LOW",
    "lossTolerance": "0.20",
}


class RoboCalls(Calls):
    def survey(self, answers: dict[str, Any] | None = None) -> int:
        sid = self.post(
            "/roboServiceAccount/survey/create",
            {"surveyName": "我的规划", "surveyType": "GOAL", "capitalTag": "IDLE"},
        )["data"]["surveyId"]
        self.post(
            "/roboServiceAccount/survey/save",
            {"surveyId": sid, "answers": answers if answers is not None else ANSWERS},
        )
        return int(sid)

    def files(self, po_code: str) -> list[int]:
        detail = self.get("/serviceAccount/contract/detail", poCode=po_code)["data"]
        return [int(f["fileId"]) for f in detail["fileList"]]

    def confirm_adviser_proposal(
        self, planning_id: int, survey_version: Any, po_code: str
    ) -> tuple[int, dict[str, Any]]:
        """The adviser's proposal ``planning_id`` confirmed as the service account 稳健配置 and
        5 000.00 deposited into it by card: the account's id and the deposit order."""
        sa_id = self.post(
            "/roboServiceAccount/confirmRoboInvestmentPlanning",
            {"planningId": planning_id, "allocationId": "ADVISER", "surveyVersion": survey_version,
             "fileIdList": self.files(po_code), "roboServiceName": "稳健配置"},
        )["data"]["serviceAccountId"]  # fmt: skip
        order = self.post(
            "/roboServiceAccount/signDeposit",
            {
                "serviceAccountId": sa_id,
                "amount": "5000.00",
                "verifyCode": self.sms.code(self.trader.account.phone),
                "tradePassword": PASSWORD,
                "paymentMethodId": self.trader.card.id,
                "tradeUUID": self.uuid(),
            },
        )["data"]
        return int(sa_id), order


@pytest.fixture
def robo(
    session: Session,
    client: TestClient,
    api: str,
    investor: Trader,
    sms: SmsRecorder,  # noqa: F811
) -> RoboCalls:
    freeze("2026-11-02T10:00:00")
    return RoboCalls(session, client, api, investor, sms)


__all__ = ["PASSWORD", "RoboCalls", "RoboWorld", "login", "open_robo_account", "run_day", "tick"]


def open_robo_account(
    client: TestClient, api: str, robo: RoboCalls, robo_world: RoboWorld, headers: Any
) -> tuple[int, str]:
    """An adviser's proposal (``headers``: the adviser fixture's) confirmed and deposited: the
    service account and its deposit."""
    bond, _short, mixed, _stock, _gold = (f.code for f in robo_world.funds)
    body = {
        "brokerUserId": robo.trader.user.id,
        "proposalName": "稳健配置建议",
        "amount": "50000.00",
        "horizonMonths": 12,
        "weightList": [{"fundCode": bond, "weight": "0.6"}, {"fundCode": mixed, "weight": "0.4"}],
        "reason": "以债券打底。",
    }
    pid = client.post(f"{api}/operator/adviser/robo/proposal", json=body, headers=headers()).json()[
        "data"
    ]["planningId"]
    seen = robo.get("/investment/planning/draft/detail")["data"]
    tick()
    sa_id, order = robo.confirm_adviser_proposal(pid, seen["surveyVersion"], robo_world.po.code)
    return sa_id, str(order["brokerOrderNo"])
