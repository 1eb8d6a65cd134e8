"""What other features and the entry points use of plans: the daily steps' functions (the
demo world and the benchmark run them) and the plan calls' services."""

from opentamp.plans.execution import execute_due, take_profit
from opentamp.plans.service import (
    TRADE_TYPES,
    create_plan,
    pause_plan,
    require_signing,
    terminate_plan,
)

__all__ = [
    "TRADE_TYPES",
    "create_plan",
    "execute_due",
    "pause_plan",
    "require_signing",
    "take_profit",
    "terminate_plan",
]
