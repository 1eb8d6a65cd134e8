"""Routes of the shelf (docs/shelf.md)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Depends, Query, Request

from opentamp.deps import CurrentUser, SessionDep, claimed_ids
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.ownership import require_self
from opentamp.kit.params import Id, SmallId
from opentamp.shelf import service
from opentamp.shelf.schemas import (
    AllPaymentMethodsOut,
    BrokerUserProductStatusOut,
    DocumentLinkOut,
    DsfofOut,
    TransferCenterOut,
)
from opentamp.trading import api as trading_api

router = api_router(tags=["shelf"], dependencies=[Depends(claimed_ids)])
BrokerUserId = Annotated[Id | None, Query(alias="brokerUserId")]


@router.get("/account/getAllPaymentMethods")
def get_all_payment_methods(
    user: CurrentUser,
    session: SessionDep,
    broker_user_id: BrokerUserId = None,
    financial_account_id: Annotated[Id | None, Query(alias="financialAccountId")] = None,
    capital_mode: Annotated[Literal["ALL"], Query(alias="capitalMode")] = "ALL",
    team_id: Annotated[SmallId | None, Query(alias="teamId")] = None,
) -> Envelope[AllPaymentMethodsOut]:
    """Every way the user can pay (capitalMode ALL): bound cards, each account's wallet with
    its available shares, and the pension fund account."""
    require_self(user.id, broker_user_id)
    return ok(
        service.all_payment_methods(session, user=user, financial_account_id=financial_account_id)
    )


@router.get("/tamp/getBrokerUserProductStatus")
def get_broker_user_product_status(
    user: CurrentUser, session: SessionDep, broker_user_id: BrokerUserId = None
) -> Envelope[BrokerUserProductStatusOut]:
    """Which kinds of product the user holds, held before or never held."""
    require_self(user.id, broker_user_id)
    return ok(service.product_status(session, user=user))


@router.get("/noauth/utils/documentLink")
def document_link(
    request: Request,
    session: SessionDep,
    url: Annotated[str, Query(max_length=4096, description="要打开的外部文档地址")],
    title: Annotated[str, Query(max_length=64)] = "",
    broker_id: Annotated[SmallId | None, Query(alias="brokerId")] = None,
) -> Envelope[DocumentLinkOut]:
    """Check an address for the document viewers (iframe, outsideChain) against the broker's
    allow-list; refused addresses answer 72302."""
    return ok(
        service.document_link(
            session,
            url=url,
            title=title,
            broker_id=broker_id,
            own_host=request.url.hostname or "",
        )
    )


@router.get("/customer/transferCenter")
def transfer_center(
    user: CurrentUser,
    session: SessionDep,
    report_id: Annotated[str | None, Query(alias="reportId", max_length=64)] = None,
    scene: Annotated[str, Query(max_length=32)] = "tampReport",
    origin: Annotated[str | None, Query(max_length=255, description="打开本页的页面来源")] = None,
    broker_user_id: BrokerUserId = None,
) -> Envelope[TransferCenterOut]:
    """The partner transfer-centre jump: its address with a one-time ticket."""
    require_self(user.id, broker_user_id)
    return ok(
        service.transfer_center(session, user=user, report_id=report_id, scene=scene, origin=origin)
    )


@router.get("/shelf/dsfof/list")
def dsfof_list(user: CurrentUser, session: SessionDep) -> Envelope[list[DsfofOut]]:
    """The FOF shelf: funds of funds with their latest NAV and the user's shares."""
    return ok(service.dsfof_list(session, user=user))


@router.get("/shelf/dsfof/records")
def dsfof_records(
    user: CurrentUser,
    session: SessionDep,
    product_code: Annotated[str | None, Query(alias="productCode", max_length=16)] = None,
) -> Envelope[list[trading_api.OrderOut]]:
    """The user's orders of funds of funds (of one fund with productCode), newest first."""
    return ok(service.dsfof_records(session, user=user, product_code=product_code))
