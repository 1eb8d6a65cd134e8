"""The robo adviser's errors (docs/robo.md#errors-693xx): codes 69300–69399."""

from __future__ import annotations

from opentamp.errors import AppError


class NoRiskGrade(AppError):
    code = 69301
    error = "robo_no_risk_grade"
    msg = "请先完成风险测评"


class SurveyIncomplete(AppError):
    code = 69302
    error = "robo_survey_incomplete"
    msg = "问卷尚未填写完整：{fields}"


class SurveyClosed(AppError):
    code = 69303
    error = "robo_survey_closed"
    msg = "问卷已提交，不可修改"


class AnswerInvalid(AppError):
    code = 69304
    error = "robo_answer_invalid"
    msg = "答案取值有误"


class NoUniverse(AppError):
    code = 69305
    error = "robo_no_universe"
    msg = "暂无可配置的基金，无法生成方案"


class SurveyChanged(AppError):
    code = 69306
    error = "robo_survey_changed"
    msg = "问卷已更新，请重新生成方案"


class AllocationUnknown(AppError):
    code = 69307
    error = "robo_allocation_unknown"
    msg = "方案不存在"


class AuthorizationNeeded(AppError):
    code = 69308
    error = "robo_authorization_needed"
    msg = "该方案含超出您风险承受能力的产品，请先完成超风险授权"


class PlanConfirmed(AppError):
    code = 69309
    error = "robo_plan_confirmed"
    msg = "方案已确认，不可修改"


class BelowMinimum(AppError):
    code = 69310
    error = "robo_below_minimum"
    msg = "起投金额为{min}元"


class NameInvalid(AppError):
    code = 69311
    error = "robo_name_invalid"
    msg = "账户名称需为1至16个字符"


class NoAuthorizationNeeded(AppError):
    code = 69312
    error = "robo_no_authorization_needed"
    msg = "无需授权"
