"""The pension calls of docs/pension.md ("Calls"): ``/pension/*``."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Depends, Query

from opentamp.accounts.api import check_trade_password_first
from opentamp.deps import CurrentUser, SessionDep, claimed_ids
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.pension import service
from opentamp.pension.schemas import (
    ApplyOpenUrlOut,
    BindIn,
    CitiesOut,
    ConfirmOpenIn,
    ContributionOut,
    ContributionsOut,
    OpenApplyOut,
    OpenIn,
    PensionAgreementOut,
    PensionBankOut,
    PensionProductOut,
    PensionTimeOut,
    RechargeApplyIn,
    RechargeConfirmIn,
    TdAccountOut,
)

router = api_router(
    tags=["pension"],
    dependencies=[Depends(check_trade_password_first), Depends(claimed_ids)],
)

BankNo = Annotated[str, Query(alias="bankNo", min_length=3, max_length=8)]
ApplyNo = Annotated[str, Query(alias="applyNo", min_length=1, max_length=32)]
Category = Annotated[Literal["targetDate", "targetRisk"] | None, Query()]


@router.get("/pension/bankList")
def bank_list(user: CurrentUser) -> Envelope[list[PensionBankOut]]:
    """Banks whose personal pension fund accounts can be bound, and which open one online."""
    return ok(service.bank_list())


@router.get("/pension/supportCities")
def support_cities(user: CurrentUser, bank_no: BankNo) -> Envelope[CitiesOut]:
    return ok(service.support_cities(bank_no))


@router.get("/pension/getAuthorizedAgreement")
def authorized_agreement(user: CurrentUser) -> Envelope[PensionAgreementOut]:
    return ok(service.authorized_agreement())


@router.get("/pension/getRechargeAgreement")
def recharge_agreement(user: CurrentUser) -> Envelope[PensionAgreementOut]:
    return ok(service.recharge_agreement())


@router.post("/pension/bindTDAccount")
def bind_account(user: CurrentUser, session: SessionDep, body: BindIn) -> Envelope[TdAccountOut]:
    """Bind the pension fund account the user holds at a bank (one per person)."""
    return ok(service.bind_account(session, user=user, body=body))


@router.post("/pension/openTDAccount")
def open_account(user: CurrentUser, session: SessionDep, body: OpenIn) -> Envelope[OpenApplyOut]:
    """Apply to open a pension fund account at a bank that opens one online."""
    return ok(service.open_account(session, user=user, body=body))


@router.get("/pension/applyOpenUrl")
def apply_open_url(
    user: CurrentUser, session: SessionDep, apply_no: ApplyNo
) -> Envelope[ApplyOpenUrlOut]:
    return ok(service.apply_open_url(session, user=user, apply_no=apply_no))


@router.post("/pension/confirmOpen")
def confirm_open(
    user: CurrentUser, session: SessionDep, body: ConfirmOpenIn
) -> Envelope[TdAccountOut]:
    return ok(service.confirm_open(session, user=user, apply_no=body.apply_no))


@router.get("/pension/tdAccount")
def td_account(user: CurrentUser, session: SessionDep) -> Envelope[TdAccountOut]:
    """The pension account, balance, this year's quota, holdings, profit and tax estimate."""
    return ok(service.td_account(session, user=user))


@router.post("/pension/rechargeApply")
def recharge_apply(
    user: CurrentUser, session: SessionDep, body: RechargeApplyIn
) -> Envelope[ContributionOut]:
    """A contribution from a bound card, checked against the yearly cap of 12 000 元."""
    return ok(service.recharge_apply(session, user=user, body=body))


@router.post("/pension/rechargeConfirm")
def recharge_confirm(
    user: CurrentUser, session: SessionDep, body: RechargeConfirmIn
) -> Envelope[ContributionOut]:
    return ok(service.recharge_confirm(session, user=user, body=body))


@router.get("/pension/queryRecharge")
def query_recharge(
    user: CurrentUser,
    session: SessionDep,
    year: Annotated[int | None, Query(ge=2022, le=2100)] = None,
) -> Envelope[ContributionsOut]:
    return ok(service.query_recharge(session, user=user, year=year))


@router.get("/pension/product/list")
def product_list(
    user: CurrentUser, session: SessionDep, category: Category = None
) -> Envelope[list[PensionProductOut]]:
    """The pension shelf (Y 类份额), all or one category (subShelf)."""
    return ok(service.product_list(session, user=user, category=category))


@router.get("/pension/product/recommend")
def product_recommend(user: CurrentUser, session: SessionDep) -> Envelope[list[PensionProductOut]]:
    return ok(service.product_list(session, user=user, category=None, recommend=True))


@router.get("/pension/time")
def trading_time(user: CurrentUser) -> Envelope[PensionTimeOut]:
    """The trading window of pension fund orders now."""
    return ok(service.trading_time())
