"""The personal pension's yearly cap and tax treatment (docs/pension.md), as pure functions.

- Contributions count per calendar year (Beijing) and together may not pass
  :data:`YEARLY_CAP` (12 000 元; 国办发〔2022〕7号, 《关于推动个人养老金发展的意见》).
- Contributions are deducted from the year's comprehensive income (综合所得) up to the cap, so
  the tax they save is the contribution times the contributor's marginal rate; what is later
  received is taxed at :data:`WITHDRAWAL_TAX_RATE` (3 %) and counted in no other income
  (财政部 税务总局公告2022年第34号). The net saving is therefore
  ``contribution × (marginal rate − 3 %)``, and nothing in the 3 % bracket.

Worked example: 12 000 元 contributed, marginal rate 10 % → 1 200.00 saved now, 360.00 taxed
on receipt, 840.00 saved in all; at 3 % the saving and the later tax are both 360.00.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from opentamp.kit.money import round_amount

YEARLY_CAP = Decimal("12000.00")
WITHDRAWAL_TAX_RATE = Decimal("0.03")
ZERO = Decimal("0.00")


@dataclass(frozen=True)
class Bracket:
    """A bracket of the annual comprehensive-income tax table (个人所得税税率表一, 综合所得):
    taxable income above ``lower`` up to ``upper`` (None: no upper bound) is taxed at ``rate``."""

    lower: Decimal
    upper: Decimal | None
    rate: Decimal

    @property
    def label(self) -> str:
        low = _wan(self.lower)
        if self.upper is None:
            return f"超过{low}万元"
        high = _wan(self.upper)
        if self.lower == 0:
            return f"不超过{high}万元"
        return f"{low}万至{high}万元"


def _wan(value: Decimal) -> str:
    """36000 → "3.6", 300000 → "30"."""
    return format((value / 10000).normalize(), "f")


#: 《中华人民共和国个人所得税法》 individual income tax table 1 (综合所得适用).
BRACKETS: tuple[Bracket, ...] = (
    Bracket(Decimal("0"), Decimal("36000"), Decimal("0.03")),
    Bracket(Decimal("36000"), Decimal("144000"), Decimal("0.10")),
    Bracket(Decimal("144000"), Decimal("300000"), Decimal("0.20")),
    Bracket(Decimal("300000"), Decimal("420000"), Decimal("0.25")),
    Bracket(Decimal("420000"), Decimal("660000"), Decimal("0.30")),
    Bracket(Decimal("660000"), Decimal("960000"), Decimal("0.35")),
    Bracket(Decimal("960000"), None, Decimal("0.45")),
)


def remaining_quota(contributed: Decimal) -> Decimal:
    """What may still be contributed this year: 12 000 − contributed, never below 0.
    3 000 contributed → 9 000.00."""
    return max(round_amount(YEARLY_CAP - contributed), ZERO)


@dataclass(frozen=True)
class TaxEstimate:
    rate: Decimal
    deductible: Decimal
    deduction_saving: Decimal
    withdrawal_tax: Decimal
    net_saving: Decimal


def tax_estimate(contributed: Decimal, rate: Decimal) -> TaxEstimate:
    """The tax a year's contributions save at the marginal ``rate`` (module docstring):
    8 000 at 20 % → 1 600.00 now, 240.00 on receipt, 1 360.00 in all."""
    deductible = min(round_amount(contributed), YEARLY_CAP)
    saving = round_amount(deductible * rate)
    later = round_amount(deductible * WITHDRAWAL_TAX_RATE)
    return TaxEstimate(
        rate=rate,
        deductible=deductible,
        deduction_saving=saving,
        withdrawal_tax=later,
        net_saving=max(round_amount(saving - later), ZERO),
    )
