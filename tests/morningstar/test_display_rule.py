"""The diagnosis writes its percentages by the screens' one display rule (docs/product.md#validation
"Display": cut, not rounded, to two decimals; web/src/lib/format.ts formatPercent and
kit.money.percent_text): a finding says what the figure beside it on the screen shows, never a
figure rounded half-up where the screen cuts."""

from __future__ import annotations

from decimal import Decimal

from opentamp.morningstar.diagnosis import HeldFund, concentration, exposure, fees, share

STOCK, BOND = 1, 2


def fund(code: str, value: str, *, fund_type: int = STOCK, rate: str | None = None) -> HeldFund:
    return HeldFund(
        code=code,
        name=f"基金{code}",
        fund_type=fund_type,
        risk_level=3,
        value=Decimal(value),
        manager=f"经理{code}",
        ongoing_rate=Decimal(rate) if rate else None,
    )


def test_a_share_is_cut_and_its_finding_says_the_same() -> None:
    # 2 000.00 of 3 000.00 = 0.666666…: 66.66 % (cut), not 66.67 % (half-up)
    funds = [fund("000001", "2000.00"), fund("000002", "1000.00", fund_type=BOND)]
    total = Decimal("3000.00")
    assert share(Decimal("2000.00"), total) == Decimal("0.6666")
    c = concentration(funds, total)
    assert c["maxFundShare"] == Decimal("0.6666")
    assert "基金000001占组合的66.66%" in c["finding"]
    e = exposure(funds, total, (Decimal("0.3"), Decimal("0.6")), "grade")
    assert e["equityShare"] == Decimal("0.6666")
    assert e["finding"].startswith("权益类资产占比66.66%，高于您风险等级建议的30.00%-60.00%")


def test_the_weighted_fee_rate_is_cut_and_its_finding_says_the_same() -> None:
    # (1 000 × 1.5 % + 2 000 × 0.8 % + 1 000 × 1.299 %) / 4 000 = 43.99 / 4 000 = 0.0109975:
    # 0.010997 (cut to the rate's 6 places), 1.09 % on the screen and in the finding, not 1.10 %
    funds = [
        fund("000001", "1000.00", rate="0.015"),
        fund("000002", "2000.00", rate="0.008"),
        fund("000003", "1000.00", rate="0.01299"),
    ]
    f = fees(funds, Decimal("4000.00"), Decimal("0"))
    assert f["weightedOngoingRate"] == Decimal("0.010997")
    assert f["finding"].startswith("持仓加权年运作费率1.09%，")
