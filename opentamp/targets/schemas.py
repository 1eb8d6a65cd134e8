"""Payloads of the target-strategy calls (docs/targets.md "Calls")."""

from __future__ import annotations

from datetime import date
from typing import Literal

from opentamp.kit.params import Id
from opentamp.kit.schema import AmountOut, CamelModel, Rate4Out, RatioIn

TargetAction = Literal["redeem", "keepOn"]


class TargetActionOut(CamelModel):
    value: TargetAction
    label: str


class TargetSettingOut(CamelModel):
    strategy_code: str
    strategy_name: str
    financial_account_id: int
    #: The strategy's own target and the holder's.
    strategy_target_rate: Rate4Out
    target_rate: Rate4Out
    target_action: TargetAction
    min_target_rate: Rate4Out
    max_target_rate: Rate4Out
    actions: list[TargetActionOut]
    phase: str
    phase_name: str
    editable: bool


class TargetSettingIn(CamelModel):
    strategy_code: str
    financial_account_id: Id
    target_rate: RatioIn
    target_action: TargetAction = "redeem"


class TargetPositionOut(CamelModel):
    id: int
    financial_account_id: int
    financial_account_name: str
    period_no: int
    buy_mode: str
    phase: str
    phase_name: str
    amount: AmountOut
    total_asset: AmountOut
    holding_profit: AmountOut
    #: The round's return on its base (cost, or the value when a keep-on round began).
    return_rate: Rate4Out
    target_rate: Rate4Out
    target_action: TargetAction
    round: int
    bought_date: date
    reached_date: date | None
    realised_rate: Rate4Out | None
    stop_order_no: str | None
    stop_order_status: str | None


class SeriesStrategyOut(CamelModel):
    strategy_code: str
    strategy_name: str
    strategy_type: str
    product_type: Literal["targetSeries"] = "targetSeries"
    target_return: Rate4Out
    buy_mode: str
    period_no: int
    current_phase: str | None
    current_phase_name: str | None
    on_sale: bool
    total_asset: AmountOut
    holding_profit: AmountOut
    positions: list[TargetPositionOut]


class SeriesStrategyAssetOut(CamelModel):
    """GET /account/getAccountSeriesStrategyAsset (asset view TARGET_SERIES_ASSET)."""

    total_asset: AmountOut
    holding_profit: AmountOut
    accumulated_profit: AmountOut
    strategies: list[SeriesStrategyOut]
