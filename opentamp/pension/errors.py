"""Errors of the pension calls (codes 711xx, opentamp/errors.py). A refused call writes nothing."""

from __future__ import annotations

from decimal import Decimal

from opentamp.errors import AppError, NotFound
from opentamp.kit.money import amount_text
from opentamp.pension import quota


class PensionAccountNotFound(NotFound):
    """No pension account, or another user's application (docs/architecture.md)."""

    code = 71101
    error = "pension_account_not_found"
    msg = "请先开通或绑定个人养老金资金账户"


class PensionAccountExists(AppError):
    code = 71102
    error = "pension_account_exists"
    msg = "每人只能开立一个个人养老金资金账户，您已在{bank}开通"


class PensionAgreementRequired(AppError):
    code = 71103
    error = "pension_agreement_required"
    msg = "请阅读并同意{agreement}"


class PensionBankUnsupported(AppError):
    code = 71104
    error = "pension_bank_unsupported"
    msg = "该银行暂不支持个人养老金资金账户"


class PensionCityUnsupported(AppError):
    code = 71105
    error = "pension_city_unsupported"
    msg = "所选城市暂不支持开立个人养老金资金账户"


class PensionAccountNoInvalid(AppError):
    code = 71106
    error = "pension_account_no_invalid"
    msg = "请输入正确的个人养老金资金账户号（16至19位数字）"


class PensionOpenNotFound(NotFound):
    code = 71107
    error = "pension_open_not_found"
    msg = "开户申请不存在"


class ContributionOverCap(AppError):
    """A contribution past the yearly cap (docs/pension.md "Contributions"): the cap
    (:data:`quota.YEARLY_CAP`) and what is left written as every amount of a message is, as the
    screens write money (``kit.money.amount_text``: 12,000.00, 7,000.00)."""

    code = 71110
    error = "pension_contribution_over_cap"
    msg = "超过个人养老金年度缴存上限{cap}元，{year}年剩余可缴存额度为{remaining}元"

    def __init__(self, *, year: int, remaining: Decimal) -> None:
        super().__init__(
            year=year, cap=amount_text(quota.YEARLY_CAP), remaining=amount_text(remaining)
        )


class ContributionNotFound(NotFound):
    code = 71111
    error = "pension_contribution_not_found"
    msg = "缴存申请不存在"


class ContributionAlreadyConfirmed(AppError):
    code = 71112
    error = "pension_contribution_confirmed"
    msg = "该笔缴存已完成"


class ContributionPaymentFailed(AppError):
    code = 71113
    error = "pension_contribution_payment_failed"
    msg = "扣款失败：{reason}"


class ContributionCardUnavailable(AppError):
    code = 71114
    error = "pension_contribution_card_unavailable"
    msg = "该银行卡不可用，请更换银行卡"


class ContributionYearPassed(AppError):
    code = 71115
    error = "pension_contribution_year_passed"
    msg = "该缴存申请属于{year}年，已过缴存年度，请重新发起缴存"


class PensionAccountNotActive(AppError):
    code = 71116
    error = "pension_account_not_active"
    msg = "个人养老金资金账户尚在开立中，请完成开户后再缴存"


class PensionFundOnly(AppError):
    """Pension money pays only for pension funds (Y 类份额), and those only with it."""

    code = 71120
    error = "pension_fund_only"
    msg = "个人养老金资金仅可购买个人养老金基金（Y类份额）"


class PensionMoneyOnly(AppError):
    code = 71121
    error = "pension_money_only"
    msg = "个人养老金基金（Y类份额）仅可使用个人养老金资金账户购买"


class PensionBalanceInsufficient(AppError):
    code = 71122
    error = "pension_balance_insufficient"
    msg = "个人养老金资金账户余额不足，可用余额{balance}元"


class PensionRedeemToAccountOnly(AppError):
    code = 71123
    error = "pension_redeem_to_account_only"
    msg = "个人养老金基金赎回的资金只能回到个人养老金资金账户，达到领取条件（如退休）前不可领取"


class PensionAccountOnly(AppError):
    code = 71124
    error = "pension_account_only"
    msg = "个人养老金基金须在养老金账户中购买和持有"


class PensionAccountFundsOnly(AppError):
    """The pension financial account holds pension funds only: no portfolio, wallet, ordinary
    fund or transferred holding lands there, and no conversion leaves or enters the Y class."""

    code = 71125
    error = "pension_account_funds_only"
    msg = "个人养老金账户仅可持有个人养老金基金（Y类份额），请选择其他理财账户"


class PensionConversionInvalid(AppError):
    code = 71126
    error = "pension_conversion_invalid"
    msg = "个人养老金基金（Y类份额）仅可与其他个人养老金基金相互转换"
