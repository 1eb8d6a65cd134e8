"""/utils/dict, /utils/dynamicDict and /utils/country."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

from opentamp.deps import SessionDep, ViewerDep
from opentamp.dictionary import schemas, service
from opentamp.kit.envelope import Envelope, api_router, ok

router = api_router(tags=["dictionary"])


@router.get("/utils/dict")
def dicts(
    _viewer: ViewerDep,
    dict_type: Annotated[str | None, Query(alias="dictType", max_length=256)] = None,
) -> Envelope[list[schemas.DictGroupOut]]:
    """The spec's enumerations with their labels (comma-separated dictType; all without)."""
    return ok(service.dicts(dict_types=dict_type))


@router.get("/utils/dynamicDict")
def dynamic_dicts(
    session: SessionDep,
    _viewer: ViewerDep,
    group_codes: Annotated[str | None, Query(alias="groupCodes", max_length=256)] = None,
) -> Envelope[list[schemas.DictGroupOut]]:
    """Groups of label and value maintained by the operator (comma-separated groupCodes)."""
    return ok(service.dynamic_dicts(session, group_codes=group_codes))


@router.get("/utils/country")
def countries(_viewer: ViewerDep) -> Envelope[list[schemas.CountryOut]]:
    """Countries and regions (selectCountry)."""
    return ok(service.countries())
