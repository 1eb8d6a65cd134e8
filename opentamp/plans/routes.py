"""The plan calls of docs/plans.md: ``/trade/investPlan/*`` for fund, portfolio and wallet
plans, ``/saip/strategyInvestPlan/*`` for strategy plans (the same bodies and answers)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query

from opentamp.accounts.api import check_trade_password_first
from opentamp.deps import CurrentUser, SessionDep, claimed_ids
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.pagination import PageOut
from opentamp.kit.params import Id
from opentamp.plans import service
from opentamp.plans.schemas import (
    ExecutionOut,
    InvestPlanDetailOut,
    InvestPlanOut,
    PlanActionIn,
    PlanCreateIn,
    PlanPreviewOut,
    PlanUpdateIn,
)

router = api_router(
    tags=["plans"],
    dependencies=[Depends(check_trade_password_first), Depends(claimed_ids)],
)

PlanId = Annotated[Id, Query(alias="investPlanId")]
Page = Annotated[int, Query(ge=1, le=10_000)]
Size = Annotated[int, Query(ge=1, le=100)]
Status = Annotated[Literal["A", "P", "T"] | None, Query()]
FinancialAccountId = Annotated[Id | None, Query(alias="financialAccountId")]
DEFAULT_SIZE = 10


@router.get("/trade/investPlan/preview")
def preview(
    user: CurrentUser,
    session: SessionDep,
    product_type: Annotated[
        Literal["fund", "poFund", "wallet", "strategy"], Query(alias="productType")
    ],
    product_code: Annotated[str, Query(alias="productCode", min_length=1, max_length=16)],
    period_unit: Annotated[int, Query(alias="periodUnit", ge=0, le=3)],
    financial_account_id: FinancialAccountId = None,
    period_interval: Annotated[int, Query(alias="periodInterval", ge=-1000, le=1000)] = 1,
    period_day: Annotated[int | None, Query(alias="periodDay", ge=-1000, le=1000)] = None,
    period_month: Annotated[int | None, Query(alias="periodMonth", ge=-1000, le=1000)] = None,
) -> Envelope[PlanPreviewOut]:
    """The first date, the next three, the minimum and card limit and the smart bands of a plan
    before it is submitted."""
    return ok(
        service.preview(
            session,
            user=user,
            product_type=product_type,
            product_code=product_code,
            period_unit=period_unit,
            period_interval=period_interval,
            period_day=period_day,
            period_month=period_month,
            financial_account_id=financial_account_id,
        )
    )


def _mount(router: APIRouter, base: str, kinds: Sequence[str], with_strategy: bool) -> None:
    """The eight calls of one family of plans under ``base``."""

    @router.post(f"{base}/create", name=f"{base}/create")
    def create(
        user: CurrentUser, session: SessionDep, body: PlanCreateIn
    ) -> Envelope[InvestPlanOut]:
        """Set up a plan with the checks of a purchase; nothing is charged until its first
        date."""
        return ok(service.create_plan(session, user=user, body=body, kinds=kinds))

    @router.post(f"{base}/update", name=f"{base}/update")
    def update(
        user: CurrentUser, session: SessionDep, body: PlanUpdateIn
    ) -> Envelope[InvestPlanOut]:
        """Change an active plan's terms, from its next date."""
        return ok(service.update_plan(session, user=user, body=body, kinds=kinds))

    @router.post(f"{base}/pause", name=f"{base}/pause")
    def pause(
        user: CurrentUser, session: SessionDep, body: PlanActionIn
    ) -> Envelope[InvestPlanOut]:
        return ok(service.pause_plan(session, user=user, body=body, kinds=kinds))

    @router.post(f"{base}/resume", name=f"{base}/resume")
    def resume(
        user: CurrentUser, session: SessionDep, body: PlanActionIn
    ) -> Envelope[InvestPlanOut]:
        return ok(service.resume_plan(session, user=user, body=body, kinds=kinds))

    @router.post(f"{base}/terminate", name=f"{base}/terminate")
    def terminate(
        user: CurrentUser, session: SessionDep, body: PlanActionIn
    ) -> Envelope[InvestPlanOut]:
        return ok(service.terminate_plan(session, user=user, body=body, kinds=kinds))

    @router.get(f"{base}/list", name=f"{base}/list")
    def list_plans(
        user: CurrentUser,
        session: SessionDep,
        status: Status = None,
        financial_account_id: FinancialAccountId = None,
        product_type: Annotated[str | None, Query(alias="productType", max_length=16)] = None,
        strategy_parent_code: Annotated[
            str | None, Query(alias="strategyParentCode", max_length=16)
        ] = None,
        page: Page = 1,
        size: Size = DEFAULT_SIZE,
    ) -> Envelope[PageOut[InvestPlanOut]]:
        """The user's plans: active first, then paused, then terminated; newest first."""
        return ok(
            service.list_plans(
                session,
                user=user,
                kinds=kinds,
                status=status,
                financial_account_id=financial_account_id,
                product_type=product_type,
                page=page,
                size=size,
                strategy_code=strategy_parent_code if with_strategy else None,
            )
        )

    @router.get(f"{base}/detail", name=f"{base}/detail")
    def detail(
        user: CurrentUser, session: SessionDep, invest_plan_id: PlanId
    ) -> Envelope[InvestPlanDetailOut]:
        """A plan with its next three dates, smart bands and take-profit rounds."""
        return ok(service.plan_detail(session, user=user, plan_id=invest_plan_id, kinds=kinds))

    @router.get(f"{base}/executions", name=f"{base}/executions")
    def executions(
        user: CurrentUser,
        session: SessionDep,
        invest_plan_id: PlanId,
        page: Page = 1,
        size: Size = DEFAULT_SIZE,
    ) -> Envelope[PageOut[ExecutionOut]]:
        """A plan's executions, newest due date first."""
        return ok(
            service.executions(
                session,
                user=user,
                plan_id=invest_plan_id,
                kinds=kinds,
                page=page,
                size=size,
            )
        )


_mount(router, "/trade/investPlan", service.TRADE_TYPES, with_strategy=False)
_mount(router, "/saip/strategyInvestPlan", service.STRATEGY_TYPES, with_strategy=True)
