"""The advisory errors (docs/advisory.md#errors-69xxx)."""

from __future__ import annotations

from opentamp.errors import AppError


class StrategyUnknown(AppError):
    code = 69001
    error = "advisory_strategy_unknown"
    msg = "该投顾组合不存在或暂未开放签约"


class AlreadySigned(AppError):
    code = 69002
    error = "advisory_already_signed"
    msg = "您已签约该投顾组合"


class ContractNotInForce(AppError):
    code = 69003
    error = "advisory_contract_not_in_force"
    msg = "投顾服务协议尚未生效"


class FilesUnsigned(AppError):
    code = 69004
    error = "advisory_files_unsigned"
    msg = "请阅读并签署全部协议文件"


class NoContract(AppError):
    code = 69005
    error = "advisory_no_contract"
    msg = "您尚未签约该投顾组合，请先签约"


class ContractTerminated(AppError):
    code = 69010
    error = "advisory_contract_terminated"
    msg = "该投顾账户已解约，无法进行该操作"


class RatioInvalid(AppError):
    code = 69011
    error = "advisory_ratio_invalid"
    msg = "卖出比例须大于0且不超过100%"


class SingleFundRedeemClosed(AppError):
    code = 69012
    error = "advisory_single_fund_redeem_closed"
    msg = "该投顾组合不支持单只基金卖出"


class UnsignNotCancellable(AppError):
    code = 69013
    error = "advisory_unsign_not_cancellable"
    msg = "解约卖出已提交，无法撤销解约"


class UnsignPending(AppError):
    code = 69014
    error = "advisory_unsign_pending"
    msg = "解约处理中，无法进行该操作"


class PurchasePending(AppError):
    code = 69015
    error = "advisory_purchase_pending"
    msg = "您有申购确认中，请确认后再解约"


class FeeDebt(AppError):
    code = 69020
    error = "advisory_fee_debt"
    msg = "您有未支付的投顾服务费，请先支付"


class FeeNotPayable(AppError):
    code = 69021
    error = "advisory_fee_not_payable"
    msg = "该笔投顾服务费无需支付"


class WalletInsufficient(AppError):
    code = 69022
    error = "advisory_wallet_insufficient"
    msg = "余额不足，无法支付投顾服务费"


class AnnouncementUnread(AppError):
    code = 69030
    error = "advisory_announcement_unread"
    msg = "请先阅读投顾重要公告"


class WeightsInvalid(AppError):
    code = 69040
    error = "advisory_weights_invalid"
    msg = "模型权重之和须为100%"


class FundUnknown(AppError):
    code = 69041
    error = "advisory_fund_unknown"
    msg = "基金{code}不存在"


class AdjustmentNotWaiting(AppError):
    code = 69050
    error = "advisory_adjustment_not_waiting"
    msg = "该调仓无需确认"


class AdjustmentExpired(AppError):
    code = 69051
    error = "advisory_adjustment_expired"
    msg = "该调仓已过期"


class AdjustmentNotWithdrawable(AppError):
    code = 69052
    error = "advisory_adjustment_not_withdrawable"
    msg = "该调仓已开始执行，无法撤回"


class TransferEmpty(AppError):
    code = 69060
    error = "advisory_transfer_empty"
    msg = "请选择要转入的持仓"


class TransferNotCancellable(AppError):
    code = 69061
    error = "advisory_transfer_not_cancellable"
    msg = "该转入申请已处理，无法撤销"


# -- membership, 695xx (docs/membership.md#errors-695xx) ----------------------------------------


class MemberNoAccount(AppError):
    code = 69501
    error = "member_no_account"
    msg = "请先开户后再开通投顾会员"


class MemberIdentityMismatch(AppError):
    code = 69502
    error = "member_identity_mismatch"
    msg = "姓名或身份证号与开户信息不一致"


class MemberIdentityUnverified(AppError):
    code = 69503
    error = "member_identity_unverified"
    msg = "请先完成身份验证"


class MemberOpenIdInvalid(AppError):
    code = 69504
    error = "member_openid_invalid"
    msg = "微信授权已失效，请重新授权"


class MemberProductUnknown(AppError):
    code = 69505
    error = "member_product_unknown"
    msg = "会员产品不存在或已下架"


class MemberPayQueryInvalid(AppError):
    code = 69506
    error = "member_pay_query_invalid"
    msg = "请提供服务费编号或会员订单号"


class MemberRequired(AppError):
    code = 69507
    error = "member_required"
    msg = "该组合为投顾会员专属，请先开通投顾会员"
