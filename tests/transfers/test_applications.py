"""Applications through their states in the daily pipeline, the holdings they leave with the
customer's cost (docs/transfers.md#states, #on-complete), and the checks on who asks."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.models.holdings import Holding
from opentamp.models.orders import TradeOrder
from opentamp.models.products import STATUS_STOP_TRADE, Fund
from opentamp.settlement.service import settle_day
from opentamp.transfers.api import advance
from tests.factories import add_navs, make_financial_account
from tests.operators.test_operators import make_operator
from tests.trading.conftest import Api, Trader, make_trader
from tests.transfers.conftest import MON, THU, TUE, WED

pytestmark = pytest.mark.usefixtures("monday")


def day(session: Session, when: date) -> dict[str, int]:
    settle_day(session, day=when)
    return advance(session, when)


def submit(me: Api, *, status: int = 200, **fields: Any) -> dict[str, Any]:
    body = {
        "financialAccountId": me.trader.fa.id,
        "source": "image",
        "sourcePlatform": "天天基金",
        "items": [
            {"fundCode": "005827", "shares": "1000.00", "cost": "1800.00"},
            {"fundCode": "161725", "shares": "3000.00", "cost": "3150.80"},
        ],
        **fields,
    }
    return me.post("/transfer/external/submit", body, status=status)


def test_states_day_by_day_and_holdings_with_the_given_cost(
    me: Api, session: Session, funds: tuple[Fund, Fund]
) -> None:
    app = submit(me)["data"]
    assert app["status"] == "APPLYING" and app["tradeDate"] == "2026-11-23"
    assert app["totalCost"] == "4950.80"
    assert [i["confirmStatus"] for i in app["items"]] == ["0", "0"]
    app_id = app["applicationId"]

    def status() -> str:
        return str(me.get("/transfer/external/list", applicationId=app_id)["data"][0]["status"])

    assert day(session, MON)["ready"] == 1 and status() == "READY"
    assert day(session, TUE)["transfer_in"] == 1 and status() == "TRANSFER_IN"
    assert session.scalars(select(Holding)).all() == []
    assert day(session, WED)["complete"] == 1 and status() == "COMPLETE"

    blue, liquor = (
        session.scalars(select(Holding).where(Holding.fund_code == code)).one()
        for code in ("005827", "161725")
    )
    # 1 000 shares at Wednesday's 2.1000: 2 100.00 against a cost of 1 800.00.
    assert (blue.shares, blue.cost, blue.market_value) == (
        Decimal("1000.00"),
        Decimal("1800.00"),
        Decimal("2100.00"),
    )
    assert blue.holding_profit == Decimal("300.00") == blue.accumulated_profit
    assert blue.previous_profit == Decimal("0.00")
    # 3 000 shares at 1.0500: 3 150.00 against 3 150.80, a loss of 0.80.
    assert liquor.holding_profit == Decimal("-0.80") == liquor.accumulated_profit
    assert blue.financial_account_id == me.trader.fa.id

    # Thursday the holdings move like any other: 2.2000 → 2 200.00, the day's profit 100.00.
    day(session, THU)
    session.refresh(blue)
    assert blue.market_value == Decimal("2200.00")
    assert blue.previous_profit == Decimal("100.00") and blue.accumulated_profit == Decimal("400")
    assert day(session, THU) == {"ready": 0, "transfer_in": 0, "ta_error": 0, "complete": 0}

    orders = session.scalars(select(TradeOrder).where(TradeOrder.order_code == "127")).all()
    assert {(o.confirm_status, o.confirmed_shares, o.confirmed_at) for o in orders} == {
        ("2", Decimal("1000.00"), WED),
        ("2", Decimal("3000.00"), WED),
    }
    listed = me.get("/trade/getAllOrders", financialAccountId=me.trader.fa.id)["data"]
    rows = listed["content"]
    transfer_rows = [r for r in rows if r["orderCode"] == "127"]
    assert len(transfer_rows) == 2 and all(r["isTransfer"] for r in transfer_rows)
    detail = me.get("/transfer/external/list", brokerOrderNo=transfer_rows[0]["brokerOrderNo"])[
        "data"
    ][0]
    assert detail["applicationId"] == app_id


def test_transfer_adds_to_a_fund_already_held(
    me: Api, session: Session, funds: tuple[Fund, Fund]
) -> None:
    submit(me, items=[{"fundCode": "005827", "shares": "100.00", "cost": "150.00"}])
    for when in (MON, TUE, WED):
        day(session, when)
    fri, mon = date(2026, 11, 27), date(2026, 11, 30)
    add_navs(session, funds[0], {fri: "2.3000", mon: "2.4000"})
    submit(me, items=[{"fundCode": "005827", "shares": "50.00", "cost": "120.00"}])
    for when in (THU, fri, mon):
        day(session, when)
    holding = session.scalars(select(Holding)).one()
    assert (holding.shares, holding.cost, holding.paid_in) == (
        Decimal("150.00"),
        Decimal("270.00"),
        Decimal("270.00"),
    )
    # 150 shares at 2.4000 = 360.00; the day's profit is the first 100 shares' move from
    # Friday's 2.3000 (10.00), the 50 shares brought in add 0.
    assert holding.market_value == Decimal("360.00")
    assert holding.accumulated_profit == Decimal("90.00")
    assert holding.previous_profit == Decimal("10.00")


def test_fund_stopped_trading_ends_in_ta_error(
    me: Api, session: Session, funds: tuple[Fund, Fund]
) -> None:
    app_id = submit(me)["data"]["applicationId"]
    day(session, MON)
    funds[1].status = STATUS_STOP_TRADE
    day(session, TUE)
    app = me.get("/transfer/external/list", applicationId=app_id)["data"][0]
    assert app["status"] == "TA_ERROR"
    assert app["failReason"] == "招商中证白酒指数暂停交易，登记机构未能办理转入"
    assert [i["confirmStatus"] for i in app["items"]] == ["1", "1"]
    day(session, WED)
    assert session.scalars(select(Holding)).all() == []


def test_cancel_while_applying_only(me: Api, session: Session, funds: tuple[Fund, Fund]) -> None:
    first = submit(me)["data"]["applicationId"]
    closed = me.post("/transfer/external/cancel", {"applicationId": first})["data"]
    assert closed["status"] == "CLOSED"
    assert [i["confirmStatus"] for i in closed["items"]] == ["9", "9"]
    second = submit(me)["data"]["applicationId"]
    day(session, MON)
    refused = me.post("/transfer/external/cancel", {"applicationId": second}, status=400)
    assert refused["code"] == 71212
    day(session, TUE)
    day(session, WED)
    assert len(session.scalars(select(Holding)).all()) == 2  # the second one only


def test_submit_refuses_unknown_fund_and_duplicates(
    me: Api, session: Session, funds: tuple[Fund, Fund]
) -> None:
    unknown = submit(me, items=[{"fundCode": "999999", "shares": "1", "cost": "1"}], status=400)
    assert (unknown["code"], unknown["msg"]) == (71209, "第1行：未找到基金999999")
    twice = [{"fundCode": "005827", "shares": "1", "cost": "1"}] * 2
    dup = submit(me, items=twice, status=400)
    assert dup["msg"] == "第2行：易方达蓝筹精选混合重复，请合并为一行"
    assert submit(me, items=[], status=400)["code"] == 71208
    bad_shares = submit(me, items=[{"fundCode": "005827", "shares": "-1", "cost": "1"}], status=400)
    assert bad_shares["code"] != 0
    assert me.get("/transfer/external/list")["data"] == []


def test_a_service_account_takes_no_transfer_in(
    me: Api, session: Session, funds: tuple[Fund, Fund]
) -> None:
    """A service account (投顾账户) holds its strategy only: outside holdings are refused there
    as a purchase is (60115), nothing stored; its own 持仓转入 is the advisory flow."""
    for kind in ("service", "robo_service"):
        fa = make_financial_account(session, account=me.trader.account, name=kind, type=kind)
        res = submit(me, financialAccountId=fa.id, status=400)
        assert res["code"] == 60115
        assert res["msg"] == "投顾账户仅可通过投顾服务存入，请选择其他理财账户"
    assert me.get("/transfer/external/list")["data"] == []


def test_another_users_application_is_not_found(
    me: Api, session: Session, client: TestClient, api: str, funds: tuple[Fund, Fund]
) -> None:
    app_id = submit(me)["data"]["applicationId"]
    other = Api(client, api, make_trader(session))
    assert other.get("/transfer/external/list", applicationId=app_id, status=404)["code"] == 71201
    assert other.post("/transfer/external/cancel", {"applicationId": app_id}, status=404)
    res = client.get(
        f"{api}/transfer/external/formExport",
        params={"applicationId": app_id},
        headers=other.trader.headers,
    )
    assert res.status_code == 404
    rows = [{"profitDate": "2026-11-20", "profit": "1.00"}]
    other.post("/transfer/uploadProfits", {"applicationId": app_id, "rows": rows}, status=404)
    assert other.get("/transfer/external/list")["data"] == []
    # Nor into another user's financial account.
    theirs = submit(other, financialAccountId=me.trader.fa.id, status=404)
    assert theirs["code"] == 71210
    assert me.get("/transfer/external/list", applicationId=app_id)["data"][0]["status"] == (
        "APPLYING"
    )


def test_profit_history_preview_and_upload(
    me: Api, session: Session, funds: tuple[Fund, Fund]
) -> None:
    csv = "日期,收益\n2026-11-19,12.30\n2026/11/20,-4.10\nbad,line\n".encode()
    res = me.client.post(
        f"{me.base}/transfer/preProcessProfits",
        files={"file": ("p.csv", csv)},
        headers=me.trader.headers,
    )
    preview = res.json()["data"]
    assert preview["total"] == "8.20" and preview["rejected"] == ["bad,line"]
    app_id = submit(me)["data"]["applicationId"]
    rows = [{"profitDate": r["profitDate"], "profit": r["profit"]} for r in preview["rows"]]
    app = me.post("/transfer/uploadProfits", {"applicationId": app_id, "rows": rows})["data"]
    assert (app["profitDays"], app["profitTotal"]) == (2, "8.20")
    late = [{"profitDate": "2026-11-23", "profit": "1.00"}]
    refused = me.post(
        "/transfer/uploadProfits", {"applicationId": app_id, "rows": late}, status=400
    )
    assert refused["msg"] == "收益记录有误：2026-11-23在转入之后"


def test_aip_and_portfolio_restore(
    me: Api, session: Session, funds: tuple[Fund, Fund], trader: Trader
) -> None:
    from tests.factories import make_portfolio

    po = make_portfolio(session, components=[(funds[0], "0.5"), (funds[1], "0.5")])
    app_id = submit(me)["data"]["applicationId"]
    early = me.post("/transfer/poRestore", {"applicationId": app_id, "poCode": po.code}, status=400)
    assert early["msg"] == "转入完成后才能恢复组合"
    for when in (MON, TUE, WED):
        day(session, when)
    aip = me.get("/transfer/aip")["data"]
    assert [(a["fundCode"], a["canPlan"]) for a in aip] == [("005827", True), ("161725", True)]
    done = me.post("/transfer/poRestore", {"applicationId": app_id, "poCode": po.code})["data"]
    assert sorted(done["fundCodes"]) == ["005827", "161725"]
    assert {h.portfolio_code for h in session.scalars(select(Holding))} == {po.code}


def test_offline_adviser_relation(me: Api, session: Session) -> None:
    from opentamp.models.platform import Broker

    broker = session.get(Broker, me.trader.user.broker_id)
    assert broker is not None
    make_operator(session, broker, "laowang", "adviser")
    assert me.get("/offline/transfer/relation/get")["data"]["bound"] is False
    missing = me.post("/offline/transfer/relation/bind", {"inviteCode": "nobody"}, status=404)
    assert missing["code"] == 71215
    bound = me.post(
        "/offline/transfer/relation/bind", {"inviteCode": "laowang", "shopName": "国贸店"}
    )["data"]
    assert (bound["bound"], bound["adviserName"], bound["shopName"]) == (
        True,
        "laowang的名字",
        "国贸店",
    )
    assert me.get("/offline/transfer/relation/get")["data"]["inviteCode"] == "laowang"
