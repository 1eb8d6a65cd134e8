"""Errors of the signal calls (codes 681xx, opentamp/errors.py). A refused call writes nothing;
a manual signal purchase or sale keeps the trade calls' own errors for the checks it shares
with them (暂停申购, the trade password's, suitability's)."""

from __future__ import annotations

from opentamp.errors import AppError, NotFound


class SignalProductNotFound(NotFound):
    code = 68101
    error = "signal_product_not_found"
    msg = "发车产品不存在"


class SignalNotFound(NotFound):
    code = 68102
    error = "signal_not_found"
    msg = "发车信号不存在"


class FollowPlanNotFound(NotFound):
    """Another user's follow plan answers as one that does not exist."""

    code = 68103
    error = "follow_plan_not_found"
    msg = "跟车计划不存在"


class FollowAmountBelowMinimum(AppError):
    """docs/product.md#validation "Follow submission checks", word for word."""

    code = 68104
    error = "follow_amount_below_minimum"
    msg = "最低跟车金额为{min}元"


class FollowAmountAboveCardLimit(AppError):
    """A follow by card whose largest buy (the amount × the biggest signal multiple) is above
    the card's single-payment limit: the bank would refuse that buy on the signal's day, so the
    plan is refused when it is set, as a smart plan's is (docs/signals.md)."""

    code = 68119
    error = "follow_amount_above_card_limit"
    msg = (
        "跟车单次最多扣款{most}元（跟车金额×{multiple}倍），"
        "超过该银行卡单笔限额{limit}元，请调低金额或更换银行卡"
    )


class WalletEmpty(AppError):
    code = 68105
    error = "follow_wallet_empty"
    msg = "请先充值{wallet}"


class PaymentMethodMissing(AppError):
    code = 68106
    error = "follow_payment_method_missing"
    msg = '请选择 "扣款方式"'


class FinancialAccountMissing(AppError):
    code = 68107
    error = "follow_financial_account_missing"
    msg = '请选择 "理财账户"'


class DisclosureMissing(AppError):
    code = 68108
    error = "follow_disclosure_missing"
    msg = "该组合目前缺少产品信息披露，暂时无法交易"


class DisclosureMissingFund(AppError):
    code = 68117
    error = "follow_fund_disclosure_missing"
    msg = "该产品无法交易，因披露信息不足"


class MultipleOutOfBands(AppError):
    code = 68109
    error = "signal_multiple_out_of_bands"
    msg = "发车倍数须在50%至200%之间（减少50%-100%，标准100%，增加100%-200%）"


class SellPartInvalid(AppError):
    code = 68110
    error = "signal_sell_part_invalid"
    msg = "卖出比例须大于0且不超过100%"


class SignalProductPaused(AppError):
    code = 68111
    error = "signal_product_paused"
    msg = "该产品已暂停交易，不能发车"


class SignalDateTaken(AppError):
    status = 409
    code = 68112
    error = "signal_date_taken"
    msg = "{code}在{day}已有发车"


class SignalDateInvalid(AppError):
    code = 68113
    error = "signal_date_invalid"
    msg = "发车日期须为{first}或之后的交易日"


class FollowActionInvalid(AppError):
    code = 68114
    error = "follow_action_invalid"
    msg = "当前跟车状态为{status}，不能{action}"


class NotASellSignal(AppError):
    code = 68115
    error = "signal_not_sell"
    msg = "该发车不是卖出信号"


class SignalAlreadySold(AppError):
    """A sell signal sells a holding once (docs/signals.md#one-sale-a-signal)."""

    status = 409
    code = 68118
    error = "signal_already_sold"
    msg = "已按该信号卖出，不能重复卖出"


class NotABuySignal(AppError):
    code = 68116
    error = "signal_not_buy"
    msg = "该发车不是买入信号"
