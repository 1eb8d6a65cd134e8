"""docs/rules.md#suitability: the purchase gate every trade runs, and the recorded above-grade
confirmation."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.kit.clock import BEIJING, frozen
from opentamp.models.suitability import RiskConfirmation
from opentamp.rules.suitability import RiskMatch
from opentamp.suitability.errors import (
    ProductNotFound,
    RiskConfirmationRequired,
    RiskLevelForbidden,
    RiskSurveyExpired,
    RiskSurveyRequired,
)
from opentamp.suitability.service import judge_risk, product_risk_level
from tests.factories import make_account, make_fund, make_portfolio

NOW = datetime(2026, 11, 20, 10, 0, tzinfo=BEIJING)
ASSESSED = datetime(2025, 6, 1, 9, 0, tzinfo=BEIJING)


def _confirmations(session: Session, account_id: int) -> list[RiskConfirmation]:
    return list(
        session.scalars(select(RiskConfirmation).where(RiskConfirmation.account_id == account_id))
    )


def test_within_the_grade_passes_without_a_record(session: Session) -> None:
    account = make_account(session, risk_grade5=3, risk_assessed_at=ASSESSED)
    with frozen(NOW):
        verdict = judge_risk(session, account=account, product_level=3, confirmed=False)
    assert verdict.match is RiskMatch.MATCH
    assert _confirmations(session, account.id) == []


def test_above_the_grade_needs_a_confirmation_and_records_it(session: Session) -> None:
    account = make_account(session, risk_grade5=3, risk_assessed_at=ASSESSED)
    with frozen(NOW):
        with pytest.raises(RiskConfirmationRequired) as info:
            judge_risk(session, account=account, product_level=4, confirmed=False)
        assert "平衡型（C3）" in info.value.message and "中高风险（R4）" in info.value.message
        assert _confirmations(session, account.id) == []
        verdict = judge_risk(
            session,
            account=account,
            product_level=4,
            confirmed=True,
            product_code="110011",
            product_type="fund",
        )
    assert verdict.match is RiskMatch.NEEDS_CONFIRMATION
    [row] = _confirmations(session, account.id)
    assert (row.scene, row.product_code, row.product_level, row.risk_grade5, row.status) == (
        "PURCHASE",
        "110011",
        4,
        3,
        1,
    )
    assert row.created_at == NOW


def test_c1_may_buy_only_r1_even_when_confirmed(session: Session) -> None:
    account = make_account(session, risk_grade5=1, risk_assessed_at=ASSESSED)
    with frozen(NOW):
        verdict = judge_risk(session, account=account, product_level=1, confirmed=False)
        assert verdict.match is RiskMatch.MATCH
        with pytest.raises(RiskLevelForbidden):
            judge_risk(session, account=account, product_level=2, confirmed=True)
    assert _confirmations(session, account.id) == []


def test_no_survey_and_an_expired_survey(session: Session) -> None:
    never = make_account(session, risk_grade5=None)
    expired = make_account(
        session, risk_grade5=4, risk_assessed_at=datetime(2024, 11, 20, 9, 59, tzinfo=BEIJING)
    )
    with frozen(NOW):
        with pytest.raises(RiskSurveyRequired) as first:
            judge_risk(session, account=never, product_level=1, confirmed=True)
        assert first.value.code == 64001
        with pytest.raises(RiskSurveyExpired) as second:  # two years and one minute old
            judge_risk(session, account=expired, product_level=1, confirmed=True)
        assert second.value.code == 64002


def test_product_risk_levels(session: Session) -> None:
    fund = make_fund(session, risk_level=4)
    po = make_portfolio(session, components=[(fund, Decimal("1"))], risk_level=2)
    assert product_risk_level(session, product_code=fund.code, product_type="fund") == 4
    assert product_risk_level(session, product_code=po.code, product_type="poFund") == 2
    assert product_risk_level(session, product_code=po.code) == 2
    with pytest.raises(ProductNotFound):
        product_risk_level(session, product_code="999999")
