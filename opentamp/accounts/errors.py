"""Errors of sign-in, accounts, cards and security: the spec's own codes (50108-50110 SMS codes,
3001 card binding, 5011-5013 ID photos) and the 62xxx range (opentamp/errors.py)."""

from __future__ import annotations

from opentamp.errors import AppError, NotFound

# -- SMS codes (docs/api.md#messages-and-codes)
# ------------------------------------------------------------------


# -- WeChat ---------------------------------------------------------------------------------------


# -- accounts (docs/product.md#validation)
# -----------------------------------------------------------------------


class AccountAlreadyOpened(AppError):
    code = 62022
    error = "account_already_opened"
    msg = "您已开户，无需重复开户"


class IdentityInvalid(AppError):
    code = 62023
    error = "identity_invalid"
    msg = "{detail}"


class ApplicationExpired(AppError):
    code = 62025
    error = "application_expired"
    msg = "开户申请已失效，请重新提交"


class IdentityTaken(AppError):
    code = 62026
    error = "identity_taken"
    msg = "该证件已在本平台开户，请使用开户时的手机号登录"


class OpenAccountDisabled(AppError):
    code = 62027
    error = "open_account_disabled"
    msg = "暂不支持线上开户，请联系客服"


class AccountCloseBlocked(AppError):
    code = 62029
    error = "account_close_blocked"
    msg = "{detail}"


# -- financial accounts (docs/product.md#validation)
# -------------------------------------------------------------


class FinancialAccountLimit(AppError):
    code = 62030
    error = "financial_account_limit"
    msg = "最多支持创建{n}个理财账户，你当前已经持有{m}个账户，无法继续创建新的账户。"


class FinancialAccountNameInvalid(AppError):
    code = 62031
    error = "financial_account_name_invalid"
    msg = "{detail}"


class FinancialAccountNotHideable(AppError):
    code = 62032
    error = "financial_account_not_hideable"
    msg = "默认账户不可隐藏"


# -- cards and payment ----------------------------------------------------------------------------


class CardBindFailed(AppError):
    """docs/api.md#messages-and-codes: bank card binding failed."""

    code = 3001
    error = "card_bind_failed"
    msg = "{detail}"


class CardNoInvalid(AppError):
    code = 62040
    error = "card_no_invalid"
    msg = "请输入正确的银行卡号（16-19位数字）"


class CardLimitReached(AppError):
    code = 62041
    error = "card_limit_reached"
    msg = "最多可绑定{limit}张银行卡，请先解绑后再添加"


class CardAlreadyBound(AppError):
    code = 62042
    error = "card_already_bound"
    msg = "该银行卡已绑定，无需重复绑定"


class CardRequestExpired(AppError):
    code = 62043
    error = "card_request_expired"
    msg = "操作已失效，请重新获取验证码"


class CardUnbindBlocked(AppError):
    code = 62044
    error = "card_unbind_blocked"
    msg = "{detail}"


class BankUnsupported(AppError):
    code = 62045
    error = "bank_unsupported"
    msg = "暂不支持该银行，请更换银行卡"


class CardChangeInvalid(AppError):
    code = 62046
    error = "card_change_invalid"
    msg = "{detail}"


# -- security -------------------------------------------------------------------------------------


class IdentityMismatch(AppError):
    code = 62051
    error = "identity_mismatch"
    msg = "证件号码与开户信息不一致"
    keeps_writes = True


class TradePasswordWeak(AppError):
    code = 62052
    error = "trade_password_weak"
    msg = "交易密码过于简单，请勿使用连续或重复的数字，且不要与生日相同"


class TradePasswordExists(AppError):
    code = 62053
    error = "trade_password_exists"
    msg = "已设置交易密码，如需修改请先验证原密码"


# -- uploads (docs/api.md#messages-and-codes ID photos)
# ------------------------------------------------------------


class IdPhotoEmblemUnreadable(AppError):
    code = 5011
    error = "id_photo_emblem"
    msg = "未能识别证件国徽面，请重新拍摄"


class IdPhotoFaceUnreadable(AppError):
    code = 5012
    error = "id_photo_face"
    msg = "未能识别证件人像面，请重新拍摄"


class IdPhotoBothUnreadable(AppError):
    code = 5013
    error = "id_photo_both"
    msg = "未能识别证件人像面和国徽面，请重新拍摄"


class UploadInvalid(AppError):
    code = 62070
    error = "upload_invalid"
    msg = "{detail}"


class UploadNotFound(NotFound):
    """A picture key that is not one of the caller's uploads (another user's, or none at all):
    404 like any id of someone else (docs/architecture.md#a-request)."""

    code = 62071
    error = "upload_not_found"
    msg = "图片不存在或已失效，请重新上传"
