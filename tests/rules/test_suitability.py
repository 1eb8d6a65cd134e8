"""docs/rules.md#suitability: grades against levels, the two-year validity."""

from __future__ import annotations

from datetime import datetime

import pytest

from opentamp.kit.clock import BEIJING
from opentamp.rules.suitability import RiskMatch, is_survey_expired, risk_match, survey_expires_at

ASSESSED = datetime(2025, 3, 10, 9, 0, tzinfo=BEIJING)
NOW = datetime(2026, 11, 22, 10, 0, tzinfo=BEIJING)


@pytest.mark.parametrize(
    ("grade", "level", "expected"),
    [
        (1, 1, RiskMatch.MATCH),
        (1, 2, RiskMatch.FORBIDDEN),  # C1 may buy only R1
        (1, 5, RiskMatch.FORBIDDEN),
        (3, 3, RiskMatch.MATCH),
        (3, 2, RiskMatch.MATCH),
        (3, 4, RiskMatch.NEEDS_CONFIRMATION),
        (5, 5, RiskMatch.MATCH),
        (None, 1, RiskMatch.NO_VALID_GRADE),
        (0, 1, RiskMatch.NO_VALID_GRADE),
    ],
)
def test_grade_against_level(grade: int | None, level: int, expected: RiskMatch) -> None:
    assert (
        risk_match(grade=grade, assessed_at=ASSESSED, product_level=level, moment=NOW) == expected
    )


def test_a_survey_is_valid_two_years() -> None:
    assert survey_expires_at(ASSESSED) == datetime(2027, 3, 10, 9, 0, tzinfo=BEIJING)
    assert not is_survey_expired(ASSESSED, datetime(2027, 3, 10, 8, 59, tzinfo=BEIJING))
    assert is_survey_expired(ASSESSED, datetime(2027, 3, 10, 9, 0, tzinfo=BEIJING))
    assert is_survey_expired(None, NOW)
    leap = datetime(2024, 2, 29, 12, 0, tzinfo=BEIJING)
    assert survey_expires_at(leap) == datetime(2026, 2, 28, 12, 0, tzinfo=BEIJING)
    expired = risk_match(
        grade=4, assessed_at=datetime(2024, 11, 1, tzinfo=BEIJING), product_level=1, moment=NOW
    )
    assert expired == RiskMatch.NO_VALID_GRADE
