"""Paths of docs/advisory.md through the calls: an unpaid fee paid by selling from the account
(payAdvisorFee) and by card (/adviser/buy with a feeId), cancelUnSign, the transfer of outside
holdings (preview, confirm, cancel), the deposit-invest plans into a service account, and the
adviser's proposals (draft, submit, withdraw)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from decimal import Decimal

from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from opentamp.models.advisory import (
    FEE_FAIL,
    AdvisoryAdjustment,
    AdvisoryFee,
    AdvisoryTransfer,
    ServiceAccount,
)
from opentamp.models.orders import ADVISER_FEE, PAY_CARD, PO_CANCELLED, TradeOrder
from opentamp.plans.execution import execute_due
from tests.advisory.conftest import (
    PASSWORD,
    Calls,
    World,
    freeze,
    holdings_of,
    run_day,
    trading_days,
)
from tests.trading.conftest import make_holding, make_trader


def funded(session: Session, calls: Calls, world: World, amount: str = "20000.00") -> int:
    """A signed HALF_DISCRETIONARY account holding ``amount`` after settlement (11-04 10:00)."""
    sa = calls.sign(world.half.code)
    calls.deposit(sa, amount)
    run_day(session, world, date(2026, 11, 2))
    run_day(session, world, date(2026, 11, 3))
    freeze("2026-11-04 10:00")
    return sa


def debt(session: Session, calls: Calls, sa: int, amount: str) -> int:
    fee = AdvisoryFee(
        service_account_id=sa,
        broker_user_id=calls.trader.user.id,
        source="MANUAL",
        amount=Decimal(amount),
        status=FEE_FAIL,
    )
    session.add(fee)
    session.flush()
    return fee.id


def test_fee_paid_by_selling_from_the_account(session: Session, calls: Calls, world: World) -> None:
    sa = funded(session, calls, world)
    fa = session.get(ServiceAccount, sa)
    assert fa is not None and fa.financial_account_id is not None
    before = sum(
        h.shares for h in holdings_of(session, fa.financial_account_id, world.half.code).values()
    )
    fee_id = debt(session, calls, sa, "50.00")
    assert calls.get("/adviser/targetDebtList", serviceAccountId=sa)["data"]["totalDebt"] == "50.00"
    body = {"feeId": fee_id, "tradePassword": PASSWORD, "tradeUUID": calls.uuid()}
    paying = calls.post("/serviceAccount/advisor/payAdvisorFee", body)["data"]
    assert paying["feeStatus"] == "P" and paying["brokerOrderNo"] is None
    fee = session.get(AdvisoryFee, fee_id)
    assert fee is not None and fee.sale_order_id is not None
    sale = session.get(TradeOrder, fee.sale_order_id)
    assert sale is not None and sale.financial_account_id == fa.financial_account_id
    # asked again while the sale runs: the same answer, no second sale
    again = calls.post("/serviceAccount/advisor/payAdvisorFee",
                       {**body, "tradeUUID": calls.uuid()})["data"]  # fmt: skip
    assert again == paying
    assert session.scalars(
        select(TradeOrder).where(TradeOrder.parent_id.is_(None),
                                 TradeOrder.financial_account_id == fa.financial_account_id,
                                 TradeOrder.order_code != "P02")
    ).all() == [sale]  # fmt: skip
    for day in (date(2026, 11, 4), date(2026, 11, 5), date(2026, 11, 6)):
        run_day(session, world, day)
    session.refresh(fee)
    assert fee.status == "S" and fee.order_id is not None
    w12 = session.get(TradeOrder, fee.order_id)
    assert (
        w12 is not None and w12.order_code == ADVISER_FEE and w12.trade_amount == Decimal("50.00")
    )
    after = sum(
        h.shares for h in holdings_of(session, fa.financial_account_id, world.half.code).values()
    )
    assert after < before
    status = calls.get("/adviser/queryPayStatus", feeId=fee_id)["data"]
    assert status == {"feeId": fee_id, "feeStatus": "S", "brokerOrderNo": w12.broker_order_no}
    assert calls.get("/adviser/targetDebtList", serviceAccountId=sa)["data"]["debtList"] == []


def test_fee_payments_check_the_trade_password_themselves(
    session: Session, calls: Calls, world: World
) -> None:
    """payAdvisorFee and payAdvisorFeeByWallet check the trade password before anything else,
    with the lockout of every trade write: a wrong one answers 62002 and counts, no fee is paid,
    no sale placed; five in a row lock the password (62003), the right one then included."""
    sa = funded(session, calls, world)
    fee_id = debt(session, calls, sa, "50.00")
    account = calls.trader.account
    n = session.scalar(select(func.count()).select_from(TradeOrder))
    for left, path in ((4, "payAdvisorFee"), (3, "payAdvisorFeeByWallet")):
        wrong = calls.post(f"/serviceAccount/advisor/{path}",
                           {"feeId": fee_id, "tradePassword": "246801",
                            "tradeUUID": calls.uuid()}, status=400)  # fmt: skip
        assert (wrong["code"], wrong["msg"]) == (62002, f"交易密码错误，还可尝试{left}次")
        session.refresh(account)
        assert account.trade_password_failures == 5 - left
        fee = session.get(AdvisoryFee, fee_id)
        assert fee is not None and fee.status == FEE_FAIL and fee.sale_order_id is None
        assert session.scalar(select(func.count()).select_from(TradeOrder)) == n
    # the sale is placed with the right password; asked again with a wrong one: no answer of
    # the payment, the count goes on
    body = {"feeId": fee_id, "tradePassword": PASSWORD, "tradeUUID": calls.uuid()}
    assert calls.post("/serviceAccount/advisor/payAdvisorFee", body)["data"]["feeStatus"] == "P"
    session.refresh(account)
    assert account.trade_password_failures == 0
    for left in (4, 3, 2, 1):
        wrong = calls.post("/serviceAccount/advisor/payAdvisorFee",
                           {**body, "tradePassword": "246801", "tradeUUID": calls.uuid()},
                           status=400)  # fmt: skip
        assert wrong["msg"] == f"交易密码错误，还可尝试{left}次" and wrong["data"] is None
    locked = calls.post("/serviceAccount/advisor/payAdvisorFee",
                        {**body, "tradePassword": "246801", "tradeUUID": calls.uuid()},
                        status=400)  # fmt: skip
    assert locked["code"] == 62003
    refused = calls.post("/serviceAccount/advisor/payAdvisorFee",
                         {**body, "tradeUUID": calls.uuid()}, status=400)  # fmt: skip
    assert refused["code"] == 62003 and refused["msg"].startswith("交易密码错误次数过多，已锁定")
    fee = session.get(AdvisoryFee, fee_id)
    assert fee is not None and fee.status == "P"
    assert session.scalar(select(func.count()).select_from(TradeOrder)) > n


def test_a_fee_paid_twice_answers_the_first_payment(
    session: Session, calls: Calls, world: World
) -> None:
    sa = funded(session, calls, world)
    fee_id = debt(session, calls, sa, "8.88")
    body = {"feeId": fee_id, "tradePassword": PASSWORD}
    first = calls.post("/serviceAccount/advisor/payAdvisorFeeByWallet",
                       {**body, "tradeUUID": calls.uuid()})["data"]  # fmt: skip
    assert first["feeStatus"] == "S" and first["brokerOrderNo"]
    for path in ("payAdvisorFeeByWallet", "payAdvisorFee"):
        again = calls.post(f"/serviceAccount/advisor/{path}",
                           {**body, "tradeUUID": calls.uuid()})["data"]  # fmt: skip
        assert again == first
    w12s = session.scalars(select(TradeOrder).where(TradeOrder.order_code == ADVISER_FEE)).all()
    assert [o.broker_order_no for o in w12s] == [first["brokerOrderNo"]]
    assert w12s[0].trade_amount == Decimal("8.88")


def test_fee_paid_by_card(session: Session, calls: Calls, world: World, client: TestClient,
                          api: str) -> None:  # fmt: skip
    sa = calls.sign(world.half.code)
    fee_id = debt(session, calls, sa, "12.34")
    body = {"feeId": fee_id, "paymentMethodId": calls.trader.card.id,
            "tradePassword": PASSWORD, "tradeUUID": calls.uuid()}  # fmt: skip
    # another user's fee: 404, nothing written
    other = make_trader(session)
    res = client.post(f"{api}/adviser/buy", json={**body, "paymentMethodId": other.card.id},
                      headers=other.headers)  # fmt: skip
    assert res.status_code == 404, res.text
    wrong = calls.post("/adviser/buy", {**body, "tradePassword": "999999"}, status=400)
    assert wrong["msg"]
    assert session.get(AdvisoryFee, fee_id).status == FEE_FAIL  # type: ignore[union-attr]
    paid = calls.post("/adviser/buy", body)["data"]
    assert paid["feeId"] == fee_id and paid["feeStatus"] == "S" and paid["brokerOrderNo"]
    order = session.scalar(
        select(TradeOrder).where(TradeOrder.broker_order_no == paid["brokerOrderNo"])
    )
    assert order is not None
    assert order.order_code == ADVISER_FEE and order.pay_method == PAY_CARD
    assert (
        order.trade_amount == Decimal("12.34") and order.payment_method_id == calls.trader.card.id
    )
    # the same request again, and a new one: the first payment's answer, one W12
    assert calls.post("/adviser/buy", body)["data"] == paid
    assert calls.post("/adviser/buy", {**body, "tradeUUID": calls.uuid()})["data"] == paid
    w12s = session.scalars(select(TradeOrder).where(TradeOrder.order_code == ADVISER_FEE)).all()
    assert len(w12s) == 1
    assert calls.get("/adviser/targetDebtList")["data"]["totalDebt"] == "0"


def test_cancel_unsign(session: Session, calls: Calls, world: World) -> None:
    sa = funded(session, calls, world)
    write = {"serviceAccountId": sa, "tradePassword": PASSWORD}
    refused = calls.post("/serviceAccount/contract/cancelUnSign",
                         {**write, "tradeUUID": calls.uuid()}, status=400)  # fmt: skip
    assert refused["msg"]
    out = calls.post("/serviceAccount/contract/unsign", {**write, "tradeUUID": calls.uuid()})[
        "data"
    ]
    assert out["contractStatus"] == 2 and out["brokerOrderNo"]
    back = calls.post("/serviceAccount/contract/cancelUnSign",
                      {**write, "tradeUUID": calls.uuid()})["data"]  # fmt: skip
    assert back == {"serviceAccountId": sa, "contractStatus": 1}
    order = session.scalar(
        select(TradeOrder).where(TradeOrder.broker_order_no == out["brokerOrderNo"])
    )
    assert order is not None and order.confirm_status == PO_CANCELLED
    # the account is in force again: its holdings stay after the pipeline
    run_day(session, world, date(2026, 11, 4))
    run_day(session, world, date(2026, 11, 5))
    account = session.get(ServiceAccount, sa)
    assert account is not None and account.contract_status == 1
    assert account.financial_account_id is not None
    assert holdings_of(session, account.financial_account_id, world.half.code)
    # after the sale's cut-off it can no longer be cancelled
    freeze("2026-11-06 10:00")
    calls.post("/serviceAccount/contract/unsign", {**write, "tradeUUID": calls.uuid()})
    freeze("2026-11-06 15:30")
    late = calls.post("/serviceAccount/contract/cancelUnSign",
                      {**write, "tradeUUID": calls.uuid()}, status=400)  # fmt: skip
    assert late["msg"]
    session.refresh(account)
    assert account.contract_status == 2
    # another user's account: 404
    other = make_trader(session)
    stranger = Calls(session, calls.client, calls.base, other, calls.sms)
    stranger.post("/serviceAccount/contract/cancelUnSign",
                  {**write, "tradeUUID": stranger.uuid()}, status=404)  # fmt: skip


def test_transfer_in(session: Session, calls: Calls, world: World) -> None:
    sa = calls.sign(world.half.code)
    f0, f3 = world.funds[0], world.funds[3]
    default = calls.trader.fa
    make_holding(session, trader=calls.trader, fund=f0, lots=[(date(2026, 10, 1), "800.00")],
                 fa=default)  # fmt: skip
    make_holding(session, trader=calls.trader, fund=f3, lots=[(date(2026, 10, 1), "300.00")],
                 fa=default)  # fmt: skip
    items = calls.get("/serviceAccount/transfer/preview", serviceAccountId=sa)["data"]["itemList"]
    assert [(i["fundCode"], i["shares"]) for i in items] == [
        (f0.code, "800.00")
    ]  # f3 is not a component
    body = {"serviceAccountId": sa, "tradePassword": PASSWORD,
            "itemList": [{"financialAccountId": default.id, "fundCode": f0.code}]}  # fmt: skip
    # a fund outside the strategy, and an empty list, are refused
    calls.post("/serviceAccount/transfer/confirm",
               {**body, "itemList": [{"financialAccountId": default.id, "fundCode": f3.code}]},
               status=404)  # fmt: skip
    assert calls.post("/serviceAccount/transfer/confirm", {**body, "itemList": []},
                      status=400)["msg"]  # fmt: skip
    first = calls.post("/serviceAccount/transfer/confirm", body)["data"]
    assert first["status"] == "APPLYING"
    # cancelled before the pipeline: nothing moves
    closed = calls.post("/serviceAccount/transfer/cancel", {"transferId": first["transferId"]})
    assert closed["data"] == {"transferId": first["transferId"], "status": "CLOSED"}
    again = calls.post("/serviceAccount/transfer/cancel", {"transferId": first["transferId"]},
                       status=400)  # fmt: skip
    assert again["msg"]
    second = calls.post("/serviceAccount/transfer/confirm", body)["data"]
    other = make_trader(session)
    stranger = Calls(session, calls.client, calls.base, other, calls.sms)
    stranger.post("/serviceAccount/transfer/cancel", {"transferId": second["transferId"]},
                  status=404)  # fmt: skip
    stranger.get("/serviceAccount/transfer/preview", serviceAccountId=sa, status=404)
    run_day(session, world, date(2026, 11, 2))
    t = session.get(AdvisoryTransfer, second["transferId"])
    assert t is not None and t.status == "COMPLETE" and t.done_at is not None
    account = session.get(ServiceAccount, sa)
    assert account is not None and account.financial_account_id is not None
    moved = holdings_of(session, account.financial_account_id, world.half.code)
    assert moved[f0.code].shares == Decimal("800.00")
    assert (
        calls.get("/serviceAccount/transfer/preview", serviceAccountId=sa)["data"]["itemList"] == []
    )


def test_deposit_invest_plan(session: Session, calls: Calls, world: World) -> None:
    sa = calls.sign(world.half.code)
    param = calls.get("/serviceAccount/depositInvestPlan/param", serviceAccountId=sa)["data"]
    assert param["poCode"] == world.half.code and param["minAmount"] == "1000.00"
    body = {"serviceAccountId": sa, "amount": "1500.00", "periodUnit": 1, "periodDay": 3,
            "payType": "card", "paymentMethodId": calls.trader.card.id,
            "tradePassword": PASSWORD, "riskConfirmed": True,
            "tradeUUID": calls.uuid()}  # fmt: skip
    plan = calls.post("/serviceAccount/depositInvestPlan/create", body)["data"]
    plan_id = plan["investPlanId"]
    account = session.get(ServiceAccount, sa)
    assert account is not None
    assert plan["financialAccountId"] == account.financial_account_id
    detail = calls.get("/serviceAccount/depositInvestPlan/detail", investPlanId=plan_id)["data"]
    assert detail["investPlanId"] == plan_id and detail["productCode"] == world.half.code
    act = {"investPlanId": plan_id, "tradePassword": PASSWORD}
    paused = calls.post(
        "/serviceAccount/depositInvestPlan/pause", {**act, "tradeUUID": calls.uuid()}
    )
    resumed = calls.post(
        "/serviceAccount/depositInvestPlan/resume", {**act, "tradeUUID": calls.uuid()}
    )
    assert (plan["status"], paused["data"]["status"], resumed["data"]["status"]) == ("A", "P", "A")
    page = calls.get("/serviceAccount/depositInvestPlan/executions", investPlanId=plan_id)["data"]
    assert page["total"] == 0
    updated = calls.post(
        "/serviceAccount/depositInvestPlan/update",
        {**act, "amount": "2000.00", "tradeUUID": calls.uuid()},
    )["data"]
    assert updated["amount"] == "2000.00"
    # its day comes: the plan buys the strategy into the service account
    due = date.fromisoformat(updated["nextDate"])
    for day in trading_days(date(2026, 11, 2), due):
        world.publish(session, day)
    freeze(f"{due.isoformat()} 09:00")
    execute_due(session, due)
    for day in trading_days(due, due + timedelta(days=4))[:3]:
        run_day(session, world, day)
    page = calls.get("/serviceAccount/depositInvestPlan/executions", investPlanId=plan_id)["data"]
    assert page["total"] == 1 and page["list"][0]["status"] == "SUCCESS"
    assert account.financial_account_id is not None
    held = holdings_of(session, account.financial_account_id, world.half.code)
    assert set(held) == {f.code for f in world.funds[:3]}
    assert sum((h.paid_in for h in held.values()), Decimal(0)) == Decimal("2000.00")
    freeze(f"{(due + timedelta(days=7)).isoformat()} 10:00")
    # another user's plan and account: 404
    other = make_trader(session)
    stranger = Calls(session, calls.client, calls.base, other, calls.sms)
    stranger.get("/serviceAccount/depositInvestPlan/detail", investPlanId=plan_id, status=404)
    stranger.post("/serviceAccount/depositInvestPlan/pause", {**act, "tradeUUID": "x"}, status=404)
    stranger.post("/serviceAccount/depositInvestPlan/create",
                  {**body, "paymentMethodId": other.card.id}, status=404)  # fmt: skip
    # an unpaid fee blocks a new plan
    debt(session, calls, sa, "3.00")
    blocked = calls.post("/serviceAccount/depositInvestPlan/create",
                         {**body, "tradeUUID": calls.uuid()}, status=400)  # fmt: skip
    assert blocked["msg"]
    ended = calls.post("/serviceAccount/depositInvestPlan/terminate",
                       {**act, "tradeUUID": calls.uuid()})["data"]  # fmt: skip
    assert ended["status"] == "T"


def test_adviser_proposals(
    session: Session,
    calls: Calls,
    world: World,
    client: TestClient,
    api: str,
    adviser: Callable[[], dict[str, str]],
) -> None:
    sa = funded(session, calls, world, "5000.00")
    headers = adviser()
    f0, f1 = world.funds[0].code, world.funds[1].code

    def op(path: str, body: dict[str, object], status: int = 200) -> dict[str, object]:
        res = client.post(f"{api}/operator/adviser/proposal/{path}", json=body, headers=headers)
        assert res.status_code == status, res.text
        return dict(res.json())

    weights = [{"fundCode": f0, "weight": "0.5"}, {"fundCode": f1, "weight": "0.5"}]
    bad = op("draft", {"serviceAccountId": sa, "weightList": [{"fundCode": f0, "weight": "0.4"}]},
             status=400)  # fmt: skip
    assert bad["msg"]
    draft = op("draft", {"serviceAccountId": sa, "weightList": weights, "reason": "定制"})["data"]
    assert isinstance(draft, dict) and draft["status"] == "DRAFT"
    adj_id = draft["adjustmentId"]
    # a draft is not shown to the customer
    tags = {t["serviceAccountId"]: t["tagList"] for t in calls.get("/adviser/getUserTag")["data"]}
    assert tags[sa] == []
    submitted = op("submit", {"adjustmentId": adj_id})["data"]
    assert isinstance(submitted, dict) and submitted["status"] == "CUSTOMER_UNCONFIRMED"
    assert op("submit", {"adjustmentId": adj_id}, status=400)["msg"]
    tags = {t["serviceAccountId"]: t["tagList"] for t in calls.get("/adviser/getUserTag")["data"]}
    assert tags[sa] == ["ADJUSTMENT_UNCONFIRMED"]
    seen = calls.get("/serviceAccount/adjustment/detail", adjustmentId=adj_id)["data"]
    assert {i["fundCode"]: i["weightAfter"] for i in seen["itemList"]}[f0] == "0.5"
    withdrawn = op("withdraw", {"adjustmentId": adj_id})["data"]
    assert isinstance(withdrawn, dict) and withdrawn["status"] == "WITHDRAWN"
    assert op("withdraw", {"adjustmentId": adj_id}, status=400)["msg"]
    confirm = calls.post(
        "/serviceAccount/adjustment/confirm",
        {"adjustmentId": adj_id, "tradePassword": PASSWORD, "tradeUUID": calls.uuid()},
        status=400,
    )
    assert confirm["msg"]
    adj = session.get(AdvisoryAdjustment, adj_id)
    assert adj is not None and adj.status == "WITHDRAWN"
    assert op("submit", {"adjustmentId": 99_999_999}, status=404)
    assert op("draft", {"serviceAccountId": 99_999_999, "weightList": weights}, status=404)


def test_every_write_counts_a_wrong_trade_password(
    session: Session,
    client: TestClient,
    api: str,
    calls: Calls,
    world: World,
    adviser: Callable[[], dict[str, str]],
) -> None:
    """Each advisory write with a trade password counts a wrong one toward the lockout, on
    either database (the count is not undone with the write's own savepoint): the tries left
    go down by one at each call, whichever call it is."""
    sa = funded(session, calls, world)
    f = [x.code for x in world.funds]
    client.post(
        f"{api}/operator/adviser/model/publish",
        json={"poCode": world.half.code,
              "weightList": [{"fundCode": f[0], "weight": "0.6"},
                             {"fundCode": f[1], "weight": "0.4"}]},
        headers=adviser(),
    )  # fmt: skip
    adj = session.scalar(
        select(AdvisoryAdjustment).where(AdvisoryAdjustment.service_account_id == sa)
    )
    assert adj is not None
    wrong = {"tradePassword": "246801"}
    tries: list[tuple[str, dict[str, object]]] = [
        ("/serviceAccount/deposit", {"serviceAccountId": sa, "amount": "1000.00",
                                     "paymentMethodId": calls.trader.card.id,
                                     "verifyCode": "123456"}),
        ("/serviceAccount/withdraw", {"serviceAccountId": sa, "ratio": "0.5"}),
        ("/serviceAccount/adjustment/confirm", {"adjustmentId": adj.id}),
        ("/serviceAccount/contract/unsign", {"serviceAccountId": sa}),
    ]  # fmt: skip
    for left, (path, body) in zip((4, 3, 2, 1), tries, strict=True):
        res = calls.post(path, {**body, **wrong, "tradeUUID": calls.uuid()}, status=400)
        assert (res["code"], res["msg"]) == (62002, f"交易密码错误，还可尝试{left}次"), path
    # cancelUnSign: the unsign placed with the right password (the count starts again)
    out = calls.post("/serviceAccount/contract/unsign",
                     {"serviceAccountId": sa, "tradePassword": PASSWORD,
                      "tradeUUID": calls.uuid()})["data"]  # fmt: skip
    assert out["contractStatus"] == 2
    for left in (4, 3):
        res = calls.post("/serviceAccount/contract/cancelUnSign",
                         {"serviceAccountId": sa, **wrong, "tradeUUID": calls.uuid()},
                         status=400)  # fmt: skip
        assert (res["code"], res["msg"]) == (62002, f"交易密码错误，还可尝试{left}次")
    account = session.get(ServiceAccount, sa)
    assert account is not None and account.contract_status == 2


def test_a_repeated_deposit_needs_the_trade_password_too(
    session: Session, calls: Calls, world: World
) -> None:
    sa = calls.sign(world.half.code)
    first = calls.deposit(sa, "2000.00")["data"]
    uuid = f"a-{calls.trader.user.id}-{calls._n}"  # the deposit's tradeUUID (Calls.uuid)
    body = {"serviceAccountId": sa, "amount": "2000.00", "payType": "card",
            "paymentMethodId": calls.trader.card.id,
            "verifyCode": calls.sms.code(calls.trader.account.phone),
            "tradeUUID": uuid}  # fmt: skip
    wrong = calls.post("/serviceAccount/deposit", {**body, "tradePassword": "246801"}, status=400)
    assert (wrong["code"], wrong["data"]) == (62002, None)
    again = calls.post("/serviceAccount/deposit", {**body, "tradePassword": PASSWORD})["data"]
    assert again["brokerOrderNo"] == first["brokerOrderNo"]
