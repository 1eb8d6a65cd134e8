"""The yearly cap and the tax estimate (docs/pension.md), numbers worked out by hand."""

from __future__ import annotations

from decimal import Decimal

import pytest

from opentamp.pension import quota
from opentamp.pension.errors import ContributionOverCap
from opentamp.pension.quota import BRACKETS, remaining_quota, tax_estimate


def test_remaining_quota_is_the_cap_less_the_year_and_never_negative() -> None:
    assert remaining_quota(Decimal("3000.00")) == Decimal("9000.00")
    assert remaining_quota(Decimal("0")) == Decimal("12000.00")
    assert remaining_quota(Decimal("12000.00")) == Decimal("0.00")
    assert remaining_quota(Decimal("12500.00")) == Decimal("0.00")


def test_tax_estimate_at_ten_and_twenty_percent() -> None:
    # 12 000 × 10 % = 1 200 now; 12 000 × 3 % = 360 on receipt; 840 in all.
    e = tax_estimate(Decimal("12000.00"), Decimal("0.10"))
    assert (e.deductible, e.deduction_saving, e.withdrawal_tax, e.net_saving) == (
        Decimal("12000.00"),
        Decimal("1200.00"),
        Decimal("360.00"),
        Decimal("840.00"),
    )
    # 8 000 × 20 % = 1 600; 8 000 × 3 % = 240; 1 360.
    e = tax_estimate(Decimal("8000.00"), Decimal("0.20"))
    assert (e.deduction_saving, e.withdrawal_tax, e.net_saving) == (
        Decimal("1600.00"),
        Decimal("240.00"),
        Decimal("1360.00"),
    )


def test_the_three_percent_bracket_saves_nothing_and_the_deduction_stops_at_the_cap() -> None:
    e = tax_estimate(Decimal("5000.00"), Decimal("0.03"))
    assert (e.deduction_saving, e.withdrawal_tax, e.net_saving) == (
        Decimal("150.00"),
        Decimal("150.00"),
        Decimal("0.00"),
    )
    # 15 000 contributed (impossible through the calls) still deducts 12 000 only: 45 % → 5 400.
    assert tax_estimate(Decimal("15000.00"), Decimal("0.45")).deduction_saving == Decimal("5400.00")


def test_the_seven_brackets_of_the_comprehensive_income_table() -> None:
    assert [str(b.rate) for b in BRACKETS] == [
        "0.03",
        "0.10",
        "0.20",
        "0.25",
        "0.30",
        "0.35",
        "0.45",
    ]
    assert [b.label for b in BRACKETS][:2] == ["不超过3.6万元", "3.6万至14.4万元"]
    assert BRACKETS[-1].label == "超过96万元"


def test_the_refusal_past_the_cap_names_the_cap_as_its_amounts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """71110 writes the cap from its one definition, as it writes what is left (amount_text)."""
    refused = ContributionOverCap(year=2026, remaining=Decimal("7000"))
    assert refused.message == (
        "超过个人养老金年度缴存上限12,000.00元，2026年剩余可缴存额度为7,000.00元"
    )
    monkeypatch.setattr(quota, "YEARLY_CAP", Decimal("15000.00"))
    assert ContributionOverCap(year=2027, remaining=Decimal("0")).message == (
        "超过个人养老金年度缴存上限15,000.00元，2027年剩余可缴存额度为0.00元"
    )
