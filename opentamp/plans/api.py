"""What other features and the entry points use of plans: the daily steps' functions (the
demo world and the benchmark run them) and the plan calls' services, which the advisory
deposit-invest plans reuse."""

from opentamp.plans.execution import execute_due, take_profit
from opentamp.plans.schemas import (
    ExecutionOut,
    InvestPlanDetailOut,
    InvestPlanOut,
    PlanActionIn,
    PlanCreateIn,
    PlanUpdateIn,
)
from opentamp.plans.service import (
    TRADE_TYPES,
    create_plan,
    executions,
    owned_plan,
    pause_plan,
    plan_detail,
    require_signing,
    resume_plan,
    terminate_plan,
    update_plan,
)

__all__ = [
    "TRADE_TYPES",
    "ExecutionOut",
    "InvestPlanDetailOut",
    "InvestPlanOut",
    "PlanActionIn",
    "PlanCreateIn",
    "PlanUpdateIn",
    "executions",
    "owned_plan",
    "plan_detail",
    "resume_plan",
    "update_plan",
    "create_plan",
    "execute_due",
    "pause_plan",
    "require_signing",
    "take_profit",
    "terminate_plan",
]
