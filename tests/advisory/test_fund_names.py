"""The advisory screens name a component fund by its short name (远航纯债A), as the robo account,
the holdings and the product pages do, not by its full legal name (远航纯债债券型证券投资基金A):
the deposit's split (fa/deposit), the holdings, the composition, the month's report, the
withdrawal estimate, the transfer-in preview, an adjustment's items and an order's component
funds (fa/order, the robo 交易详情)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from tests.advisory.conftest import Calls, World, freeze, run_day
from tests.trading.conftest import make_holding


def component(calls: Calls, sa: int, kind: str, **params: str) -> dict:
    return dict(
        calls.get(
            "/serviceAccount/homepage/component",
            serviceAccountId=sa,
            componentType=kind,
            **params,
        )["data"]["data"]
    )


def test_every_advisory_answer_names_a_fund_by_its_short_name(
    session: Session,
    client: TestClient,
    api: str,
    world: World,
    calls: Calls,
    adviser: Callable[[], dict[str, str]],
) -> None:
    short = {f.code: f.short_name for f in world.funds}
    assert all(f.name != f.short_name for f in world.funds)
    sa = calls.sign(world.half.code)
    placed = calls.deposit(sa, "20000.00")["data"]
    run_day(session, world, date(2026, 11, 2))
    run_day(session, world, date(2026, 11, 3))
    freeze("2026-11-04 10:00")

    def named(items: list[dict]) -> dict[str, str]:
        assert items
        return {i["fundCode"]: i["fundName"] for i in items}

    def assert_short(items: list[dict]) -> None:
        assert named(items) == {code: short[code] for code in named(items)}

    # the deposit's split (fa/deposit), as trading previews the strategy's purchase; trading's
    # own preview (the portfolio purchase screen) keeps the full names
    split = calls.get("/serviceAccount/deposit/preview", serviceAccountId=sa, amount="20000.00")
    assert_short(split["data"]["items"])
    full = calls.get("/trade/prepareBuyPo", poCode=world.half.code, amount="20000.00")["data"]
    assert [i["fundName"] for i in full["items"]] != [i["fundName"] for i in split["data"]["items"]]
    assert {i["fundCode"]: i["fundName"] for i in full["items"]} == {
        f.code: f.name for f in world.funds if f.code in named(full["items"])
    }
    assert [(i["fundCode"], i["amount"], i["fee"]) for i in full["items"]] == [
        (i["fundCode"], i["amount"], i["fee"]) for i in split["data"]["items"]
    ]

    order = calls.get("/serviceAccount/getMoneyOrderDetail", brokerOrderNo=placed["brokerOrderNo"])[
        "data"
    ]
    assert order["order"]["productName"] == world.half.name
    children = [
        {"fundCode": c["productCode"], "fundName": c["productName"]} for c in order["childList"]
    ]
    assert_short(children)
    assert_short(
        [
            {"fundCode": c["productCode"], "fundName": c["productName"]}
            for c in order["order"]["children"]
        ]  # fmt: skip
    )

    holdings = calls.get("/serviceAccount/fund/holdings", serviceAccountId=sa)["data"]
    assert_short(holdings["holdingList"])
    assert_short(component(calls, sa, "ASSET_COMPOSITION")["fundList"])
    report = component(calls, sa, "ACCOUNT_REPORT", reportMonth="2026-11", reportScope="HOLDINGS")
    assert_short(report["holdingList"])
    estimate = calls.post("/serviceAccount/preredeem", {"serviceAccountId": sa, "ratio": "0.5"})
    assert_short(estimate["data"]["itemList"])

    f0 = world.funds[0]
    make_holding(session, trader=calls.trader, fund=f0, lots=[(date(2026, 10, 1), "800.00")],
                 fa=calls.trader.fa)  # fmt: skip
    preview = calls.get("/serviceAccount/transfer/preview", serviceAccountId=sa)["data"]
    assert_short(preview["itemList"])

    weights = [{"fundCode": world.funds[0].code, "weight": "0.5"},
               {"fundCode": world.funds[3].code, "weight": "0.5"}]  # fmt: skip
    published = client.post(
        f"{api}/operator/adviser/model/publish",
        json={"poCode": world.half.code, "weightList": weights, "reason": "调整"},
        headers=adviser(),
    ).json()
    assert published["code"] == 0, published
    info = calls.get("/serviceAccount/getAccountInfo", serviceAccountId=sa)["data"]
    adjustment_id = info["adjustmentInProcess"]["adjustmentId"]
    detail = calls.get("/serviceAccount/adjustment/detail", adjustmentId=adjustment_id)["data"]
    assert_short(detail["itemList"])
