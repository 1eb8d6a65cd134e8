"""Target strategies end to end on the server (docs/targets.md): a reservation priced on the
build's first day, a position moving RESERVE → BUILD_RESERVE → RUN with the daily steps, the
target reached and the strategy sold to the wallet, the holder's target setting and its bad
input."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING
from opentamp.models.catalogue import StrategyInfo, StrategyPhase
from opentamp.models.holdings import Holding
from opentamp.models.orders import TradeOrder
from opentamp.models.products import Fund, Portfolio
from opentamp.models.targets import TargetHolding
from opentamp.settlement.service import settle_day
from opentamp.targets.api import move_phases, stop_profit
from tests.factories import add_navs, make_fund, make_portfolio
from tests.plans.conftest import freeze
from tests.trading.conftest import PASSWORD, Trader, make_trader

D = Decimal
MON, TUE, WED, THU, FRI = (date(2026, 11, d) for d in (23, 24, 25, 26, 27))
MON2, TUE2, WED2 = date(2026, 11, 30), date(2026, 12, 1), date(2026, 12, 2)


def _at(day: date, hour: int) -> datetime:
    return datetime(day.year, day.month, day.day, hour, tzinfo=BEIJING)


def make_strategy(session: Session, *, buy_mode: str = "RESERVE") -> tuple[Portfolio, Fund, Fund]:
    a, b = make_fund(session, purchase_rate=None), make_fund(session, purchase_rate=None)
    for f in (a, b):
        add_navs(session, f, {d: "1.0000" for d in (date(2026, 11, 20), MON, TUE, WED, THU, FRI)})
    po = make_portfolio(
        session, components=[(a, D("0.6")), (b, D("0.4"))], code=f"CL{a.code}", kind="strategy"
    )
    session.add(StrategyInfo(code=po.code, target_return=D("0.05"), buy_mode=buy_mode))
    session.flush()
    build = "BUILD_RESERVE" if buy_mode == "RESERVE" else "BUILD"
    for phase, begin, end in (
        ("RESERVE", _at(MON, 9), _at(WED, 9)),
        (build, _at(WED, 9), _at(FRI, 9)),
        ("RUN", _at(FRI, 9), None),
    ):
        session.add(
            StrategyPhase(strategy_code=po.code, period_no=1, phase_type=phase,
                          begin_time=begin, end_time=end, target_value=D("0.05"))
        )  # fmt: skip
    session.flush()
    return po, a, b


class Calls:
    def __init__(self, client: TestClient, base: str, trader: Trader) -> None:
        self.client, self.base, self.trader, self.n = client, base, trader, 0

    def get(self, path: str, status: int = 200, **params: Any) -> dict[str, Any]:
        res = self.client.get(f"{self.base}{path}", params=params, headers=self.trader.headers)
        assert res.status_code == status, res.text
        return dict(res.json())

    def post(self, path: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
        res = self.client.post(f"{self.base}{path}", json=body, headers=self.trader.headers)
        assert res.status_code == status, res.text
        return dict(res.json())

    def buy(self, code: str, amount: str, status: int = 200) -> dict[str, Any]:
        self.n += 1
        return self.post(
            "/trade/buyPo",
            {"financialAccountId": self.trader.fa.id, "poCode": code, "amount": amount,
             "payType": "card", "paymentMethodId": self.trader.card.id,
             "tradePassword": PASSWORD, "tradeUUID": f"t-{self.trader.user.id}-{self.n}"},
            status,
        )  # fmt: skip


@pytest.fixture
def calls(client: TestClient, api: str, trader: Trader) -> Calls:
    return Calls(client, api, trader)


def position(session: Session) -> TargetHolding:
    session.expire_all()
    (p,) = session.scalars(select(TargetHolding)).all()
    return p


def run_day(session: Session, day: date) -> None:
    """The pipeline's steps this feature takes part in, in their order (16, 20, 26)."""
    move_phases(session, day)
    settle_day(session, day=day)
    stop_profit(session, day)


def test_a_reservation_builds_runs_and_stops_profit_into_the_wallet(
    session: Session, calls: Calls, wallet_fund: Fund
) -> None:
    po, a, b = make_strategy(session)
    freeze("2026-11-23 10:00")
    order = calls.buy(po.code, "1000.00")["data"]
    parent = session.scalars(
        select(TradeOrder).where(TradeOrder.broker_order_no == order["brokerOrderNo"])
    ).one()
    # Reserved on Monday, priced on the build phase's first day (Wednesday), confirmed Thursday.
    assert parent.trade_date == WED and parent.ext_meta_info == {"strategyPeriodNo": 1}
    asset = calls.get("/account/getAccountSeriesStrategyAsset")["data"]
    (s,) = [x for x in asset["strategies"] if x["strategyCode"] == po.code]
    assert s["currentPhase"] == "RESERVE" and s["onSale"] is True
    (p,) = s["positions"]
    assert (p["phase"], p["phaseName"], p["amount"]) == ("RESERVE", "预约期", "1000.00")

    run_day(session, TUE)
    assert position(session).phase == "RESERVE"
    run_day(session, WED)
    assert position(session).phase == "BUILD_RESERVE"
    run_day(session, THU)  # the purchase is confirmed at 1.0000: 600.00 + 400.00 shares
    run_day(session, FRI)
    assert position(session).phase == "RUN"
    value = sum(h.market_value for h in session.scalars(select(Holding).where(
        Holding.portfolio_code == po.code)))  # fmt: skip
    assert value == D("1000.00")

    # Monday: a +4 % day is not enough; Tuesday +6 % on the cost of 1 000.00 reaches 5 %.
    add_navs(session, a, {MON2: "1.0400", TUE2: "1.0600", WED2: "1.0600"})
    add_navs(session, b, {MON2: "1.0400", TUE2: "1.0600", WED2: "1.0600"})
    run_day(session, MON2)
    assert position(session).phase == "RUN"
    run_day(session, TUE2)
    p2 = position(session)
    assert (p2.phase, p2.reached_date, p2.realised_rate) == ("REACHED", TUE2, D("0.06"))
    sale = session.get(TradeOrder, p2.stop_order_id)
    assert sale is not None and (sale.order_code, sale.redeem_to) == ("P03", "wallet")
    assert sale.trade_date == WED2  # placed at 20:00, after the cut-off
    # all of it: the part the screens show (卖出比例), the parent having no shares of its own
    assert sale.ext_meta_info["ratio"] == "1" and sale.trade_share == D("0.00")
    run_day(session, WED2)
    assert position(session).phase == "STOP_PROFIT"
    for f in (a, b):
        add_navs(session, f, {date(2026, 12, 3): "1.0600", date(2026, 12, 4): "1.0600"})
    run_day(session, date(2026, 12, 3))  # the sale is confirmed (settlement, order 20)
    assert position(session).phase == "STOP_PROFIT"
    run_day(session, date(2026, 12, 4))
    assert position(session).phase == "END"
    session.refresh(sale)
    # 1 060.00 gross at 1.0600; the lots were held 6 days (11-26 to 12-02): 1.5 %, 15.90.
    assert (sale.confirm_status, sale.confirmed_amount, sale.fee) == (
        "P2",
        D("1060.00"),
        D("15.90"),
    )
    wallet = session.scalars(select(Holding).where(Holding.fund_code == wallet_fund.code)).one()
    assert wallet.shares == D("1044.10")
    # A second run of the days changes nothing.
    assert stop_profit(session, TUE2) == 0


def test_target_setting_and_its_bad_input(session: Session, calls: Calls) -> None:
    po, _, _ = make_strategy(session)
    freeze("2026-11-23 10:00")
    fa = calls.trader.fa.id
    calls.get("/asset/targetSetting", 404, strategyCode=po.code, financialAccountId=fa)
    calls.buy(po.code, "1000.00")
    got = calls.get("/asset/targetSetting", strategyCode=po.code, financialAccountId=fa)["data"]
    assert (got["targetRate"], got["targetAction"], got["editable"]) == ("0.0500", "redeem", True)
    assert (got["minTargetRate"], got["maxTargetRate"]) == ("0.0200", "0.3000")
    for rate in ("0.01", "0.31"):
        res = calls.post("/asset/targetSetting", {"strategyCode": po.code,
                         "financialAccountId": fa, "targetRate": rate}, 400)  # fmt: skip
        assert (res["code"], res["msg"]) == (68202, "目标收益率需在2%至30%之间")
    res = calls.post("/asset/targetSetting", {"strategyCode": po.code, "financialAccountId": fa,
                     "targetRate": "0.08005"}, 400)  # fmt: skip
    assert res["code"] == 68202
    assert position(session).target_rate == D("0.05")
    done = calls.post("/asset/targetSetting", {"strategyCode": po.code, "financialAccountId": fa,
                      "targetRate": "0.08", "targetAction": "keepOn"})["data"]  # fmt: skip
    assert (done["targetRate"], done["targetAction"]) == ("0.0800", "keepOn")
    # Another user's financial account answers 404, and writes nothing.
    other = make_trader(session)
    res = calls.post("/asset/targetSetting", {"strategyCode": po.code,
                     "financialAccountId": other.fa.id, "targetRate": "0.1"}, 404)  # fmt: skip
    calls.trader = other
    calls.get("/asset/targetSetting", 404, strategyCode=po.code, financialAccountId=fa)
    assert position(session).target_rate == D("0.08")


def test_the_purchase_screen_reads_a_strategy_by_its_code(session: Session, calls: Calls) -> None:
    """The purchase screen of a CL strategy (/allot?productType=strategy) reads its trade dates
    and its risk verdict: the reservation's dates are the build phase's, and neither read
    answers 404 (a 404 sends the screen to the missing-page error)."""
    po, _, _ = make_strategy(session)
    freeze("2026-11-23 10:00")
    dates = calls.get("/trade/getTradeDate", productCode=po.code)["data"]
    assert (dates["tradeDate"], dates["confirmDate"]) == ("2026-11-25", "2026-11-26")
    verdict = calls.get("/trade/judgeRisk", productCode=po.code, productType="strategy")["data"]
    assert (verdict["productCode"], verdict["productRiskLevel"]) == (po.code, po.risk_level)
    freeze("2026-11-27 10:00")  # off sale: the ordinary dates, the purchase refuses
    dates = calls.get("/trade/getTradeDate", productCode=po.code)["data"]
    assert dates["tradeDate"] == "2026-11-27"
    res = calls.get("/trade/judgeRisk", 404, productCode="CL404404", productType="strategy")
    assert res["msg"] == "产品不存在"


def test_a_strategy_in_its_run_phase_does_not_sell(session: Session, calls: Calls) -> None:
    po, _, _ = make_strategy(session)
    freeze("2026-11-27 10:00")
    res = calls.buy(po.code, "1000.00", 400)
    assert (res["code"], res["msg"]) == (68210, "本期目标策略已停止认购，请等待下一期预约开放")
    assert session.scalars(select(TradeOrder)).all() == []


def test_keep_on_at_the_periods_end_takes_the_adjusted_target(
    session: Session, calls: Calls
) -> None:
    po, a, b = make_strategy(session, buy_mode="IMMEDIATE")
    freeze("2026-11-25 10:00")
    calls.buy(po.code, "1000.00")
    for day in (WED, THU, FRI):
        run_day(session, day)
    p = position(session)
    assert p.phase == "RUN"
    p.target_action = "keepOn"
    # The period ends unreached on Tuesday (the strategy ran its longest).
    run = session.scalars(select(StrategyPhase).where(StrategyPhase.phase_type == "RUN")).one()
    run.end_time = _at(TUE2, 15)
    session.add(StrategyPhase(strategy_code=po.code, period_no=1, phase_type="END",
                              begin_time=_at(TUE2, 15), end_time=None))  # fmt: skip
    add_navs(session, a, {MON2: "1.0200", TUE2: "1.0200"})
    add_navs(session, b, {MON2: "1.0200", TUE2: "1.0200"})
    run_day(session, MON2)
    run_day(session, TUE2)
    p = position(session)
    # Realised 2 % of a 5 % target: (1.05 / 1.02) − 1 = 2.94117647 % from the value 1 020.00.
    assert (p.phase, p.round, p.realised_rate) == ("RUN", 2, D("0.02"))
    assert p.target_rate == D("0.02941176")
    assert p.base_value == D("1020.00") and p.stop_order_id is None
