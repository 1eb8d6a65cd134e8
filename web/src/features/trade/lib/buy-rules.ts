/**
 * The submission checks of a purchase (docs/product.md#validation), in the order the screen applies
 * them; the first failing one gives the message shown. Texts of the spec are verbatim: 金额不能少于 {min}
 * 元, 请先充值{wallet name}, 请选择 "扣款方式", 请选择 "理财账户", the disclosure refusals; the others (empty amount,
 * balance, card limit, agreement) are worded here in the same manner, a refusal the server also
 * makes in the server's words. A figure is written as the screens write money (`formatMoney`,
 * as the server's `kit.money.amount_text`): 超过银行卡单笔支付限额 50,000.00 元.
 */
import Decimal from 'decimal.js'
import { formatMoney, toDecimal } from '@/lib/format'
import type { FundPayType } from '../api/types'

export interface BuyCheckInput {
  amount: string
  minPurchaseAmount: string
  canBuy: boolean
  statusText?: string
  /** Portfolios: false when a disclosure file is missing. */
  disclosureComplete?: boolean
  /** A component fund lacks disclosure (portfolios). */
  componentDisclosureMissing?: boolean
  /** Fund type 4 (money market) and black-box portfolios skip the disclosure check. */
  disclosureExempt?: boolean
  payType: FundPayType | null
  paymentMethodId: number | null
  walletBalance?: string | null
  /** Paid from the pension account (pension funds only): its balance. */
  pensionBalance?: string | null
  walletName?: string
  /** The chosen card's single-payment limit. */
  cardSingleLimit?: string | null
  hasFinancialAccounts: boolean
  financialAccountId: number | null
  agreed: boolean
  /** The product is refused to this investor (C1 and R2+): the refusal as judgeRisk words it,
   * the server's own 64003 text (`refusal`), empty or absent when it is not refused. */
  riskRefusal?: string | null
}

export const BUY_MESSAGES = {
  amountEmpty: '请输入买入金额',
  belowMin: (min: string) => `金额不能少于 ${min} 元`,
  noPayment: '请选择 "扣款方式"',
  walletEmpty: (walletName: string) => `请先充值${walletName}`,
  walletShort: (walletName: string, available: string) =>
    `${walletName}可用余额不足，当前可用 ${available} 元`,
  overCardLimit: (limit: string) => `超过银行卡单笔支付限额 ${limit} 元`,
  noFinancialAccount: '请选择 "理财账户"',
  notAgreed: '请先阅读并同意相关协议',
  poDisclosure: '该组合目前缺少产品信息披露，暂时无法交易',
  fundDisclosure: '该产品无法交易，因披露信息不足',
  suspended: '暂停申购',
  noPensionAccount: '请先开通或绑定个人养老金资金账户',
  pensionShort: (balance: string) => `个人养老金资金账户余额不足，可用余额${balance}元`,
} as const

/** What is wrong with paying `amount` from the wallet (the server's 60009 and 60010, docs/trading.md
 * "Buying"): 请先充值{wallet} when it holds nothing, {wallet}可用余额不足，当前可用 …元 when it
 * holds less than the amount; null when it holds enough. The purchase screens (checkBuy) and the
 * service accounts' deposits (投顾, 智能投顾) check with it. */
export function walletShortOf(
  amount: Decimal,
  walletBalance: string | null | undefined,
  walletName: string,
): string | null {
  const name = walletName || '钱包'
  const balance = toDecimal(walletBalance) ?? new Decimal(0)
  if (balance.lte(0)) return BUY_MESSAGES.walletEmpty(name)
  if (amount.gt(balance)) return BUY_MESSAGES.walletShort(name, formatMoney(balance))
  return null
}

export function checkBuy(input: BuyCheckInput): string | null {
  const walletName = input.walletName || '钱包'
  if (!input.canBuy) return input.statusText || BUY_MESSAGES.suspended
  if (!input.disclosureExempt) {
    if (input.disclosureComplete === false) return BUY_MESSAGES.poDisclosure
    if (input.componentDisclosureMissing) return BUY_MESSAGES.fundDisclosure
  }
  if (input.riskRefusal) return input.riskRefusal
  const amount = toDecimal(input.amount)
  if (!amount || amount.lte(0)) return BUY_MESSAGES.amountEmpty
  const min = toDecimal(input.minPurchaseAmount)
  if (min && amount.lt(min)) return BUY_MESSAGES.belowMin(formatMoney(min))
  if (input.payType === 'pension') {
    if (input.pensionBalance == null) return BUY_MESSAGES.noPensionAccount
    const balance = toDecimal(input.pensionBalance) ?? toDecimal('0')!
    if (amount.gt(balance)) return BUY_MESSAGES.pensionShort(formatMoney(balance))
  } else if (input.payType === 'wallet') {
    const short = walletShortOf(amount, input.walletBalance, walletName)
    if (short) return short
  } else if (input.payType !== 'card' || input.paymentMethodId === null) {
    return BUY_MESSAGES.noPayment
  } else {
    const limit = toDecimal(input.cardSingleLimit)
    if (limit && limit.gt(0) && amount.gt(limit))
      return BUY_MESSAGES.overCardLimit(formatMoney(limit))
  }
  if (input.hasFinancialAccounts && input.financialAccountId === null)
    return BUY_MESSAGES.noFinancialAccount
  if (!input.agreed) return BUY_MESSAGES.notAgreed
  return null
}

/** The trading-time notice (docs/product.md#validation), only when both times exist. */
export function tradingTimeNotice(start?: string | null, end?: string | null): string | null {
  if (!start || !end) return null
  const hm = (t: string) => t.slice(0, 5)
  return `本产品在交易日 ${hm(start)}-${hm(end)} 期间提交的申请（包含申购、定投、赎回等交易）会确认失败，若需交易请避开如上期间进行交易操作。`
}
