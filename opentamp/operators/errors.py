"""Errors of the operator calls (codes 67xxx, opentamp/errors.py). Refusals of a sign-in or of a
role keep their writes (``keeps_writes``): the failure count and the audit row of the refusal
outlive the refused request."""

from __future__ import annotations

from opentamp.errors import AppError, InvalidToken, NotFound


class OperatorSignInFailed(AppError):
    """An unknown login and a wrong password answer alike, so logins cannot be probed."""

    code = 67001
    error = "operator_sign_in_failed"
    msg = "登录名或密码错误"
    keeps_writes = True


class OperatorLocked(AppError):
    code = 67002
    error = "operator_locked"
    msg = "密码错误次数过多，账户已锁定，请于{until}后重试"
    keeps_writes = True


class OperatorDisabled(AppError):
    status = 403
    code = 67003
    error = "operator_disabled"
    msg = "该操作员账户已停用"
    keeps_writes = True


class OperatorTokenInvalid(InvalidToken):
    """A missing, unknown, expired or revoked operator token, or a customer's token."""

    code = 67004
    error = "operator_token_invalid"
    msg = "操作员登录已过期，请重新登录"


class OperatorRoleRequired(AppError):
    status = 403
    code = 67005
    error = "operator_role_required"
    msg = "无权执行该操作，需要以下角色之一：{roles}"
    keeps_writes = True


class OperatorNotFound(NotFound):
    code = 67006
    error = "operator_not_found"
    msg = "操作员不存在"


class OperatorLoginTaken(AppError):
    status = 409
    code = 67007
    error = "operator_login_taken"
    msg = "登录名已被使用"


class OperatorPasswordWeak(AppError):
    code = 67008
    error = "operator_password_weak"
    msg = "密码须为10至64位，且同时包含字母和数字"


class OperatorLoginInvalid(AppError):
    code = 67009
    error = "operator_login_invalid"
    msg = "登录名须为3至32位字母、数字、点、下划线或连字符，以字母开头"


class OperatorRolesEmpty(AppError):
    code = 67010
    error = "operator_roles_empty"
    msg = "操作员至少须有一个角色"


class OperatorRoleUnknown(AppError):
    code = 67011
    error = "operator_role_unknown"
    msg = "未知角色：{role}（可选 operator 操作员、adviser 投顾、lead_manager 主理人）"
