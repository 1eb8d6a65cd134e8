"""The robo journey through the calls (docs/robo.md#the-browser-journey-done-when): survey →
allocations with backtests → an above-grade one authorised → confirm → deposit at the plan's
weights → settled → the robo account listed with its own figures."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.models.accounts import FinancialAccount
from opentamp.models.orders import TradeOrder
from opentamp.models.robo import RoboRiskDecision
from tests.robo.conftest import PASSWORD, RoboCalls, RoboWorld, run_day, tick


def test_new_investor_journey(session: Session, robo: RoboCalls, robo_world: RoboWorld) -> None:
    sid = robo.survey()
    submitted = robo.post("/roboServiceAccount/survey/submit", {"surveyId": sid})["data"]
    assert submitted["version"] == 3  # created 1, saved 2, submitted
    listed = robo.get("/roboServiceAccount/getRoboAssetAllocationList", surveyId=sid)["data"]
    allocations = listed["list"]
    assert 2 <= len(allocations) <= 4
    by_method = {a["method"]: a for a in allocations}
    assert "ABOVE_GRADE" in by_method
    for a in allocations:
        assert sum(Decimal(i["weight"]) for i in a["items"]) == 1
        assert a["backtest"] is not None
        assert Decimal(a["backtest"]["maxDrawdown"]) <= 0
    # C3: only the above-grade proposal holds R4 products.
    for a in allocations:
        levels = {i["riskLevel"] for i in a["items"]}
        assert (max(levels) > 3) == (a["method"] == "ABOVE_GRADE")
        assert a["exceedsGrade"] == (a["method"] == "ABOVE_GRADE")

    pid = listed["planningId"]
    version = listed["surveyVersion"]
    changed = robo.post(
        "/roboServiceAccount/changeRoboAssetAllocation",
        {"planningId": pid, "allocationId": "ABOVE_GRADE", "surveyVersion": version},
    )["data"]
    assert changed["authorizationCode"] == 0
    files = robo.files(robo_world.po.code)
    refused = robo.post(
        "/roboServiceAccount/confirmRoboInvestmentPlanning",
        {"planningId": pid, "allocationId": "ABOVE_GRADE", "surveyVersion": version,
         "fileIdList": files},
        status=400,
    )  # fmt: skip
    assert refused["code"] == 69308
    detail = robo.get("/investment/planning/riskPermission/detail", planningId=pid)["data"]
    assert detail["products"] and all(p["riskLevel"] == 4 for p in detail["products"])
    ok = robo.post("/investment/planning/riskPermission/confirm", {"planningId": pid})["data"]
    assert ok["authorizationCode"] == 1 and len(ok["history"]) == 1
    assert session.scalar(select(RoboRiskDecision).where(RoboRiskDecision.plan_id == pid))

    tick()
    confirmed = robo.post(
        "/roboServiceAccount/confirmRoboInvestmentPlanning",
        {"planningId": pid, "allocationId": "ABOVE_GRADE", "surveyVersion": version,
         "fileIdList": files},
    )["data"]  # fmt: skip
    sa_id = confirmed["serviceAccountId"]
    assert confirmed["contractStatus"] == 0
    below = robo.post(
        "/roboServiceAccount/prepareDeposit",
        {"serviceAccountId": sa_id, "amount": "999.99"},
        status=400,
    )
    assert below["code"] == 69310 and "1,000.00" in below["msg"]
    prepared = robo.post(
        "/roboServiceAccount/prepareDeposit", {"serviceAccountId": sa_id, "amount": "10000.00"}
    )["data"]
    weights = {i["fundCode"]: Decimal(i["weight"]) for i in by_method["ABOVE_GRADE"]["items"]}
    assert {i["fundCode"]: Decimal(i["weight"]) for i in prepared["items"]} == weights
    assert sum(Decimal(i["amount"]) for i in prepared["items"]) == Decimal("10000.00")

    order = robo.post(
        "/roboServiceAccount/signDeposit",
        {
            "serviceAccountId": sa_id,
            "amount": "10000.00",
            "verifyCode": robo.sms.code(robo.trader.account.phone),
            "tradePassword": PASSWORD,
            "payType": "card",
            "paymentMethodId": robo.trader.card.id,
            "tradeUUID": robo.uuid(),
        },
    )["data"]
    assert order["orderCode"] == "P02"
    parent = session.scalar(
        select(TradeOrder).where(TradeOrder.broker_order_no == order["brokerOrderNo"])
    )
    assert parent is not None
    kids = session.scalars(select(TradeOrder).where(TradeOrder.parent_id == parent.id)).all()
    amounts = {k.fund_code: k.trade_amount for k in kids}
    expected = {c: (Decimal("10000.00") * w).quantize(Decimal("0.01")) for c, w in weights.items()}
    assert sum(amounts.values()) == Decimal("10000.00")
    for code, amount in amounts.items():
        assert abs(amount - expected[code]) <= Decimal("0.01")
    fa = session.get(FinancialAccount, parent.financial_account_id)
    assert fa is not None and fa.type == "robo_service" and fa.name == "智能投顾·我的规划"

    run_day(session, robo_world.world, date(2026, 11, 2))
    run_day(session, robo_world.world, date(2026, 11, 3))
    accounts = robo.get("/roboServiceAccount/getRoboSAList")["data"]["list"]
    assert [a["serviceAccountId"] for a in accounts] == [sa_id]
    assert accounts[0]["contractStatus"] == 1
    assert Decimal(accounts[0]["holdingAsset"]) > Decimal("9000")
    fas = robo.get("/account/getFinancialAccountList", needAsset="true")["data"]
    robo_fa = [
        f for f in fas["financialAccountList"] if f["financialAccountType"] == "robo_service"
    ]
    assert len(robo_fa) == 1

    dist = robo.get(
        "/roboServiceAccount/getAssetDistribution", serviceAccountId=sa_id, showType="ALL"
    )["data"]
    assert sum(Decimal(i["amount"]) for i in dist["list"]) == Decimal(dist["total"])
    classes = robo.get(
        "/roboServiceAccount/getAssetDistribution",
        serviceAccountId=sa_id,
        showType="STOCK_AND_BOND",
    )["data"]
    assert Decimal(classes["total"]) == Decimal(dist["total"])
    assert len(classes["list"]) <= len(dist["list"])
    home = robo.get("/roboServiceAccount/homepage/component/detail", serviceAccountId=sa_id)
    assert {i["fundCode"] for i in home["data"]["allocation"]} == set(weights)
    payments = robo.get("/roboServiceAccount/getAssetPayments", serviceAccountId=sa_id)["data"]
    assert Decimal(payments["totalIn"]) == Decimal("10000.00")
    orders = robo.get("/roboServiceAccount/order/getList", serviceAccountId=sa_id)["data"]
    assert orders["total"] == 1
    one = robo.get(
        "/roboServiceAccount/order/getDetail",
        serviceAccountId=sa_id,
        brokerOrderNo=order["brokerOrderNo"],
    )["data"]
    assert len(one["childList"]) == len(weights)
