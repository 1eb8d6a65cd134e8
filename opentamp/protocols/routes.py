"""Protocol calls: /noauth/protocol/* (privacy, account opening, laws) and /protocol/* (a
product's agreements)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

from opentamp.deps import SessionDep, ViewerDep
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.params import Id, SmallId
from opentamp.protocols import schemas, service

router = api_router(tags=["protocols"])

BrokerId = Annotated[SmallId | None, Query(alias="brokerId")]
Scope = Annotated[str | None, Query(description="H5（默认）或 APP")]


@router.get("/noauth/protocol/privacy/latest")
def privacy_latest(
    session: SessionDep, broker_id: BrokerId = None, scope: Scope = None
) -> Envelope[list[schemas.ProtocolOut]]:
    """The latest privacy policy and user agreement."""
    return ok(service.privacy_latest(session, broker_id=broker_id, scope=scope))


@router.get("/noauth/protocol/privacy/list")
def privacy_list(
    session: SessionDep, broker_id: BrokerId = None, scope: Scope = None
) -> Envelope[list[schemas.ProtocolOut]]:
    """Every version of the privacy policy, newest first."""
    return ok(service.privacy_history(session, broker_id=broker_id, scope=scope))


@router.get("/noauth/protocol/account")
def account_protocols(
    session: SessionDep, broker_id: BrokerId = None
) -> Envelope[list[schemas.ProtocolOut]]:
    """The protocols an investor agrees to when opening an account."""
    return ok(service.account_protocols(session, broker_id=broker_id))


@router.get("/noauth/protocol/lawsRegulations/list")
def laws(session: SessionDep) -> Envelope[list[schemas.ProtocolOut]]:
    """The laws and regulations investors may read."""
    return ok(service.laws(session))


@router.get("/noauth/protocol/detail")
def protocol_detail(
    session: SessionDep, protocol_id: Annotated[Id, Query(alias="protocolId")]
) -> Envelope[schemas.ProtocolDetailOut]:
    """One protocol with its text."""
    return ok(service.detail(session, protocol_id=protocol_id))


@router.get("/protocol/agreements")
def agreements(
    session: SessionDep,
    viewer: ViewerDep,
    product_code: Annotated[str | None, Query(alias="productCode", max_length=16)] = None,
    product_type: Annotated[str | None, Query(alias="productType", max_length=16)] = None,
    bank_no: Annotated[str | None, Query(alias="bankNo", max_length=8)] = None,
    agreement_type: Annotated[str | None, Query(alias="agreementType", max_length=32)] = None,
) -> Envelope[schemas.AgreementsOut]:
    """A product's agreements, and a bank's payment agreements."""
    return ok(
        service.agreements(
            session,
            code=product_code,
            product_type=product_type,
            bank_no=bank_no,
            agreement_type=agreement_type,
            broker_id=viewer.broker_id,
        )
    )


@router.get("/protocol/listByPo")
def list_by_po(
    session: SessionDep,
    viewer: ViewerDep,
    po_code: Annotated[str | None, Query(alias="poCode", max_length=16)] = None,
) -> Envelope[schemas.PoProtocolsOut]:
    """A portfolio's protocols and its component funds' documents."""
    return ok(service.list_by_po(session, po_code=po_code, broker_id=viewer.broker_id))


@router.get("/protocol/privateAsset")
def private_asset(
    session: SessionDep,
    viewer: ViewerDep,
    product_code: Annotated[str | None, Query(alias="productCode", max_length=16)] = None,
) -> Envelope[schemas.AgreementsOut]:
    """A private product's contract, risk disclosure and private-asset protocols."""
    return ok(service.private_asset(session, code=product_code, broker_id=viewer.broker_id))
