"""The Morningstar errors, 694xx (docs/morningstar.md#errors-694xx)."""

from __future__ import annotations

from opentamp.errors import AppError, NotFound


class AnswerInvalid(AppError):
    code = 69401
    error = "morningstar_answer_invalid"
    msg = "问卷未完成，请回答全部题目"


class ProposalNotFound(NotFound):
    code = 69402
    error = "morningstar_proposal_not_found"
    msg = "投资建议书不存在"


class ProposalConfirmed(AppError):
    code = 69403
    error = "morningstar_proposal_confirmed"
    msg = "该投资建议书已确认"


class RiskNotAccepted(AppError):
    code = 69404
    error = "morningstar_risk_not_accepted"
    msg = "建议配置的风险等级高于您的风险承受能力，请阅读风险提示并确认"


class RiskForbidden(AppError):
    code = 69405
    error = "morningstar_risk_forbidden"
    msg = "您的风险承受能力为最低类别，无法确认高于您风险等级的投资建议"


class NoValidGrade(AppError):
    code = 69406
    error = "morningstar_no_valid_grade"
    msg = "请先完成风险测评后再确认投资建议书"
