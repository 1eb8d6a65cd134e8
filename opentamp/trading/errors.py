"""Errors of the trade calls (codes 60xxx, opentamp/errors.py). Messages are what the customer
reads; the spec's own texts are used where it gives one (docs/product.md#validation)."""

from __future__ import annotations

from opentamp.errors import AppError


class ProductNotTradable(AppError):
    code = 60001
    error = "product_not_found"
    status = 404
    msg = "产品不存在"


class PurchaseSuspended(AppError):
    code = 60002
    error = "purchase_suspended"
    msg = "该产品暂停申购，暂时无法购买"


class RedeemSuspended(AppError):
    code = 60003
    error = "redeem_suspended"
    msg = "该产品暂停赎回，暂时无法卖出"


class BuyDisabled(AppError):
    """The broker sells the product, but not through this app (isDisableBuy)."""

    code = 60004
    error = "buy_disabled"
    msg = "该产品暂不支持在线购买"


class AmountBelowMinimum(AppError):
    code = 60005
    error = "amount_below_minimum"
    msg = "金额不能少于 {min} 元"


class OutsideTradingTime(AppError):
    """docs/product.md#validation trading-time limit: applications in the window would fail
    confirmation. The spec's notice word for word, the times as HH:mm."""

    code = 60006
    error = "outside_trading_time"
    msg = (
        "本产品在交易日 {start}-{end} 期间提交的申请（包含申购、定投、赎回等交易）会确认失败，"
        "若需交易请避开如上期间进行交易操作。"
    )


class PaymentFailed(AppError):
    code = 60007
    error = "payment_failed"
    msg = "银行卡扣款失败：{reason}"


class PaymentMethodUnavailable(AppError):
    code = 60008
    error = "payment_method_unavailable"
    msg = "该银行卡已解绑或不可用，请更换扣款方式"


class WalletEmpty(AppError):
    """docs/product.md#validation: wallet payment without funds."""

    code = 60009
    error = "wallet_empty"
    msg = "请先充值{wallet}"


class WalletInsufficient(AppError):
    code = 60010
    error = "wallet_insufficient"
    msg = "{wallet}可用余额不足，当前可用 {available} 元"


class SharesExceedAvailable(AppError):
    code = 60011
    error = "shares_exceed_available"
    msg = "卖出份额超过可用份额，当前可用 {available} 份"


class SharesBelowMinimum(AppError):
    code = 60012
    error = "shares_below_minimum"
    msg = "单笔卖出份额不能少于 {min} 份"


class RemainderBelowMinimum(AppError):
    code = 60013
    error = "remainder_below_minimum"
    msg = "卖出后剩余份额不能少于 {min} 份，请全部卖出或减少卖出份额"


class NoHolding(AppError):
    code = 60014
    error = "no_holding"
    msg = "您未持有该产品或暂无可卖份额"


class OrderNotCancellable(AppError):
    code = 60015
    error = "order_not_cancellable"
    msg = "该订单当前状态不可撤单"


class CancelDeadlinePassed(OrderNotCancellable):
    code = 60016
    error = "cancel_deadline_passed"
    msg = "已过撤单截止时间，无法撤单"


class FastWithdrawLimit(AppError):
    code = 60017
    error = "fast_withdraw_limit"
    msg = "快速取现每日限额 {limit} 元，今日还可快速取现 {left} 元"


class WalletNotAvailable(AppError):
    code = 60018
    error = "wallet_not_available"
    msg = "{wallet}暂未开通，请稍后再试"


class RatioInvalid(AppError):
    code = 60019
    error = "ratio_invalid"
    msg = "卖出比例须大于 0 且不超过 100%"


class PayTypeInvalid(AppError):
    code = 60020
    error = "pay_type_invalid"
    msg = '请选择 "扣款方式"'


class CancelThroughPortfolio(OrderNotCancellable):
    code = 60021
    error = "cancel_through_portfolio"
    msg = "该订单属于组合订单，请撤销整笔组合订单"


class CancelRefundFailed(AppError):
    code = 60022
    error = "cancel_refund_failed"
    msg = "退款失败：{reason}，请稍后重试"


class AdjustmentPending(AppError):
    """Portfolio rebalancing (P04): one at a time per portfolio and financial account."""

    code = 60023
    error = "adjustment_pending"
    msg = "该组合有一笔调仓正在确认中，请待其完成后再调仓"


class NothingToAdjust(AppError):
    code = 60024
    error = "nothing_to_adjust"
    msg = "您的持仓与组合目标配置一致，无需调仓"


class AmountAboveCardLimit(AppError):
    """A card charge above the card's single-payment limit (单笔限额, shown under each card on
    the buy and recharge screens): refused before the bank is called, as the bank would."""

    code = 60025
    error = "amount_above_card_limit"
    msg = "超过银行卡单笔支付限额 {limit} 元"


class BuyVerifyRequired(AppError):
    """payAuthMode PASSWORD_SMS: a purchase carries the ticket of a checked buy verify code
    (60101 is the buy verify code's own refusal)."""

    code = 60102
    error = "buy_verify_required"
    msg = "请先完成短信验证"


# -- fund conversion (036) and the super wallet's adjust (opentamp/trading/convert.py) ---------


class ConvertNoHolding(AppError):
    """No direct holding of the fund in the account: as for another user's account, 404."""

    status = 404
    code = 60110
    error = "convert_no_holding"
    msg = "您未持有该基金，无法转换"


class ConvertInPortfolio(AppError):
    """Funds held inside a portfolio move with the portfolio (sell or rebalance it)."""

    code = 60111
    error = "convert_in_portfolio"
    msg = "组合中的基金暂不支持单独转换"


class ConvertTargetInvalid(AppError):
    """The target is the fund itself, of another fund company, unknown, or the wallet."""

    code = 60112
    error = "convert_target_invalid"
    msg = "该基金暂不支持转换为目标基金"


class ConvertNotSupported(AppError):
    """The wallet fund moves through the super wallet's adjust, not a fund conversion."""

    code = 60113
    error = "convert_not_supported"
    msg = "该基金暂不支持转换"


class ConvertNothingAvailable(AppError):
    """The holding's shares are all frozen (redemptions or conversions waiting): the H5's own
    words on the same screen (web/src/features/convert/lib/convert-rules.ts)."""

    code = 60117
    error = "convert_nothing_available"
    msg = "暂无可转换份额"


class ConvertSharesExceedAvailable(AppError):
    """A conversion's 60011, in the conversion's words (可转换份额, as the H5 checks it)."""

    code = 60118
    error = "convert_shares_exceed_available"
    msg = "转换份额不能超过可转换份额 {available} 份"


class ConvertSharesBelowMinimum(AppError):
    """A conversion's 60012: the fund converted out's minimum redeem shares."""

    code = 60119
    error = "convert_shares_below_minimum"
    msg = "单笔转换份额不能少于 {min} 份"


class ConvertRemainderBelowMinimum(AppError):
    """A conversion's 60013: the fund converted out's minimum holding."""

    code = 60120
    error = "convert_remainder_below_minimum"
    msg = "转换后剩余份额不能少于 {min} 份，请全部转换"


class SuperWalletFundInvalid(AppError):
    code = 60114
    error = "super_wallet_fund_invalid"
    msg = "请选择{wallet}中两只不同的货币基金"


class ServiceAccountOnly(AppError):
    """A service account (投顾账户) holds only its strategy, bought through the advisory
    deposit (docs/advisory.md#deposit-and-withdraw)."""

    code = 60115
    error = "service_account_only"
    msg = "投顾账户仅可通过投顾服务存入，请选择其他理财账户"


class StrategyNotOnSale(AppError):
    """A target strategy sells during its period's reservation and build phases only
    (docs/targets.md "Buying")."""

    code = 68210
    error = "strategy_not_on_sale"
    msg = "本期目标策略已停止认购，请等待下一期预约开放"


class OutsideOpenPeriod(AppError):
    """A fund with fixed open periods (定期开放) redeems only within them; outside, a holder
    books the redemption for the next open day (docs/appointments.md)."""

    code = 60116
    error = "outside_open_period"
    msg = "该基金为定期开放基金，当前不在开放期，请预约赎回"
