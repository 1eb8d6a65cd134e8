"""The signal calls of docs/signals.md#calls: the follow setting and the latest signal under
``/account``, the follow plan, its history, the followed products and the signal purchase and
sale under ``/trade``, and the lead manager's publication under ``/operator``."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query

from opentamp.accounts.api import check_trade_password_first
from opentamp.deps import CurrentUser, SessionDep, claimed_ids
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.params import Id
from opentamp.operators.api import (
    FORBIDDEN_RESPONSE,
    LEAD_MANAGER,
    SignedInOperator,
    audit,
    require_operator,
)
from opentamp.signals import service
from opentamp.signals.schemas import (
    FollowedProductOut,
    FollowPlanOut,
    FollowRecordsOut,
    FollowSettingIn,
    FollowSignalOut,
    PublishIn,
    SignalBuyIn,
    SignalOut,
    SignalRedeemIn,
)
from opentamp.trading.api import OrderOut

router = api_router(
    tags=["signals"],
    dependencies=[Depends(check_trade_password_first), Depends(claimed_ids)],
)
operator_router = api_router(tags=["signals"], responses=FORBIDDEN_RESPONSE)

PoCode = Annotated[str, Query(alias="poCode", min_length=1, max_length=16)]
FinancialAccountId = Annotated[Id | None, Query(alias="financialAccountId")]
Page = Annotated[int | None, Query(ge=1, le=10_000)]
Size = Annotated[int | None, Query(ge=1, le=100)]
LeadManager = Annotated[SignedInOperator, Depends(require_operator(LEAD_MANAGER))]


@router.get("/account/followSignal")
def follow_signal(
    user: CurrentUser,
    session: SessionDep,
    po_code: PoCode,
    financial_account_id: FinancialAccountId = None,
) -> Envelope[FollowSignalOut]:
    """The product's latest signal (``latestSignalInfo``) and the caller's follow of it."""
    return ok(
        service.follow_signal(
            session, user=user, po_code=po_code, financial_account_id=financial_account_id
        )
    )


@router.get("/account/getFollowSetting")
@router.get("/trade/signalPo/followSetting")
def follow_setting(
    user: CurrentUser,
    session: SessionDep,
    po_code: PoCode,
    financial_account_id: FinancialAccountId = None,
) -> Envelope[FollowPlanOut]:
    """Whether the caller follows the product (``isSetConfig``) and the follow plan screen's
    terms: status, action, base amount, payment, minimum, bands (both calls answer the same)."""
    return ok(
        service.follow_setting(
            session, user=user, po_code=po_code, financial_account_id=financial_account_id
        )
    )


@router.post("/trade/signalPo/followSetting")
def set_follow_setting(
    user: CurrentUser, session: SessionDep, body: FollowSettingIn
) -> Envelope[FollowPlanOut]:
    """CREATE 确认跟车, UPDATE 修改跟车, RESUME 恢复跟车 or PAUSE a follow plan."""
    return ok(service.set_follow(session, user=user, body=body))


@router.get("/trade/signalPo/followHistory")
def follow_history(
    user: CurrentUser,
    session: SessionDep,
    po_code: Annotated[str | None, Query(alias="poCode", max_length=16)] = None,
    follow_plan_id: Annotated[Id | None, Query(alias="followPlanId")] = None,
    sig_id: Annotated[str | None, Query(alias="sigId", max_length=32)] = None,
    financial_account_id: FinancialAccountId = None,
    page: Page = None,
    size: Size = None,
) -> Envelope[FollowRecordsOut]:
    """The caller's follows (signalAutoFollowRecord), newest first, each with its order or its
    reason."""
    return ok(
        service.follow_records(
            session,
            user=user,
            po_code=po_code,
            follow_plan_id=follow_plan_id,
            sig_id=sig_id,
            financial_account_id=financial_account_id,
            page=page,
            size=size,
        )
    )


@router.get("/trade/getFollowSignal")
def get_follow_signal(user: CurrentUser, session: SessionDep) -> Envelope[list[FollowedProductOut]]:
    """The signal products the caller follows (poSignalList), each with its latest signal."""
    return ok(service.followed_products(session, user=user))


@router.post("/trade/signalPo/buy")
def signal_buy(user: CurrentUser, session: SessionDep, body: SignalBuyIn) -> Envelope[OrderOut]:
    """A purchase of a signal product on one of its buy signals."""
    return ok(service.signal_buy(session, user=user, body=body))


@router.post("/trade/signalPo/redeem")
def signal_redeem(
    user: CurrentUser, session: SessionDep, body: SignalRedeemIn
) -> Envelope[OrderOut]:
    """A sale of the part a sell signal instructs: a signal sell order."""
    return ok(service.signal_redeem(session, user=user, body=body))


@operator_router.post("/operator/signal/publish")
def publish(operator: LeadManager, session: SessionDep, body: PublishIn) -> Envelope[SignalOut]:
    """A lead manager publishes a signal (role lead_manager; audited)."""
    signal = service.publish(session, body=body)
    audit(
        session, operator, "signal.publish", ("signal", signal.sig_id), body.model_dump(mode="json")
    )
    return ok(service.signal_out(signal))
