"""Ownership sweep of the plan calls (docs/architecture.md#transport): another user's plan
answers 404 to every call of both families, and one's own plan updated to another user's card
answers 404 too; the plan stays as it was."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.orm import Session

from opentamp.models.plans import InvestPlan
from tests.factories import make_fund, make_portfolio
from tests.plans.conftest import Plans
from tests.trading.conftest import PASSWORD, make_trader


def _plan_row(session: Session, plan_id: int) -> dict[str, Any]:
    session.expire_all()
    plan = session.get(InvestPlan, plan_id)
    assert plan is not None
    return {c.key: getattr(plan, c.key) for c in InvestPlan.__table__.columns}


def _plan(session: Session, plans: Plans, base: str) -> int:
    """A plan of the family at ``base``: a fund's, or a strategy portfolio's."""
    fund = make_fund(session)
    if base == "/trade/investPlan":
        return int(plans.create(productCode=fund.code)["data"]["investPlanId"])
    strategy = make_portfolio(session, code=f"CL{fund.code}", components=[(fund, 1)])
    return int(
        plans.create(base="/saip/strategyInvestPlan", productType="strategy",
                     productCode=strategy.code)["data"]["investPlanId"]
    )  # fmt: skip


@pytest.mark.parametrize("base", ["/trade/investPlan", "/saip/strategyInvestPlan"])
@pytest.mark.parametrize(
    ("method", "action", "fields"),
    [
        ("GET", "detail", {}),
        ("GET", "executions", {}),
        ("POST", "pause", {}),
        ("POST", "resume", {}),
        ("POST", "terminate", {}),
        ("POST", "update", {"amount": "900.00"}),
    ],
)
def test_another_users_plan_answers_404(
    session: Session, client: Any, api: str, plans: Plans, base: str, method: str, action: str,
    fields: dict[str, Any],
) -> None:  # fmt: skip
    plan_id = _plan(session, plans, base)
    before = _plan_row(session, plan_id)
    other = make_trader(session)
    body = {"investPlanId": plan_id, "tradePassword": PASSWORD, "tradeUUID": f"o-{action}"}
    if method == "GET":
        res = client.get(f"{api}{base}/{action}", params={"investPlanId": plan_id},
                         headers=other.headers)  # fmt: skip
    else:
        res = client.post(f"{api}{base}/{action}", json={**body, **fields}, headers=other.headers)
    assert (res.status_code, res.json()["error"]) == (404, "plan_not_found"), res.text
    assert _plan_row(session, plan_id) == before


@pytest.mark.parametrize("base", ["/trade/investPlan", "/saip/strategyInvestPlan"])
def test_ones_own_plan_with_another_users_card_answers_404(
    session: Session, client: Any, api: str, plans: Plans, base: str
) -> None:
    plan_id = _plan(session, plans, base)
    before = _plan_row(session, plan_id)
    other = make_trader(session)
    body = {
        "investPlanId": plan_id,
        "payType": "card",
        "paymentMethodId": other.card.id,
        "tradePassword": PASSWORD,
        "tradeUUID": plans.uuid(),
    }
    res = client.post(f"{api}{base}/update", json=body, headers=plans.trader.headers)
    assert res.status_code == 404, res.text
    assert _plan_row(session, plan_id) == before
    own = {**body, "paymentMethodId": plans.trader.card.id, "tradeUUID": plans.uuid()}
    assert (
        client.post(f"{api}{base}/update", json=own, headers=plans.trader.headers).json()["code"]
        == 0
    )
