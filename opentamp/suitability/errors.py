"""Suitability errors (codes 64xxx, opentamp/errors.py)."""

from __future__ import annotations

from opentamp.errors import AppError
from opentamp.rules.suitability import REFUSALS


class RiskSurveyRequired(AppError):
    """No risk survey, or one older than two years: the investor must (re)take it first."""

    code = 64001
    error = "risk_survey_required"
    msg = "您尚未完成风险测评，请先完成风险测评"


class RiskSurveyExpired(RiskSurveyRequired):
    code = 64002
    error = "risk_survey_expired"
    msg = "您的风险测评已过期，请重新测评"


class RiskLevelForbidden(AppError):
    """A C1 (保守型) investor may buy only R1 products (docs/rules.md#suitability). Raised with
    the refusal of what the trade does (rules.suitability.REFUSALS: a purchase's, a
    conversion's); this default is a purchase's."""

    code = 64003
    error = "risk_level_forbidden"
    msg = REFUSALS["buy"]


class RiskConfirmationRequired(AppError):
    """Above the investor's grade: the mismatch warning must be shown and confirmed."""

    code = 64004
    error = "risk_confirmation_required"
    msg = "该产品风险等级超出您的风险承受能力，请确认后继续"


class SurveyNotFound(AppError):
    status = 404
    code = 64005
    error = "survey_not_found"
    msg = "问卷不存在或已下线"


class SurveyAnswerInvalid(AppError):
    code = 64006
    error = "survey_answer_invalid"
    msg = "问卷答案有误：{detail}"


class ProductNotFound(AppError):
    status = 404
    code = 64007
    error = "product_not_found"
    msg = "产品不存在"
