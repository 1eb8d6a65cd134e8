"""Private placements (/private/*): signed-in users only, figures after the qualified-investor
statement."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

from opentamp.deps import CurrentUser, SessionDep
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.pagination import PageOut
from opentamp.private_funds import schemas, service
from opentamp.products.api import NoticeOut

router = api_router(tags=["private"])

ProductCode = Annotated[str | None, Query(alias="productCode", max_length=16)]


@router.get("/private/list")
def private_list(session: SessionDep, user: CurrentUser) -> Envelope[schemas.PrivateListOut]:
    """The private sets and their products."""
    return ok(service.private_list(session, user=user))


@router.get("/private/product/info")
def product_info(
    session: SessionDep, user: CurrentUser, product_code: ProductCode = None
) -> Envelope[schemas.PrivateProductOut]:
    """A private product (figures once the statement is made)."""
    return ok(service.product_info(session, user=user, code=product_code))


@router.get("/private/archive")
def archive(
    session: SessionDep, user: CurrentUser, product_code: ProductCode = None
) -> Envelope[schemas.PrivateArchiveOut]:
    """A private product's documents."""
    return ok(service.archive(session, user=user, code=product_code))


@router.get("/private/announcement")
def announcement(
    session: SessionDep,
    user: CurrentUser,
    product_code: ProductCode = None,
    page: Annotated[int | None, Query(ge=1, le=10_000)] = None,
    size: Annotated[int | None, Query(ge=1, le=100)] = None,
) -> Envelope[PageOut[NoticeOut]]:
    """A private product's announcements and reports."""
    return ok(service.announcements(session, user=user, code=product_code, page=page, size=size))


@router.post("/private/investorStatement")
def investor_statement(
    session: SessionDep, user: CurrentUser, body: schemas.InvestorStatementIn
) -> Envelope[schemas.InvestorStatementOut]:
    """Record the user's qualified-investor statement."""
    return ok(service.confirm_statement(session, user=user, body=body))
