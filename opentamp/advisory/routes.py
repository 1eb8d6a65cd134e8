"""The customer's advisory calls: ``/adviser/*``, ``/standard/adviser/*`` and
``/serviceAccount/*`` (docs/advisory.md#the-calls-customer-side)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Depends, Query

from opentamp.accounts.api import check_trade_password_first
from opentamp.advisory import (
    adjustments,
    announcements,
    contracts,
    deposits,
    fees,
    home,
    membership,
    plans,
    transfers,
)
from opentamp.advisory.errors import MemberPayQueryInvalid
from opentamp.advisory.schemas import (
    AccFeeOut,
    AccountInfoOut,
    AccrualOut,
    AdjustmentIn,
    AdjustmentOut,
    AdjustmentWriteIn,
    AdviserSignIn,
    AdviserSignOut,
    AdvisorRelationIn,
    AdvisorRelationOut,
    AnnouncementDetailOut,
    AnnouncementIn,
    AnnouncementOut,
    AutoAdjustIn,
    AutoAdjustOut,
    CancelIn,
    ChargeDetailOut,
    ChargePlanOut,
    CodeSentOut,
    ComponentDataOut,
    ContractDetailOut,
    ContractSignIn,
    ContractSignOut,
    ContractStatusOut,
    DebtListOut,
    DepositIn,
    DepositPlanCreateIn,
    DepositPlanParamOut,
    FeeOut,
    FeePaymentOut,
    FundHoldingOut,
    FundHoldingsOut,
    FundRedeemIn,
    FundRedeemWriteIn,
    LocalWechatPayIn,
    MemberBuyIn,
    MemberBuyOut,
    MemberPayStatusOut,
    MemberProductOut,
    MemberStatusOut,
    MoneyOrderOut,
    OpenIdIn,
    OpenIdOut,
    PayFeeByCardIn,
    PayFeeIn,
    PaymentMethodsOut,
    PayStepOut,
    PopupCountOut,
    PreredeemIn,
    PreredeemOut,
    ServiceAccountIn,
    SignPreviewOut,
    SignStepTwoIn,
    SignStepTwoOut,
    TemplateOut,
    TotalAssetOut,
    TransferConfirmIn,
    TransferIn,
    TransferOut,
    TransferPreviewOut,
    UmaOut,
    UnsignedItemOut,
    UnsignIn,
    UnsignOut,
    UserTagOut,
    VerifyIdentityIn,
    WithdrawIn,
)
from opentamp.deps import CurrentUser, SessionDep, claimed_ids
from opentamp.errors import InvalidParams
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.pagination import PageOut
from opentamp.kit.params import Id
from opentamp.kit.schema import AmountIn
from opentamp.outside.wechat import WechatCodeInvalid, wechat_gateway
from opentamp.outside.wechat_pay import PayParams, PrepayUnknown, wechat_pay
from opentamp.plans import api as plans_api
from opentamp.trading import api as trading_api

router = api_router(
    tags=["advisory"],
    dependencies=[Depends(check_trade_password_first), Depends(claimed_ids)],
)

SaId = Annotated[Id, Query(alias="serviceAccountId")]
OptSaId = Annotated[Id | None, Query(alias="serviceAccountId")]
PoCode = Annotated[str, Query(alias="poCode", min_length=1, max_length=16)]
OptPoCode = Annotated[str | None, Query(alias="poCode", min_length=1, max_length=16)]
FeeId = Annotated[Id, Query(alias="feeId")]
OptFeeId = Annotated[Id | None, Query(alias="feeId")]
MemberOrderNo = Annotated[str | None, Query(alias="orderNo", min_length=1, max_length=32)]
PlanId = Annotated[Id, Query(alias="investPlanId")]
Page = Annotated[int, Query(ge=1, le=10_000)]
Size = Annotated[int, Query(ge=1, le=100)]
OrderNo = Annotated[str, Query(alias="brokerOrderNo", min_length=1, max_length=32)]
ComponentType = Literal[
    "ASSET_COMPOSITION",
    "ADVISER_CHARGE",
    "TRANSACTION_HISTORY",
    "ACCOUNT_REPORT",
    "TAMP_ACCOUNT_SUMMARY",
    "TOTAL_ASSET",
    "FUND_HOLDINGS",
    "ADJUSTMENT_HISTORY",
    "SCATTERED_FUND_HOLDINGS",
]
ReportScope = Literal[
    "SUMMARY", "HOLDINGS", "TRANSACTIONS", "ADJUSTMENTS", "REPORT", "ADVISER_CHARGE"
]


# -- /adviser ---------------------------------------------------------------------------------


@router.get("/adviser/unsignList")
def unsign_list(
    user: CurrentUser,
    session: SessionDep,
    po_code_list: Annotated[str | None, Query(alias="poCodeList", max_length=400)] = None,
    filter_extend_target: Annotated[bool, Query(alias="filterExtendTarget")] = True,
) -> Envelope[list[UnsignedItemOut]]:
    """The refill pop-up's items: accounts in force whose files changed, then the listed
    strategies not yet signed (``filterExtendTarget``: target strategies have no advisory
    agreement, so nothing is left out here)."""
    codes = [c.strip() for c in (po_code_list or "").split(",") if c.strip()]
    return ok(contracts.unsign_list(session, user=user, po_codes=codes))


@router.get("/adviser/needResignList")
def need_resign_list(user: CurrentUser, session: SessionDep) -> Envelope[list[UnsignedItemOut]]:
    return ok(contracts.need_resign_list(session, user=user))


@router.get("/adviser/popupCount")
def popup_count(
    user: CurrentUser,
    session: SessionDep,
    popup_scene: Annotated[str | None, Query(alias="popupScene", max_length=64)] = None,
) -> Envelope[PopupCountOut]:
    return ok(contracts.popup_count(session, user=user, popup_scene=popup_scene))


@router.get("/adviser/getUserTag")
def user_tag(user: CurrentUser, session: SessionDep) -> Envelope[list[UserTagOut]]:
    return ok(contracts.user_tags(session, user=user))


@router.get("/adviser/sign")
def sign_preview(
    user: CurrentUser, session: SessionDep, po_code: PoCode
) -> Envelope[SignPreviewOut]:
    return ok(contracts.sign_preview(session, user=user, po_code=po_code))


@router.post("/adviser/sign")
def adviser_sign(
    user: CurrentUser, session: SessionDep, body: AdviserSignIn
) -> Envelope[AdviserSignOut]:
    return ok(contracts.adviser_sign(session, user=user, body=body))


@router.post("/adviser/unsign")
def adviser_unsign(user: CurrentUser, session: SessionDep, body: UnsignIn) -> Envelope[UnsignOut]:
    return ok(contracts.unsign(session, user=user, body=body))


@router.post("/adviser/updateUserAutoAdjustSetting")
def update_auto_adjust(
    user: CurrentUser, session: SessionDep, body: AutoAdjustIn
) -> Envelope[AutoAdjustOut]:
    return ok(contracts.set_auto_adjust(session, user=user, body=body))


@router.get("/standard/adviser/getUserAutoAdjustSetting")
def get_auto_adjust(user: CurrentUser, session: SessionDep, sa_id: SaId) -> Envelope[AutoAdjustOut]:
    return ok(contracts.auto_adjust_of(session, user=user, service_account_id=sa_id))


@router.get("/adviser/feeList")
def fee_list(
    user: CurrentUser, session: SessionDep, sa_id: SaId, page: Page = 1, size: Size = 10
) -> Envelope[PageOut[FeeOut]]:
    return ok(fees.fee_list(session, user=user, service_account_id=sa_id, page=page, size=size))


@router.get("/adviser/chargeList")
def charge_list(
    user: CurrentUser, session: SessionDep, sa_id: SaId, page: Page = 1, size: Size = 10
) -> Envelope[PageOut[AccrualOut]]:
    return ok(fees.charge_list(session, user=user, service_account_id=sa_id, page=page, size=size))


@router.get("/adviser/targetDebtList")
def target_debt_list(
    user: CurrentUser, session: SessionDep, sa_id: OptSaId = None
) -> Envelope[DebtListOut]:
    return ok(fees.debt_list(session, user=user, service_account_id=sa_id))


@router.get("/adviser/queryPayStatus")
def query_pay_status(
    user: CurrentUser,
    session: SessionDep,
    fee_id: OptFeeId = None,
    order_no: MemberOrderNo = None,
) -> Envelope[FeePaymentOut | MemberPayStatusOut]:
    """The status of an adviser fee's payment (feeId) or of a membership order (orderNo), the
    latter settled from WeChat Pay's answer while it is paying (docs/membership.md). A feeId
    sent with an orderNo is not read, but must be the caller's fee all the same (404)."""
    if order_no is not None:
        if fee_id is not None:
            fees.owned_fee(session, user, fee_id)
        return ok(membership.pay_status(session, user=user, order_no=order_no))
    if fee_id is None:
        raise MemberPayQueryInvalid()
    return ok(fees.pay_status(session, user=user, fee_id=fee_id))


@router.post("/adviser/buy")
def adviser_buy(
    user: CurrentUser, session: SessionDep, body: PayFeeByCardIn | MemberBuyIn
) -> Envelope[FeePaymentOut | MemberBuyOut]:
    """Pay an unpaid adviser fee by card (feeId), or buy the membership through WeChat Pay
    (productCode, openId): the answer carries the pay step's parameters."""
    if isinstance(body, MemberBuyIn):
        return ok(membership.buy(session, user=user, body=body))
    return ok(fees.pay_by_card(session, user=user, body=body))


@router.post("/adviser/queryOpenId")
def query_open_id(user: CurrentUser, session: SessionDep, body: OpenIdIn) -> Envelope[OpenIdOut]:
    """The WeChat openId of an authorization code (for paying inside WeChat); it is kept for
    the user's membership purchase."""
    try:
        wechat_user = wechat_gateway().oauth_user(code=body.code)
    except WechatCodeInvalid as exc:
        raise InvalidParams("微信授权码无效或已过期") from exc
    membership.remember_openid(session, user=user, openid=wechat_user.openid)
    return ok(OpenIdOut(open_id=wechat_user.openid))


@router.get("/adviser/member/userProductStatus")
def member_status(user: CurrentUser, session: SessionDep) -> Envelope[MemberStatusOut]:
    """Whether the user is a member, until when, and the identity and WeChat steps done."""
    return ok(membership.user_product_status(session, user=user))


@router.get("/adviser/member/productInfo")
def member_product(user: CurrentUser, session: SessionDep) -> Envelope[MemberProductOut]:
    """The membership on sale: price, term, benefits and the strategies of fee mode MEMBER."""
    return ok(membership.product_info(session))


@router.post("/adviser/member/verifyIdentity")
def member_verify_identity(
    user: CurrentUser, session: SessionDep, body: VerifyIdentityIn
) -> Envelope[MemberStatusOut]:
    """Check the name and ID number against the opened account before buying."""
    return ok(membership.verify_identity(session, user=user, body=body))


@router.post("/noauth/wechat/pay")
def local_wechat_pay(body: LocalWechatPayIn) -> Envelope[PayStepOut]:
    """The local WeChat Pay's pay step (the stand-in of WeChat's own pay sheet, for browsers
    outside WeChat): the signature is checked, then the order is paid or, asked to, fails."""
    try:
        state = wechat_pay().pay(
            PayParams(
                app_id=body.app_id,
                timestamp=body.timestamp,
                nonce=body.nonce,
                prepay_id=body.prepay_id,
                sign_type=body.sign_type,
                sign=body.sign,
            ),
            succeed=body.succeed,
        )
    except PrepayUnknown as exc:
        raise InvalidParams("支付参数有误") from exc
    return ok(PayStepOut(state=state))


@router.get("/standard/adviser/accFee")
def acc_fee(user: CurrentUser, session: SessionDep, sa_id: SaId) -> Envelope[AccFeeOut]:
    return ok(fees.acc_fee(session, user=user, service_account_id=sa_id))


@router.get("/standard/adviser/chargeDetail")
def charge_detail(
    user: CurrentUser, session: SessionDep, fee_id: FeeId
) -> Envelope[ChargeDetailOut]:
    return ok(fees.charge_detail(session, user=user, fee_id=fee_id))


# -- /serviceAccount: contract ----------------------------------------------------------------


@router.get("/serviceAccount/getAccountInfo")
def account_info(user: CurrentUser, session: SessionDep, sa_id: SaId) -> Envelope[AccountInfoOut]:
    return ok(home.account_info(session, user=user, service_account_id=sa_id))


@router.get("/serviceAccount/getChargePlan")
def charge_plan(
    user: CurrentUser,
    session: SessionDep,
    po_code: PoCode,
    amount: Annotated[AmountIn | None, Query()] = None,
) -> Envelope[ChargePlanOut]:
    return ok(home.charge_plan(session, po_code=po_code, amount=amount))


@router.get("/serviceAccount/contract/detail")
def contract_detail(
    user: CurrentUser, session: SessionDep, sa_id: OptSaId = None, po_code: OptPoCode = None
) -> Envelope[ContractDetailOut]:
    return ok(
        contracts.contract_detail(session, user=user, service_account_id=sa_id, po_code=po_code)
    )


@router.post("/serviceAccount/contract/sign")
def contract_sign(
    user: CurrentUser, session: SessionDep, body: ContractSignIn
) -> Envelope[ContractSignOut]:
    return ok(contracts.contract_sign(session, user=user, body=body))


@router.post("/serviceAccount/contract/signStepTwo")
def sign_step_two(
    user: CurrentUser, session: SessionDep, body: SignStepTwoIn
) -> Envelope[SignStepTwoOut]:
    return ok(contracts.sign_step_two(session, user=user, body=body))


@router.post("/serviceAccount/contract/unsign")
def contract_unsign(user: CurrentUser, session: SessionDep, body: UnsignIn) -> Envelope[UnsignOut]:
    return ok(contracts.unsign(session, user=user, body=body))


@router.post("/serviceAccount/contract/cancelUnSign")
def cancel_unsign(
    user: CurrentUser, session: SessionDep, body: UnsignIn
) -> Envelope[ContractStatusOut]:
    return ok(contracts.cancel_unsign(session, user=user, body=body))


# -- /serviceAccount: money -------------------------------------------------------------------


@router.post("/serviceAccount/depositVerifyCode")
def deposit_code(
    user: CurrentUser, session: SessionDep, body: ServiceAccountIn
) -> Envelope[CodeSentOut]:
    return ok(deposits.send_deposit_code(session, user=user, body=body))


@router.post("/serviceAccount/depositResendVerifyCode")
def deposit_code_again(
    user: CurrentUser, session: SessionDep, body: ServiceAccountIn
) -> Envelope[CodeSentOut]:
    return ok(deposits.send_deposit_code(session, user=user, body=body))


@router.post("/serviceAccount/deposit")
def deposit(
    user: CurrentUser, session: SessionDep, body: DepositIn
) -> Envelope[trading_api.OrderOut]:
    return ok(deposits.deposit(session, user=user, body=body))


@router.get("/serviceAccount/deposit/preview")
def deposit_preview(
    user: CurrentUser, session: SessionDep, sa_id: SaId, amount: AmountIn
) -> Envelope[trading_api.PrepareBuyPoOut]:
    return ok(deposits.deposit_preview(session, user=user, service_account_id=sa_id, amount=amount))


@router.post("/serviceAccount/preredeem")
def preredeem(user: CurrentUser, session: SessionDep, body: PreredeemIn) -> Envelope[PreredeemOut]:
    return ok(deposits.preredeem(session, user=user, body=body))


@router.post("/serviceAccount/withdraw")
def withdraw(
    user: CurrentUser, session: SessionDep, body: WithdrawIn
) -> Envelope[trading_api.OrderOut]:
    return ok(deposits.withdraw(session, user=user, body=body))


@router.post("/serviceAccount/cancel")
def cancel(
    user: CurrentUser, session: SessionDep, body: CancelIn
) -> Envelope[trading_api.OrderOut]:
    return ok(deposits.cancel(session, user=user, body=body))


@router.get("/serviceAccount/getMoneyOrderDetail")
def money_order(
    user: CurrentUser, session: SessionDep, order_no: OrderNo
) -> Envelope[MoneyOrderOut]:
    return ok(deposits.money_order(session, user=user, broker_order_no=order_no))


@router.get("/serviceAccount/fund/assetDetail")
def fund_asset_detail(
    user: CurrentUser,
    session: SessionDep,
    sa_id: SaId,
    fund_code: Annotated[str, Query(alias="fundCode", min_length=1, max_length=16)],
) -> Envelope[FundHoldingOut]:
    return ok(
        home.fund_asset_detail(session, user=user, service_account_id=sa_id, fund_code=fund_code)
    )


@router.post("/serviceAccount/fund/preRedeem")
def fund_preredeem(
    user: CurrentUser, session: SessionDep, body: FundRedeemIn
) -> Envelope[PreredeemOut]:
    return ok(deposits.fund_preredeem(session, user=user, body=body))


@router.post("/serviceAccount/fund/redeem")
def fund_redeem(
    user: CurrentUser, session: SessionDep, body: FundRedeemWriteIn
) -> Envelope[trading_api.OrderOut]:
    return ok(deposits.fund_redeem(session, user=user, body=body))


@router.post("/serviceAccount/advisor/payAdvisorFee")
def pay_fee(user: CurrentUser, session: SessionDep, body: PayFeeIn) -> Envelope[FeePaymentOut]:
    return ok(fees.pay_by_sale(session, user=user, body=body))


@router.post("/serviceAccount/advisor/payAdvisorFeeByWallet")
def pay_fee_by_wallet(
    user: CurrentUser, session: SessionDep, body: PayFeeIn
) -> Envelope[FeePaymentOut]:
    return ok(fees.pay_by_wallet(session, user=user, body=body))


@router.get("/serviceAccount/paymentMethods")
def payment_methods(
    user: CurrentUser, session: SessionDep, sa_id: SaId
) -> Envelope[PaymentMethodsOut]:
    return ok(deposits.payment_methods(session, user=user, service_account_id=sa_id))


# -- /serviceAccount: home --------------------------------------------------------------------


@router.get("/serviceAccount/customer/umaList")
def uma_list(user: CurrentUser, session: SessionDep) -> Envelope[list[UmaOut]]:
    return ok(home.uma_list(session, user=user))


@router.get("/serviceAccount/fund/holdings")
def fund_holdings(user: CurrentUser, session: SessionDep, sa_id: SaId) -> Envelope[FundHoldingsOut]:
    return ok(home.fund_holdings(session, user=user, service_account_id=sa_id))


@router.get("/serviceAccount/totalAsset")
def total_asset(user: CurrentUser, session: SessionDep, sa_id: SaId) -> Envelope[TotalAssetOut]:
    return ok(home.total_asset(session, user=user, service_account_id=sa_id))


@router.post("/serviceAccount/addAdvisorRelation")
def add_advisor_relation(
    user: CurrentUser, session: SessionDep, body: AdvisorRelationIn
) -> Envelope[AdvisorRelationOut]:
    return ok(home.add_advisor_relation(session, user=user, body=body))


@router.get("/serviceAccount/homepage/template")
def homepage_template(user: CurrentUser, session: SessionDep, sa_id: SaId) -> Envelope[TemplateOut]:
    return ok(home.template(session, user=user, service_account_id=sa_id))


@router.get("/serviceAccount/homepage/component")
def homepage_component(
    user: CurrentUser,
    session: SessionDep,
    sa_id: SaId,
    component_type: Annotated[ComponentType, Query(alias="componentType")],
    report_month: Annotated[
        str | None, Query(alias="reportMonth", pattern=r"^\d{4}-\d{2}$")
    ] = None,
    report_scope: Annotated[ReportScope | None, Query(alias="reportScope")] = None,
) -> Envelope[ComponentDataOut]:
    return ok(
        home.component(
            session,
            user=user,
            service_account_id=sa_id,
            component_type=component_type,
            report_month=report_month,
            report_scope=report_scope,
        )
    )


@router.get("/serviceAccount/homepage/announcement")
def homepage_announcement(
    user: CurrentUser, session: SessionDep, sa_id: SaId
) -> Envelope[list[AnnouncementOut]]:
    return ok(announcements.home_list(session, user=user, service_account_id=sa_id))


@router.get("/serviceAccount/announcement/detail")
def announcement_detail(
    user: CurrentUser,
    session: SessionDep,
    announcement_id: Annotated[Id, Query(alias="announcementId")],
) -> Envelope[AnnouncementDetailOut]:
    return ok(announcements.detail(session, user=user, announcement_id=announcement_id))


@router.post("/serviceAccount/announcement/read")
def announcement_read(
    user: CurrentUser, session: SessionDep, body: AnnouncementIn
) -> Envelope[AnnouncementDetailOut]:
    return ok(announcements.read(session, user=user, announcement_id=body.announcement_id))


@router.get("/serviceAccount/announcement/mandatoryList")
def mandatory_list(
    user: CurrentUser, session: SessionDep, sa_id: SaId
) -> Envelope[list[AnnouncementOut]]:
    return ok(announcements.mandatory_list(session, user=user, service_account_id=sa_id))


# -- /serviceAccount: adjustments -------------------------------------------------------------


@router.get("/serviceAccount/adjustment/detail")
def adjustment_detail(
    user: CurrentUser,
    session: SessionDep,
    adjustment_id: Annotated[Id, Query(alias="adjustmentId")],
) -> Envelope[AdjustmentOut]:
    return ok(adjustments.detail(session, user=user, adjustment_id=adjustment_id))


@router.post("/serviceAccount/adjustment/confirm")
def adjustment_confirm(
    user: CurrentUser, session: SessionDep, body: AdjustmentWriteIn
) -> Envelope[AdjustmentOut]:
    return ok(adjustments.confirm(session, user=user, body=body))


@router.post("/serviceAccount/adjustment/cancel")
def adjustment_cancel(
    user: CurrentUser, session: SessionDep, body: AdjustmentIn
) -> Envelope[AdjustmentOut]:
    return ok(adjustments.cancel(session, user=user, body=body))


@router.post("/serviceAccount/adjustment/withdraw")
def adjustment_withdraw(
    user: CurrentUser, session: SessionDep, body: AdjustmentWriteIn
) -> Envelope[AdjustmentOut]:
    return ok(adjustments.withdraw(session, user=user, body=body))


# -- /serviceAccount: transfers ---------------------------------------------------------------


@router.get("/serviceAccount/transfer/preview")
def transfer_preview(
    user: CurrentUser, session: SessionDep, sa_id: SaId
) -> Envelope[TransferPreviewOut]:
    return ok(transfers.preview(session, user=user, service_account_id=sa_id))


@router.post("/serviceAccount/transfer/confirm")
def transfer_confirm(
    user: CurrentUser, session: SessionDep, body: TransferConfirmIn
) -> Envelope[TransferOut]:
    return ok(transfers.confirm(session, user=user, body=body))


@router.post("/serviceAccount/transfer/cancel")
def transfer_cancel(
    user: CurrentUser, session: SessionDep, body: TransferIn
) -> Envelope[TransferOut]:
    return ok(transfers.cancel(session, user=user, body=body))


# -- /serviceAccount/depositInvestPlan --------------------------------------------------------


@router.post("/serviceAccount/depositInvestPlan/create")
def plan_create(
    user: CurrentUser, session: SessionDep, body: DepositPlanCreateIn
) -> Envelope[plans_api.InvestPlanOut]:
    return ok(plans.create(session, user=user, body=body))


@router.post("/serviceAccount/depositInvestPlan/update")
def plan_update(
    user: CurrentUser, session: SessionDep, body: plans_api.PlanUpdateIn
) -> Envelope[plans_api.InvestPlanOut]:
    return ok(plans.update(session, user=user, body=body))


@router.post("/serviceAccount/depositInvestPlan/pause")
def plan_pause(
    user: CurrentUser, session: SessionDep, body: plans_api.PlanActionIn
) -> Envelope[plans_api.InvestPlanOut]:
    return ok(plans.act(session, user=user, body=body, action="pause"))


@router.post("/serviceAccount/depositInvestPlan/resume")
def plan_resume(
    user: CurrentUser, session: SessionDep, body: plans_api.PlanActionIn
) -> Envelope[plans_api.InvestPlanOut]:
    return ok(plans.act(session, user=user, body=body, action="resume"))


@router.post("/serviceAccount/depositInvestPlan/terminate")
def plan_terminate(
    user: CurrentUser, session: SessionDep, body: plans_api.PlanActionIn
) -> Envelope[plans_api.InvestPlanOut]:
    return ok(plans.act(session, user=user, body=body, action="terminate"))


@router.get("/serviceAccount/depositInvestPlan/param")
def plan_param(
    user: CurrentUser, session: SessionDep, sa_id: SaId
) -> Envelope[DepositPlanParamOut]:
    return ok(plans.param(session, user=user, service_account_id=sa_id))


@router.get("/serviceAccount/depositInvestPlan/detail")
def plan_detail(
    user: CurrentUser, session: SessionDep, plan_id: PlanId
) -> Envelope[plans_api.InvestPlanDetailOut]:
    return ok(plans.detail(session, user=user, plan_id=plan_id))


@router.get("/serviceAccount/depositInvestPlan/executions")
def plan_executions(
    user: CurrentUser, session: SessionDep, plan_id: PlanId, page: Page = 1, size: Size = 10
) -> Envelope[PageOut[plans_api.ExecutionOut]]:
    return ok(plans.executions(session, user=user, plan_id=plan_id, page=page, size=size))
