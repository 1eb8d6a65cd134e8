"""Errors of the plan calls (codes 66xxx, opentamp/errors.py). A refused plan call writes
nothing; the purchase checks a plan shares with a manual buy keep the trade calls' own errors
(60002 暂停申购, the trade password's, suitability's)."""

from __future__ import annotations

from opentamp.errors import AppError, NotFound


class PlanNotFound(NotFound):
    """Another user's plan answers as one that does not exist (docs/architecture.md)."""

    code = 66001
    error = "plan_not_found"
    msg = "定投计划不存在"


class PlanAmountBelowMinimum(AppError):
    code = 66002
    error = "plan_amount_below_minimum"
    msg = "最低定投金额为{min}元"


class PlanAmountAboveCardLimit(AppError):
    code = 66003
    error = "plan_amount_above_card_limit"
    msg = "定投金额超过该银行卡单笔限额{limit}元，请调低金额或更换银行卡"


class SmartPlanAboveCardLimit(PlanAmountAboveCardLimit):
    """A smart plan's largest period (the amount × the biggest multiplier) above the card's
    per-charge limit: the message says why an amount under the limit is refused."""

    msg = (
        "智能定投单期最多扣款{most}元（每期金额×{multiplier}倍），"
        "超过该银行卡单笔限额{limit}元，请调低金额或更换银行卡"
    )


class PlanScheduleInvalid(AppError):
    """A period the schedule rules cannot keep (rules/plans.py ``schedule_problem``)."""

    code = 66004
    error = "plan_schedule_invalid"
    msg = "定投周期有误"


class PlanNotActive(AppError):
    code = 66005
    error = "plan_not_active"
    msg = "仅进行中的计划可修改"


class PlanTerminated(AppError):
    code = 66006
    error = "plan_terminated"
    msg = "计划已终止，无法恢复"


class PlanNotPaused(AppError):
    code = 66007
    error = "plan_not_paused"
    msg = "仅已暂停的计划可恢复"


class SmartNotSupported(AppError):
    code = 66008
    error = "smart_not_supported"
    msg = "该产品暂不支持智能定投"


class TargetInvalid(AppError):
    code = 66009
    error = "target_invalid"
    msg = "请同时设置目标收益率（0.01%–100%）和达标后的处理方式"


class PlanProductInvalid(AppError):
    code = 66010
    error = "plan_product_invalid"
    msg = "该产品不支持此类定投"


class PlanPayTypeInvalid(AppError):
    code = 66011
    error = "plan_pay_type_invalid"
    msg = "钱包定投请使用银行卡扣款"


class PlanTerminatedAlready(AppError):
    code = 66012
    error = "plan_terminated_already"
    msg = "计划已终止"
