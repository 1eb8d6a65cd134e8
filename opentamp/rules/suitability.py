"""Suitability (适当性) rules of docs/rules.md#suitability, as plain functions.

An investor's risk grade C1..C5 (``riskGrade5`` 1..5) comes from the risk survey and is valid
for two years. A product carries a risk level R1..R5. A purchase above the investor's grade
needs the mismatch warning and an explicit, recorded confirmation; a C1 investor may buy only
R1 products; an investor without a valid grade must take the survey first.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from opentamp.kit.clock import as_beijing

SURVEY_VALID_YEARS = 2
GRADE_NAMES = {1: "保守型", 2: "稳健型", 3: "平衡型", 4: "成长型", 5: "进取型"}
LEVEL_NAMES = {1: "低风险", 2: "中低风险", 3: "中风险", 4: "中高风险", 5: "高风险"}


#: What a refused (FORBIDDEN) trade says, by what it does: the one text of the refusal, the
#: server's (64003) and the H5's pre-check alike (judgeRisk's ``refusal``).
REFUSALS = {
    "buy": "该产品风险等级超出您的风险承受能力，暂时无法购买",
    "convert": "转入基金风险等级超出您的风险承受能力，暂时无法转换",
}


class RiskMatch(StrEnum):
    MATCH = "match"  # may buy
    NEEDS_CONFIRMATION = "needs_confirmation"  # above the grade: warn and record consent
    FORBIDDEN = "forbidden"  # C1 above R1: may not buy at all
    NO_VALID_GRADE = "no_valid_grade"  # no survey, or an expired one: take the survey


def survey_expires_at(assessed_at: datetime) -> datetime:
    local = as_beijing(assessed_at)
    try:
        return local.replace(year=local.year + SURVEY_VALID_YEARS)
    except ValueError:  # 29 February
        return local.replace(year=local.year + SURVEY_VALID_YEARS, day=28)


def is_survey_expired(assessed_at: datetime | None, moment: datetime) -> bool:
    return assessed_at is None or as_beijing(moment) >= survey_expires_at(assessed_at)


def risk_match(
    *, grade: int | None, assessed_at: datetime | None, product_level: int, moment: datetime
) -> RiskMatch:
    if not grade or is_survey_expired(assessed_at, moment):
        return RiskMatch.NO_VALID_GRADE
    if product_level <= grade:
        return RiskMatch.MATCH
    if grade == 1:
        return RiskMatch.FORBIDDEN
    return RiskMatch.NEEDS_CONFIRMATION


@dataclass(frozen=True)
class RiskVerdict:
    match: RiskMatch
    grade: int | None
    product_level: int

    @property
    def warning(self) -> str:
        """The mismatch warning shown before an above-grade purchase."""
        grade = GRADE_NAMES.get(self.grade or 0, "未评估")
        level = LEVEL_NAMES.get(self.product_level, "")
        return (
            f"您的风险承受能力为{grade}（C{self.grade}），该产品风险等级为{level}"
            f"（R{self.product_level}），超出您的风险承受能力。请确认是否继续购买。"
        )
