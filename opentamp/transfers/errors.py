"""Errors of the transfer-in calls (codes 712xx, opentamp/errors.py). A refused call writes
nothing; a row of an upload that cannot be matched is not an error but a flagged row
(docs/transfers.md#matching)."""

from __future__ import annotations

from opentamp.errors import AppError, NotFound


class ApplicationNotFound(NotFound):
    """Another user's application answers as one that does not exist (docs/architecture.md)."""

    code = 71201
    error = "transfer_application_not_found"
    msg = "转入申请不存在"


class NotASpreadsheet(AppError):
    code = 71202
    error = "transfer_not_a_spreadsheet"
    msg = "仅支持 CSV 或 Excel（.xlsx）格式的持仓表格，请下载模板填写后上传"


class WrongColumns(AppError):
    code = 71203
    error = "transfer_wrong_columns"
    msg = "表格缺少{missing}列，请按模板填写：基金代码、基金名称、持有份额、持仓成本"


class FileTooLarge(AppError):
    code = 71204
    error = "transfer_file_too_large"
    msg = "文件不能超过{limit}，请分批上传"


class TooManyRows(AppError):
    code = 71205
    error = "transfer_too_many_rows"
    msg = "一次最多导入{limit}条持仓，请分批上传"


class NoHoldingsRead(AppError):
    code = 71206
    error = "transfer_no_holdings_read"
    msg = "未能从图片中识别出持仓，请上传清晰的持仓页截图，或手动添加基金"


class NotAnImage(AppError):
    code = 71207
    error = "transfer_not_an_image"
    msg = "仅支持 JPG、PNG 格式的图片"


class NoRows(AppError):
    code = 71208
    error = "transfer_no_rows"
    msg = "请至少添加一只基金"


class RowInvalid(AppError):
    """A submitted row the recognition screen should have had corrected."""

    code = 71209
    error = "transfer_row_invalid"
    msg = "第{row}行：{reason}"


class FinancialAccountNotFound(NotFound):
    code = 71210
    error = "transfer_financial_account_not_found"
    msg = "理财账户不存在"


class NotCancellable(AppError):
    code = 71212
    error = "transfer_not_cancellable"
    msg = "该申请已在转入中，无法撤销"


class EmailInvalid(AppError):
    code = 71213
    error = "transfer_email_invalid"
    msg = "请输入正确的邮箱地址"


class OcrUnavailable(AppError):
    """The OCR engine is not installed on this server (docs/transfers.md#screenshots)."""

    status = 503
    code = 71214
    error = "transfer_ocr_unavailable"
    msg = "图片识别暂不可用，请上传表格或手动添加基金"


class AdviserNotFound(NotFound):
    code = 71215
    error = "transfer_adviser_not_found"
    msg = "未找到该投顾，请核对邀请码"


class ProfitRowsInvalid(AppError):
    code = 71216
    error = "transfer_profit_rows_invalid"
    msg = "收益记录有误：{reason}"


class PortfolioNotRestorable(AppError):
    code = 71217
    error = "transfer_portfolio_not_restorable"
    msg = "{reason}"
