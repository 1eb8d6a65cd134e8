"""The account's monthly report (账户报告, homepage/component ACCOUNT_REPORT): the month's start
and end assets and its profit come from the holdings' daily rows of that month, not from what
the account holds today."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from tests.advisory.conftest import Calls, World, freeze, holdings_of, run_day


def cents(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.01"))


def report(calls: Calls, sa_id: int, month: str, scope: str = "SUMMARY") -> dict[str, Any]:
    data = calls.get(
        "/serviceAccount/homepage/component",
        serviceAccountId=sa_id,
        componentType="ACCOUNT_REPORT",
        reportMonth=month,
        reportScope=scope,
    )["data"]["data"]
    return dict(data)


def test_a_month_reads_its_own_start_end_and_profit(
    session: Session, world: World, calls: Calls
) -> None:
    f0, f1, f2 = (f.code for f in world.funds[:3])
    freeze("2026-11-26 10:00")
    half = calls.sign(world.half.code)
    fa = calls.get("/serviceAccount/getAccountInfo", serviceAccountId=half)["data"][
        "financialAccountId"
    ]
    calls.deposit(half, "20000.00")
    run_day(session, world, date(2026, 11, 26))  # priced at 1.0000, confirmed the next day
    run_day(session, world, date(2026, 11, 27), {f0: "1.02"})
    run_day(session, world, date(2026, 11, 30), {f1: "0.97", f2: "1.01"})
    run_day(session, world, date(2026, 12, 1), {f0: "1.03"})
    freeze("2026-12-01 21:00")

    held = holdings_of(session, fa, world.half.code)
    navs_nov_30 = {f0: Decimal("1.0200"), f1: Decimal("0.9700"), f2: Decimal("1.0100")}
    nov_end = sum((cents(held[c].shares * nav) for c, nav in navs_nov_30.items()), Decimal(0))
    dec_now = (
        nov_end
        - cents(held[f0].shares * Decimal("1.0200"))
        + cents(held[f0].shares * Decimal("1.0506"))
    )

    november = report(calls, half, "2026-11")
    assert november["monthStartAsset"] == "0.00"  # opened during the month
    assert Decimal(november["monthEndAsset"]) == nov_end
    december = report(calls, half, "2026-12")
    assert december["monthStartAsset"] == november["monthEndAsset"]
    assert Decimal(december["monthEndAsset"]) == dec_now
    assert Decimal(december["totalAsset"]) == dec_now
    # December's one day moved f0 only: its profit is that holding's move, to the cent
    assert Decimal(december["monthProfit"]) == dec_now - nov_end
    # the two months' profits are the account's whole profit so far
    assert Decimal(november["monthProfit"]) + Decimal(december["monthProfit"]) == Decimal(
        december["accumulatedProfit"]
    )
    assert november["totalAsset"] == december["totalAsset"]  # today's, in every month

    # 持仓明细 of November: each fund as it stood at November's close, not as it stands today
    listed = report(calls, half, "2026-11", "HOLDINGS")
    assert listed["monthEndAsset"] == november["monthEndAsset"]
    rows = {h["fundCode"]: h for h in listed["holdingList"]}
    assert set(rows) == {f0, f1, f2}
    for code, nav in navs_nov_30.items():
        value = cents(held[code].shares * nav)
        assert Decimal(rows[code]["marketValue"]) == value
        assert Decimal(rows[code]["weight"]) == round(value / nov_end, 4)
    assert [Decimal(rows[c]["targetWeight"]) for c in (f0, f1, f2)] == [
        Decimal("0.5"),
        Decimal("0.3"),
        Decimal("0.2"),
    ]
    assert sum(Decimal(h["accumulatedProfit"]) for h in rows.values()) == Decimal(
        november["monthProfit"]
    )
    december_first = report(calls, half, "2026-12", "HOLDINGS")["holdingList"][0]
    assert december_first["fundCode"] == f0  # the largest first
    assert Decimal(december_first["marketValue"]) == cents(held[f0].shares * Decimal("1.0506"))
