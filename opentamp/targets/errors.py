"""Errors of the target-strategy calls (codes 682xx, opentamp/errors.py). A refused call
writes nothing."""

from __future__ import annotations

from opentamp.errors import AppError, NotFound


class TargetHoldingNotFound(NotFound):
    """No position of the caller in that strategy (another user's answers the same)."""

    code = 68201
    error = "target_holding_not_found"
    msg = "暂无该目标策略的持仓"


class TargetRateInvalid(AppError):
    """A target outside docs/targets.md "Target setting"."""

    code = 68202
    error = "target_rate_invalid"
    msg = "目标收益率设置有误"


class TargetSettingClosed(AppError):
    """The position has reached its target or ended: nothing is left to set."""

    code = 68203
    error = "target_setting_closed"
    msg = "该持仓已止盈或已结束，无法修改目标设置"


class StrategyNotFound(NotFound):
    code = 68204
    error = "strategy_not_found"
    msg = "目标策略不存在"
