"""收益分析's three returns through getProfits (docs/rules.md#returns): a hand-made account,
a period running backwards, and 李明 of the demo world checked against independent figures."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.demo.seed import seed_demo
from opentamp.models.accounts import Account
from opentamp.models.auth import BrokerUser
from opentamp.models.holdings import Holding, HoldingDailyProfit
from opentamp.products import catalogue as products_catalogue
from tests.assets.conftest import World
from tests.assets.factories import make_daily_profit
from tests.factories import login
from tests.rules.test_returns import npv, xirr_by_bisection


def _returns(client: TestClient, api: str, headers: dict[str, str], **params: object) -> dict:
    res = client.get(api + "/trade/getProfits", params=params, headers=headers)
    assert res.status_code == 200, res.text
    return res.json()["data"]


def test_without_a_start_date_no_returns(client: TestClient, api: str, world: World) -> None:
    data = _returns(client, api, world.headers, financialAccountId=world.fa.id)
    assert data["returns"] is None


def test_a_period_running_backwards_is_refused(client: TestClient, api: str, world: World) -> None:
    res = client.get(
        api + "/trade/getProfits",
        params={"startDate": "2026-11-20", "endDate": "2026-11-01"},
        headers=world.headers,
    )
    assert res.status_code == 400
    assert res.json()["code"] == 72301 and res.json()["msg"] == "开始日期不能晚于结束日期"


def test_returns_of_li_ming(client: TestClient, api: str, session: Session) -> None:
    products_catalogue.clear_caches()
    seed_demo(session)
    account = session.scalars(select(Account).where(Account.name == "李明")).one()
    user = session.get(BrokerUser, account.broker_user_id)
    assert user is not None
    headers = login(session, user)
    first = session.scalar(
        select(func.min(HoldingDailyProfit.profit_date)).where(
            HoldingDailyProfit.broker_user_id == user.id
        )
    )
    assert first is not None
    data = _returns(client, api, headers, startDate=first.isoformat())
    r = data["returns"]
    # over his whole history: the end value is what his holdings are worth, the profit his
    # accumulated profit and the net paid in what the holdings record as paid in less taken out
    holdings = list(session.scalars(select(Holding).where(Holding.broker_user_id == user.id)))
    assert Decimal(r["endValue"]) == sum((h.market_value for h in holdings), Decimal(0))
    assert Decimal(r["profit"]) == Decimal(data["accumulatedProfit"])
    net = sum((h.paid_in - h.redeemed_net - h.cash_dividends for h in holdings), Decimal(0))
    assert Decimal(r["netPaidIn"]) == net
    assert abs(float(r["simpleReturn"]) - float(Decimal(r["profit"]) / net)) < 1e-6

    # a year: TWR chained by the test from the days, XIRR by bisection on the cash flows
    end = date.fromisoformat(r["endDate"])
    start = end - timedelta(days=365)
    r = _returns(client, api, headers, startDate=start.isoformat())["returns"]
    growth, prev = 1.0, float(r["startValue"])
    for d in r["days"]:
        base = prev + max(float(d["flow"]), 0.0)
        if base > 0:
            growth *= 1 + float(d["profit"]) / base
        prev = float(d["marketValue"])
    assert abs(float(r["timeWeightedReturn"]) - (growth - 1)) < 1e-6
    flows = [(date.fromisoformat(f["date"]), float(f["amount"])) for f in r["cashFlows"]]
    assert flows[0][1] < 0 and flows[-1][0] == end
    assert abs(float(r["moneyWeightedReturn"]) - xirr_by_bisection(flows)) < 1e-6
    assert abs(npv(float(r["moneyWeightedReturn"]), flows)) < 1e-3
    # the period's profit is the sum of his daily rows in it
    assert Decimal(r["profit"]) == session.scalar(
        select(func.sum(HoldingDailyProfit.profit)).where(
            HoldingDailyProfit.broker_user_id == user.id,
            HoldingDailyProfit.profit_date >= start,
            HoldingDailyProfit.profit_date <= end,
        )
    )


def test_a_hand_made_account(client: TestClient, api: str, world: World, session: Session) -> None:
    """One holding of ``fa2``: 1 000 in and +50 on 10-12, 500 more in and −31 on 10-13, so the
    TWR is 1.05 × (1 − 31 / 1 550) − 1 = 0.029; simple 19 / 1 500; another account's rows and
    the other account's holdings never count."""
    h = world.holdings["fa2-000111"]
    make_daily_profit(
        session, holding=h, day=date(2026, 10, 12), profit="50.00", market_value="1050.00"
    )
    make_daily_profit(
        session, holding=h, day=date(2026, 10, 13), profit="-31.00", market_value="1519.00"
    )
    data = _returns(
        client,
        api,
        world.headers,
        financialAccountId=world.fa2.id,
        startDate="2026-10-01",
        endDate="2026-10-31",
    )
    r = data["returns"]
    assert r["startValue"] == "0.00" and r["endValue"] == "1519.00"
    assert r["netPaidIn"] == "1500.00" and r["profit"] == "19.00"
    assert r["simpleReturn"] == str((Decimal(19) / Decimal(1500)).quantize(Decimal("1e-8")))
    assert abs(float(r["timeWeightedReturn"]) - 0.029) < 1e-9
    assert r["cashFlows"] == [
        {"date": "2026-10-12", "amount": "-1000.00"},
        {"date": "2026-10-13", "amount": "-500.00"},
        {"date": "2026-10-31", "amount": "1519.00"},
    ]
    flows = [
        (date(2026, 10, 12), -1000.0),
        (date(2026, 10, 13), -500.0),
        (date(2026, 10, 31), 1519.0),
    ]
    assert abs(float(r["moneyWeightedReturn"]) - xirr_by_bisection(flows)) < 1e-6
