"""The target-strategy calls of docs/targets.md "Calls"."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query

from opentamp.deps import CurrentUser, SessionDep, claimed_ids
from opentamp.kit.envelope import Envelope, api_router, ok
from opentamp.kit.params import Id
from opentamp.targets import service
from opentamp.targets.schemas import SeriesStrategyAssetOut, TargetSettingIn, TargetSettingOut

router = api_router(tags=["targets"], dependencies=[Depends(claimed_ids)])

Code = Annotated[str, Query(min_length=1, max_length=16)]


@router.get("/asset/targetSetting")
def get_target_setting(
    user: CurrentUser,
    session: SessionDep,
    strategy_code: Annotated[str, Query(alias="strategyCode", min_length=1, max_length=16)],
    financial_account_id: Annotated[Id, Query(alias="financialAccountId")],
) -> Envelope[TargetSettingOut]:
    """The holder's target return and target-reach action for their position in a strategy."""
    return ok(
        service.target_setting(
            session,
            user=user,
            strategy_code=strategy_code,
            financial_account_id=financial_account_id,
        )  # fmt: skip
    )


@router.post("/asset/targetSetting")
def post_target_setting(
    body: TargetSettingIn, user: CurrentUser, session: SessionDep
) -> Envelope[TargetSettingOut]:
    """Set the holder's target return (2 %–30 %) and what happens when it is reached."""
    return ok(service.set_target(session, user=user, body=body))


@router.get("/account/getAccountSeriesStrategyAsset")
def series_strategy_asset(
    user: CurrentUser,
    session: SessionDep,
    financial_account_id: Annotated[Id | None, Query(alias="financialAccountId")] = None,
    strategy_parent_code: Annotated[
        str | None, Query(alias="strategyParentCode", min_length=1, max_length=16)
    ] = None,
) -> Envelope[SeriesStrategyAssetOut]:
    """The target strategies (asset view TARGET_SERIES_ASSET) with the caller's positions."""
    return ok(
        service.series_asset(
            session,
            user=user,
            financial_account_id=financial_account_id,
            strategy_parent_code=strategy_parent_code,
        )  # fmt: skip
    )
