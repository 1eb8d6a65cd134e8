"""Errors of the statement, certificate, profit-book and capital calls (codes 722xx,
opentamp/errors.py; docs/statements.md#errors-722xx)."""

from __future__ import annotations

from opentamp.errors import AppError, NotFound


class DocumentNotFound(NotFound):
    """A statement or certificate that does not exist or is another user's
    (docs/architecture.md)."""

    code = 72201
    error = "document_not_found"
    msg = "文件不存在"


class PeriodInvalid(AppError):
    code = 72202
    error = "period_invalid"
    msg = "对账单期间有误，只能选择已结束的月份或年份"


class DocumentNotReady(AppError):
    status = 409
    code = 72203
    error = "document_not_ready"
    msg = "文件生成中，请稍后再试"


class CertificateDateInvalid(AppError):
    code = 72204
    error = "certificate_date_invalid"
    msg = "证明日期有误，只能选择开户后至今日之前的日期"


class CertificateAccountsInvalid(AppError):
    code = 72205
    error = "certificate_accounts_invalid"
    msg = "请选择需要证明的账户"


class BookPeriodInvalid(AppError):
    code = 72206
    error = "book_period_invalid"
    msg = "账本期间有误"


class VerifyCodeInvalid(AppError):
    code = 72207
    error = "verify_code_invalid"
    msg = "验证码格式有误"
