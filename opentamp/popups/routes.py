from __future__ import annotations

from typing import Annotated

from fastapi import Query, Request
from sqlalchemy.orm import Session

from opentamp.deps import CurrentUser, SessionDep
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.ownership import owned, require_self
from opentamp.kit.params import Id, SmallId
from opentamp.kit.terminal import terminal_of
from opentamp.models.accounts import Account
from opentamp.models.auth import BrokerUser
from opentamp.popups import service
from opentamp.popups.schemas import (
    ContractStatusOut,
    IgnoreRiskToastIn,
    NonAmericanIn,
    NonAmericanOut,
    OperationPopupOut,
    PopupScene,
    PopupSceneIn,
    PopupSceneOut,
    RiskToastOut,
    SignContractsIn,
    UnsignedPaymentOut,
)

router = api_router(tags=["popups"])

BrokerUserId = Annotated[Id | None, Query(alias="brokerUserId")]
AccountId = Annotated[Id | None, Query(alias="accountId")]
FileTypes = Annotated[
    str | None, Query(alias="fileTypes", description="协议类型，逗号分隔，如 privacyPolicy")
]


def _own_ids(
    session: Session, user: BrokerUser, broker_user_id: int | None, account_id: int | None
) -> None:
    """The brokerUserId and accountId of a request, when given, are the caller's (else 404)."""
    require_self(user.id, broker_user_id)
    if account_id is not None:
        owned(session, Account, account_id, owner_id=user.id)


@router.get("/account/popupScene")
def popup_scene(
    session: SessionDep,
    user: CurrentUser,
    popup_scene: Annotated[PopupScene, Query(alias="popupScene")],
    broker_user_id: BrokerUserId = None,
) -> Envelope[PopupSceneOut]:
    """Whether the payment re-sign prompt should show (``paymentResign``)."""
    require_self(user.id, broker_user_id)
    return ok(service.payment_resign_scene(session, user=user))


@router.post("/account/popupScene")
def put_off_popup_scene(
    body: PopupSceneIn, session: SessionDep, user: CurrentUser
) -> Envelope[PopupSceneOut]:
    """暂不签约: put the payment re-sign prompt off for 1440 minutes."""
    require_self(user.id, body.broker_user_id)
    return ok(service.put_off_payment_resign(session, user=user))


@router.get("/account/queryUnsignPayments")
def unsigned_payments(
    session: SessionDep,
    user: CurrentUser,
    broker_user_id: BrokerUserId = None,
    account_id: AccountId = None,
) -> Envelope[list[UnsignedPaymentOut]]:
    """Bound cards whose payment channel needs re-signing."""
    _own_ids(session, user, broker_user_id, account_id)
    return ok(service.unsigned_payments(session, user=user))


@router.get("/account/queryUnsignPayment")
def unsigned_payment(
    session: SessionDep,
    user: CurrentUser,
    broker_user_id: BrokerUserId = None,
    account_id: AccountId = None,
) -> Envelope[UnsignedPaymentOut | None]:
    """The first card whose payment channel needs re-signing, or null."""
    _own_ids(session, user, broker_user_id, account_id)
    items = service.unsigned_payments(session, user=user)
    return ok(items[0] if items else None)


@router.get("/account/checkUserLatestContracts")
def check_latest_contracts(
    session: SessionDep,
    user: CurrentUser,
    file_types: FileTypes = None,
    broker_user_id: BrokerUserId = None,
) -> Envelope[list[ContractStatusOut]]:
    """Whether the user consented to the latest version of each document (``isSignLatest``)."""
    require_self(user.id, broker_user_id)
    return ok(service.contract_status(session, user=user, file_types=file_types))


@router.get("/tamp/account/checkUserLatestContractsResult")
def check_latest_contracts_result(
    session: SessionDep,
    user: CurrentUser,
    file_types: FileTypes = None,
    broker_user_id: BrokerUserId = None,
) -> Envelope[list[ContractStatusOut]]:
    """The account-binding flow's check: the same answer, for every document by default."""
    require_self(user.id, broker_user_id)
    return ok(service.contract_status(session, user=user, file_types=file_types))


@router.post("/account/signLatestContracts")
def sign_latest_contracts(
    body: SignContractsIn, request: Request, session: SessionDep, user: CurrentUser
) -> Envelope[list[ContractStatusOut]]:
    """Record the user's consent to the versions they read."""
    require_self(user.id, body.broker_user_id)
    ip, info = terminal_of(request, body)
    return ok(
        service.sign_contracts(
            session, user=user, contracts=body.contracts, terminal_ip=ip, terminal_info=info
        )
    )


@router.get("/tamp/account/nonAmerican")
def non_american(
    session: SessionDep, user: CurrentUser, broker_user_id: BrokerUserId = None
) -> Envelope[NonAmericanOut]:
    """The user's non-US taxpayer declaration (null when never declared)."""
    require_self(user.id, broker_user_id)
    return ok(service.non_american_status(session, user=user))


@router.post("/account/submitNonAmerican")
def submit_non_american(
    body: NonAmericanIn, request: Request, session: SessionDep, user: CurrentUser
) -> Envelope[NonAmericanOut]:
    """Submit the non-US taxpayer declaration."""
    require_self(user.id, body.broker_user_id)
    ip, info = terminal_of(request, body)
    return ok(
        service.submit_non_american(
            session,
            user=user,
            non_american=body.non_american,
            terminal_ip=ip,
            terminal_info=info,
        )
    )


@router.get("/toast/isNeedRiskToast")
def is_need_risk_toast(
    session: SessionDep, user: CurrentUser, broker_user_id: BrokerUserId = None
) -> Envelope[RiskToastOut]:
    """Whether to prompt that the risk test has expired."""
    require_self(user.id, broker_user_id)
    return ok(service.risk_toast(session, user=user))


@router.post("/toast/ignoreRiskToast")
def ignore_risk_toast(
    body: IgnoreRiskToastIn, session: SessionDep, user: CurrentUser
) -> Envelope[RiskToastOut]:
    """Put the risk-test expiry prompt off for ``ignoreMonths`` months."""
    require_self(user.id, body.broker_user_id)
    return ok(service.ignore_risk_toast(session, user=user, months=body.ignore_months))


@router.get("/noauth/popup/list")
def operation_popups(
    session: SessionDep,
    broker: Annotated[SmallId | None, Query(description="券商编号，客户端自动附带")] = None,
    scene: Annotated[str | None, Query(max_length=32, description="HOME 或 MINE")] = None,
) -> Envelope[list[OperationPopupOut]]:
    """The broker's operation pop-ups live now."""
    return ok(service.operation_popups(session, broker_id=broker, scene=scene))
