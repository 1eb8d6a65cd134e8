"""The robo adviser's calls: ``/roboServiceAccount/*`` and ``/investment/planning/*``
(docs/robo.md#the-calls)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Depends, Query

from opentamp.advisory.api import CodeSentOut, MoneyOrderOut, PreredeemOut
from opentamp.deps import CurrentUser, SessionDep, claimed_ids
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.params import Id
from opentamp.models.robo import AUTH_AUTHORIZED, AUTH_REFUSED
from opentamp.robo import accounts, planning
from opentamp.robo.schemas import (
    AllocationListOut,
    BacktestOut,
    ChangeAllocationIn,
    ConfirmPlanningIn,
    ConfirmPlanningOut,
    DistributionOut,
    DividendListOut,
    HoldingExperienceOut,
    HomepageOut,
    NameCheckOut,
    PaymentsOut,
    PlanningIdIn,
    PlanningOut,
    PrepareDepositIn,
    PrepareDepositOut,
    PrepareWithdrawIn,
    RiskPermissionOut,
    RoboAccountListOut,
    RoboAccountOut,
    RoboCancelIn,
    RoboOrderListOut,
    RoboWithdrawIn,
    ServiceAccountIdIn,
    SignDepositIn,
    SurveyCreateIn,
    SurveyCreateOut,
    SurveyDeleteOut,
    SurveyIdIn,
    SurveyOut,
    SurveySaveIn,
    SurveySubmitIn,
    SurveySubmitOut,
    UpdateNameIn,
    UpdateRiskPermissionIn,
)
from opentamp.trading.api import OrderOut

router = api_router(tags=["robo"], dependencies=[Depends(claimed_ids)])

SurveyId = Annotated[Id, Query(alias="surveyId")]
OptSurveyId = Annotated[Id | None, Query(alias="surveyId")]
PlanningId = Annotated[Id, Query(alias="planningId")]
SaId = Annotated[Id, Query(alias="serviceAccountId")]
AllocationId = Annotated[str | None, Query(alias="allocationId", min_length=1, max_length=24)]
HoldMonths = Annotated[int | None, Query(alias="holdMonths", ge=1, le=360)]
OrderNo = Annotated[str, Query(alias="brokerOrderNo", min_length=1, max_length=32)]
Page = Annotated[int, Query(alias="pageNo", ge=1, le=10_000)]
Size = Annotated[int, Query(alias="pageSize", ge=1, le=100)]
ShowType = Annotated[Literal["ALL", "STOCK_AND_BOND"], Query(alias="showType")]
RoboName = Annotated[str, Query(alias="roboServiceName", min_length=1, max_length=64)]

R = "/roboServiceAccount"
P = "/investment/planning"


# -- survey -----------------------------------------------------------------------------------


@router.post(f"{R}/survey/create")
def survey_create(
    user: CurrentUser, session: SessionDep, body: SurveyCreateIn
) -> Envelope[SurveyCreateOut]:
    return ok(planning.create_survey(session, user=user, body=body))


@router.get(f"{R}/survey/get")
def survey_get(
    user: CurrentUser, session: SessionDep, survey_id: OptSurveyId = None
) -> Envelope[SurveyOut | None]:
    return ok(planning.get_survey(session, user=user, survey_id=survey_id))


@router.post(f"{R}/survey/save")
def survey_save(user: CurrentUser, session: SessionDep, body: SurveySaveIn) -> Envelope[SurveyOut]:
    return ok(planning.save_survey(session, user=user, body=body))


@router.post(f"{R}/survey/submit")
def survey_submit(
    user: CurrentUser, session: SessionDep, body: SurveySubmitIn
) -> Envelope[SurveySubmitOut]:
    return ok(planning.submit_survey(session, user=user, body=body))


@router.post(f"{R}/survey/delete")
def survey_delete(
    user: CurrentUser, session: SessionDep, body: SurveyIdIn
) -> Envelope[SurveyDeleteOut]:
    return ok(planning.delete_survey(session, user=user, body_id=body.survey_id))


@router.post(f"{R}/survey/updateVersion")
def survey_update_version(
    user: CurrentUser, session: SessionDep, body: SurveyIdIn
) -> Envelope[SurveyOut]:
    return ok(planning.update_version(session, user=user, survey_id=body.survey_id))


# -- plan -------------------------------------------------------------------------------------


@router.get(f"{R}/getRoboAssetAllocationList")
def allocation_list(
    user: CurrentUser, session: SessionDep, survey_id: SurveyId
) -> Envelope[AllocationListOut]:
    return ok(planning.allocation_list(session, user=user, survey_id=survey_id))


@router.post(f"{R}/changeRoboAssetAllocation")
def change_allocation(
    user: CurrentUser, session: SessionDep, body: ChangeAllocationIn
) -> Envelope[PlanningOut]:
    return ok(planning.change_allocation(session, user=user, body=body))


@router.get(f"{R}/getRoboInvestmentPlanningDetail")
@router.get(f"{P}/detail")
def planning_detail(
    user: CurrentUser, session: SessionDep, planning_id: PlanningId
) -> Envelope[PlanningOut]:
    return ok(planning.planning_detail(session, user=user, planning_id=planning_id))


@router.get(f"{P}/draft/detail")
def draft_detail(
    user: CurrentUser, session: SessionDep, survey_id: SurveyId
) -> Envelope[PlanningOut | None]:
    return ok(planning.draft_detail(session, user=user, survey_id=survey_id))


@router.post(f"{R}/confirmRoboInvestmentPlanning")
def confirm_planning(
    user: CurrentUser, session: SessionDep, body: ConfirmPlanningIn
) -> Envelope[ConfirmPlanningOut]:
    return ok(accounts.confirm(session, user=user, body=body))


@router.get(f"{P}/getRollingReturnBacktestingDetail")
def backtest_detail(
    user: CurrentUser,
    session: SessionDep,
    planning_id: PlanningId,
    allocation_id: AllocationId = None,
) -> Envelope[BacktestOut]:
    return ok(
        planning.backtest_detail(
            session, user=user, planning_id=planning_id, allocation_id=allocation_id
        )
    )


@router.get(f"{P}/holdingExperience")
@router.get(f"{R}/getHoldingExperienceDetail")
def holding_experience(
    user: CurrentUser,
    session: SessionDep,
    planning_id: PlanningId,
    allocation_id: AllocationId = None,
    hold_months: HoldMonths = None,
) -> Envelope[HoldingExperienceOut]:
    return ok(
        planning.holding_experience(
            session,
            user=user,
            planning_id=planning_id,
            allocation_id=allocation_id,
            hold_months=hold_months,
        )
    )


# -- risk permission --------------------------------------------------------------------------


@router.get(f"{P}/riskPermission/detail")
def risk_permission(
    user: CurrentUser, session: SessionDep, planning_id: PlanningId
) -> Envelope[RiskPermissionOut]:
    return ok(planning.risk_permission(session, user=user, planning_id=planning_id))


@router.post(f"{P}/riskPermission/confirm")
def risk_confirm(
    user: CurrentUser, session: SessionDep, body: PlanningIdIn
) -> Envelope[RiskPermissionOut]:
    return ok(
        planning.decide(session, user=user, planning_id=body.planning_id, code=AUTH_AUTHORIZED)
    )


@router.post(f"{P}/riskPermission/reject")
def risk_reject(
    user: CurrentUser, session: SessionDep, body: PlanningIdIn
) -> Envelope[RiskPermissionOut]:
    return ok(planning.decide(session, user=user, planning_id=body.planning_id, code=AUTH_REFUSED))


@router.post(f"{R}/updateRiskPermission")
def update_risk_permission(
    user: CurrentUser, session: SessionDep, body: UpdateRiskPermissionIn
) -> Envelope[RiskPermissionOut]:
    return ok(
        planning.decide(
            session, user=user, planning_id=body.planning_id, code=body.authorization_code
        )
    )


# -- deposit and withdraw ---------------------------------------------------------------------


@router.post(f"{R}/prepareDeposit")
def prepare_deposit(
    user: CurrentUser, session: SessionDep, body: PrepareDepositIn
) -> Envelope[PrepareDepositOut]:
    return ok(accounts.prepare_deposit(session, user=user, body=body))


@router.post(f"{R}/depositVerifyCode")
@router.post(f"{R}/depositResendVerifyCode")
def deposit_code(
    user: CurrentUser, session: SessionDep, body: ServiceAccountIdIn
) -> Envelope[CodeSentOut]:
    return ok(accounts.send_code(session, user=user, body=body))


@router.post(f"{R}/signDeposit")
def sign_deposit(user: CurrentUser, session: SessionDep, body: SignDepositIn) -> Envelope[OrderOut]:
    return ok(accounts.sign_deposit(session, user=user, body=body))


@router.post(f"{R}/prepareWithdraw")
def prepare_withdraw(
    user: CurrentUser, session: SessionDep, body: PrepareWithdrawIn
) -> Envelope[PreredeemOut]:
    return ok(accounts.prepare_withdraw(session, user=user, body=body))


@router.post(f"{R}/withdraw")
def withdraw(user: CurrentUser, session: SessionDep, body: RoboWithdrawIn) -> Envelope[OrderOut]:
    return ok(accounts.withdraw(session, user=user, body=body))


@router.post(f"{R}/cancelOrder")
def cancel_order(user: CurrentUser, session: SessionDep, body: RoboCancelIn) -> Envelope[OrderOut]:
    return ok(accounts.cancel_order(session, user=user, body=body))


# -- the account ------------------------------------------------------------------------------


@router.get(f"{R}/getRoboSAList")
def robo_list(user: CurrentUser, session: SessionDep) -> Envelope[RoboAccountListOut]:
    return ok(accounts.account_list(session, user=user))


@router.get(f"{R}/homepage/component/detail")
def homepage(user: CurrentUser, session: SessionDep, sa_id: SaId) -> Envelope[HomepageOut]:
    return ok(accounts.homepage(session, user=user, service_account_id=sa_id))


@router.get(f"{R}/order/getList")
def order_list(
    user: CurrentUser, session: SessionDep, sa_id: SaId, page: Page = 1, size: Size = 20
) -> Envelope[RoboOrderListOut]:
    return ok(
        accounts.order_list(session, user=user, service_account_id=sa_id, page=page, size=size)
    )


@router.get(f"{R}/order/getDetail")
def order_detail(
    user: CurrentUser, session: SessionDep, sa_id: SaId, order_no: OrderNo
) -> Envelope[MoneyOrderOut]:
    return ok(
        accounts.order_detail(
            session, user=user, service_account_id=sa_id, broker_order_no=order_no
        )
    )


@router.get(f"{R}/dividend/getList")
def dividend_list(user: CurrentUser, session: SessionDep, sa_id: SaId) -> Envelope[DividendListOut]:
    return ok(accounts.dividends(session, user=user, service_account_id=sa_id))


@router.get(f"{R}/dividend/getDetail")
def dividend_detail(
    user: CurrentUser, session: SessionDep, sa_id: SaId, order_no: OrderNo
) -> Envelope[OrderOut]:
    return ok(
        accounts.dividend_detail(
            session, user=user, service_account_id=sa_id, broker_order_no=order_no
        )
    )


@router.get(f"{R}/getAssetDistribution")
def asset_distribution(
    user: CurrentUser, session: SessionDep, sa_id: SaId, show_type: ShowType = "ALL"
) -> Envelope[DistributionOut]:
    return ok(
        accounts.distribution(session, user=user, service_account_id=sa_id, show_type=show_type)
    )


@router.get(f"{R}/getAssetPayments")
def asset_payments(user: CurrentUser, session: SessionDep, sa_id: SaId) -> Envelope[PaymentsOut]:
    return ok(accounts.payments(session, user=user, service_account_id=sa_id))


@router.get(f"{R}/checkRoboServiceName")
def check_name(user: CurrentUser, session: SessionDep, name: RoboName) -> Envelope[NameCheckOut]:
    return ok(accounts.check_name(session, user=user, name=name))


@router.post(f"{R}/updateRoboServiceName")
def update_name(
    user: CurrentUser, session: SessionDep, body: UpdateNameIn
) -> Envelope[RoboAccountOut]:
    return ok(accounts.update_name(session, user=user, body=body))
