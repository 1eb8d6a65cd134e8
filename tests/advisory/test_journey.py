"""The advisory journey of docs/advisory.md, through the calls: sign a HALF_DISCRETIONARY
strategy with the SMS code, deposit 20 000.00, see the holdings at the model's weights after
settlement; the adviser publishes a model change; the customer confirms it and after the
market moves the holdings follow the new weights within the rebalancing tolerance; a month of
accruals is charged as their sum; unsign ends the contract with the money in the wallet. A
FULL_DISCRETIONARY account is adjusted without being asked."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.kit.money import ROUND_HALF_UP
from opentamp.models.advisory import AdvisoryFee, AdvisoryFeeAccrual, ServiceAccount
from opentamp.models.holdings import Holding
from opentamp.models.products import WALLET_FUND_CODE
from tests.advisory.conftest import (
    PASSWORD,
    Calls,
    World,
    freeze,
    holdings_of,
    run_day,
    trading_days,
)

TOLERANCE = Decimal("0.005")


def cents(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def weights(held: dict[str, Holding]) -> dict[str, Decimal]:
    total = sum((h.shares * h.nav for h in held.values() if h.nav), Decimal(0))
    return {code: h.shares * (h.nav or 0) / total for code, h in held.items()}


def test_the_journey(
    session: Session,
    client: TestClient,
    api: str,
    world: World,
    calls: Calls,
    adviser: Callable[[], dict[str, str]],
) -> None:
    f0, f1, f2, f3 = (f.code for f in world.funds[:4])
    # -- sign: nothing can be deposited before the SMS step ------------------------------------
    pending = calls.post(
        "/serviceAccount/contract/sign",
        {
            "poCode": world.half.code,
            "fileIdList": [
                f["fileId"]
                for f in calls.get("/adviser/sign", poCode=world.half.code)["data"]["fileList"]
            ],
        },
    )["data"]
    assert pending["contractStatus"] == 0
    refused = calls.post(
        "/serviceAccount/depositVerifyCode", {"serviceAccountId": pending["serviceAccountId"]},
        status=400,
    )  # fmt: skip
    assert refused["code"] == 69003
    wrong = calls.post(
        "/serviceAccount/contract/signStepTwo",
        {"serviceAccountId": pending["serviceAccountId"], "verifyCode": "000000"},
        status=400,
    )
    assert wrong["code"] in (50108, 50109)
    half = calls.sign(world.half.code)  # a new sign supersedes the unconfirmed one
    full = calls.sign(world.full.code)
    info = calls.get("/serviceAccount/getAccountInfo", serviceAccountId=half)["data"]
    assert info["contractStatus"] == 1 and info["discretionType"] == "HALF_DISCRETIONARY"
    fa_half = info["financialAccountId"]
    fa_full = calls.get("/serviceAccount/getAccountInfo", serviceAccountId=full)["data"][
        "financialAccountId"
    ]
    listed = calls.get("/account/getFinancialAccountList", needAsset="true")["data"]
    service = {a["financialAccountId"]: a for a in listed["financialAccountList"]}
    assert service[fa_half]["financialAccountType"] == "service"
    assert service[fa_half]["serviceAccountInfo"]["contractStatus"] == 1

    # -- deposit 20 000.00: one child per component by the model's weights -----------------------
    order = calls.deposit(half, "20000.00")["data"]
    assert order["orderCode"] == "P02"
    calls.deposit(full, "10000.00")
    run_day(session, world, date(2026, 11, 2))
    run_day(session, world, date(2026, 11, 3), {f0: "1.01", f1: "0.99"})
    held = holdings_of(session, fa_half, world.half.code)
    # 外扣法 at 1.5 %: net = amount / 1.015, shares = net / NAV_T (1.0000 on 11-02)
    for code, amount in ((f0, "10000.00"), (f1, "6000.00"), (f2, "4000.00")):
        assert held[code].shares == cents(Decimal(amount) / Decimal("1.015"))
    values = {f0: cents(held[f0].shares * Decimal("1.0100")),
              f1: cents(held[f1].shares * Decimal("0.9900")),
              f2: cents(held[f2].shares * Decimal("1.0000"))}  # fmt: skip
    total = sum(values.values(), Decimal(0))
    listed_holdings = calls.get("/serviceAccount/fund/holdings", serviceAccountId=half)["data"]
    assert Decimal(listed_holdings["totalAsset"]) == total
    for item in listed_holdings["holdingList"]:
        assert Decimal(item["marketValue"]) == values[item["fundCode"]]
        assert Decimal(item["weight"]) == round(values[item["fundCode"]] / total, 4)

    # -- the adviser changes both models ---------------------------------------------------------
    freeze("2026-11-04 09:30")
    adviser_headers = adviser()
    new_half = [{"fundCode": f0, "weight": "0.3"}, {"fundCode": f1, "weight": "0.3"},
                {"fundCode": f3, "weight": "0.4"}]  # fmt: skip
    published = client.post(
        f"{api}/operator/adviser/model/publish",
        json={"poCode": world.half.code, "weightList": new_half, "reason": "降低单一基金集中度"},
        headers=adviser_headers,
    ).json()
    assert published["code"] == 0, published
    published = published["data"]
    assert published["adjustmentCount"] == 1 and published["executedCount"] == 0
    client.post(
        f"{api}/operator/adviser/model/publish",
        json={"poCode": world.full.code,
              "weightList": [{"fundCode": f1, "weight": "0.5"}, {"fundCode": f3, "weight": "0.5"}]},
        headers=adviser_headers,
    )  # fmt: skip
    # FULL_DISCRETIONARY: executed without asking
    full_adj = calls.get("/serviceAccount/getAccountInfo", serviceAccountId=full)["data"][
        "adjustmentInProcess"
    ]
    assert full_adj["status"] == "ORDER_IN_PROCESS"
    tags = {t["serviceAccountId"]: t["tagList"] for t in calls.get("/adviser/getUserTag")["data"]}
    assert tags[half] == ["ADJUSTMENT_UNCONFIRMED"] and tags[full] == []
    listed = calls.get("/account/getFinancialAccountList")["data"]["financialAccountList"]
    waiting = next(a for a in listed if a["financialAccountId"] == fa_half)
    adj_id = waiting["serviceAccountInfo"]["adjustmentInProcess"]["adjustmentId"]
    assert waiting["serviceAccountInfo"]["adjustmentInProcess"]["status"] == "CUSTOMER_UNCONFIRMED"

    freeze("2026-11-04 10:00")
    detail = calls.get("/serviceAccount/adjustment/detail", adjustmentId=adj_id)["data"]
    assert {i["fundCode"]: i["weightAfter"] for i in detail["itemList"]} == {
        f0: "0.3",
        f1: "0.3",
        f3: "0.4",
        f2: "0",
    }
    confirmed = calls.post(
        "/serviceAccount/adjustment/confirm",
        {"adjustmentId": adj_id, "tradePassword": PASSWORD, "tradeUUID": calls.uuid()},
    )["data"]
    assert confirmed["status"] == "ORDER_IN_PROCESS" and confirmed["brokerOrderNo"]
    assert [h["toStatus"] for h in confirmed["historyList"]] == [
        "CUSTOMER_UNCONFIRMED",
        "UNCOMMITTED",
        "ORDER_IN_PROCESS",
    ]

    # -- the market moves; the rebalance settles --------------------------------------------------
    for day in trading_days(date(2026, 11, 4), date(2026, 11, 9)):
        run_day(session, world, day, {f3: "1.002", f0: "0.999"})
    done = calls.get("/serviceAccount/adjustment/detail", adjustmentId=adj_id)["data"]
    assert done["status"] == "DONE"
    held = holdings_of(session, fa_half, world.half.code)
    assert set(held) == {f0, f1, f3}
    target = {f0: Decimal("0.3"), f1: Decimal("0.3"), f3: Decimal("0.4")}
    for code, weight in weights(held).items():
        assert abs(weight - target[code]) <= TOLERANCE, (code, weight)
    full_sa = session.get(ServiceAccount, full)
    assert full_sa is not None
    assert set(holdings_of(session, fa_full, world.full.code)) == {f1, f3}

    # -- a month of accruals is charged as their sum --------------------------------------------
    expected: list[Decimal] = []
    days = trading_days(date(2026, 11, 10), date(2026, 11, 30))
    previous = date(2026, 11, 9)
    # the accruals up to 11-09, as the test reads the assets of each day
    for acc in session.scalars(
        select(AdvisoryFeeAccrual).where(AdvisoryFeeAccrual.service_account_id == half)
    ).all():
        expected.append(cents(acc.assets * Decimal("0.005") * acc.days / 365))
        assert acc.amount == expected[-1]
    for day in days:
        run_day(session, world, day, {f0: "1.001"})
        held = holdings_of(session, fa_half, world.half.code)
        assets = sum((h.market_value for h in held.values()), Decimal(0))
        expected.append(cents(assets * Decimal("0.005") * (day - previous).days / 365))
        previous = day
    freeze("2026-12-01 09:00")
    assert Decimal(
        calls.get("/standard/adviser/accFee", serviceAccountId=half)["data"]["accruedFee"]
    ) == sum(expected, Decimal(0))
    run_day(session, world, date(2026, 12, 1))
    fee_page = calls.get("/adviser/feeList", serviceAccountId=half)["data"]
    period = fee_page["list"][0]
    assert period["source"] == "PERIOD" and period["feeStatus"] == "S"
    assert Decimal(period["feeAmount"]) == sum(expected, Decimal(0))
    assert period["periodStart"] == "2026-11-01" and period["periodEnd"] == "2026-11-30"
    # paying it again answers the first payment
    again = calls.post(
        "/serviceAccount/advisor/payAdvisorFeeByWallet",
        {"feeId": period["feeId"], "tradePassword": PASSWORD, "tradeUUID": calls.uuid()},
    )["data"]
    assert again == {"feeId": period["feeId"], "feeStatus": "S",
                     "brokerOrderNo": period["brokerOrderNo"]}  # fmt: skip

    # -- unsign: everything sold to the wallet, the final fee, 已解约 ----------------------------
    freeze("2026-12-02 10:00")
    out = calls.post(
        "/serviceAccount/contract/unsign",
        {"serviceAccountId": half, "tradePassword": PASSWORD, "tradeUUID": calls.uuid()},
    )["data"]
    assert out["contractStatus"] == 2 and out["isCoolingOff"] is False
    for day in trading_days(date(2026, 12, 2), date(2026, 12, 4)):
        run_day(session, world, day)
    info = calls.get("/serviceAccount/getAccountInfo", serviceAccountId=half)["data"]
    assert info["contractStatus"] == 3
    assert calls.get("/adviser/getUserTag")["data"][0]["tagList"] == ["TERMINATED"]
    wallet = session.scalar(
        select(Holding).where(
            Holding.financial_account_id == fa_half, Holding.fund_code == WALLET_FUND_CODE
        )
    )
    unsign_fee = session.scalar(
        select(AdvisoryFee).where(
            AdvisoryFee.service_account_id == half, AdvisoryFee.source == "UNSIGN"
        )
    )
    assert unsign_fee is not None and unsign_fee.status == "S" and unsign_fee.amount > 0
    assert wallet is not None and wallet.shares > Decimal("19000")
    assert holdings_of(session, fa_half, world.half.code) == {}
    # a terminated account takes no deposit
    refused = calls.post(
        "/serviceAccount/depositVerifyCode", {"serviceAccountId": half}, status=400
    )
    assert refused["code"] == 69010
