"""The advisory screens name a fund's type by the server's one table (products' FUND_TYPE_NAMES:
9 is 短债型): the holdings and the composition's 大类配置 carry ``fundTypeName``, so the client
keeps no copy of the table."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from tests.advisory.conftest import Calls, World, freeze, run_day
from tests.advisory.test_fund_names import component


def test_holdings_and_composition_name_each_fund_type(
    session: Session, world: World, calls: Calls
) -> None:
    world.funds[1].fund_type = 9
    world.funds[2].fund_type = 2
    session.flush()
    sa = calls.sign(world.half.code)
    calls.deposit(sa, "20000.00")
    run_day(session, world, date(2026, 11, 2))
    run_day(session, world, date(2026, 11, 3))
    freeze("2026-11-04 10:00")

    holdings = calls.get("/serviceAccount/fund/holdings", serviceAccountId=sa)["data"]
    assert {h["fundCode"]: (h["fundType"], h["fundTypeName"]) for h in holdings["holdingList"]} == {
        world.funds[0].code: (3, "混合型"),
        world.funds[1].code: (9, "短债型"),
        world.funds[2].code: (2, "债券型"),
    }
    composition = component(calls, sa, "ASSET_COMPOSITION")
    # by weight: 50 % mixed, 30 % short-term bond, 20 % bond
    assert [(i["fundType"], i["fundTypeName"]) for i in composition["itemList"]] == [
        (3, "混合型"),
        (9, "短债型"),
        (2, "债券型"),
    ]
