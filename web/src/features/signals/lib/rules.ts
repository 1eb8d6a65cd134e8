/**
 * The follow screen's submission checks (docs/product.md#validation "Follow submission checks"),
 * in the order the server makes them (docs/signals.md "Follow plans"), with the purchase screen's
 * own words where they are the same (BUY_MESSAGES, the one definition).
 */
import { BUY_MESSAGES, plainNumber } from '@/features/trade'
import { toDecimal } from '@/lib/format'

export const FOLLOW_MESSAGES = {
  /** Submitted below the least follow amount. */
  belowMin: (min: string) => `最低跟车金额为${min}元`,
} as const

export interface FollowCheckInput {
  canBuy: boolean
  statusText?: string | null
  amount: string
  minAmount: string
  payType: 'card' | 'wallet' | null
  paymentMethodId: number | null
  walletBalance: string
  walletName: string
  hasFinancialAccounts: boolean
  financialAccountId: number | null
}

export function checkFollow(input: FollowCheckInput): string | null {
  if (input.hasFinancialAccounts && input.financialAccountId === null)
    return BUY_MESSAGES.noFinancialAccount
  if (!input.canBuy) return input.statusText || BUY_MESSAGES.suspended
  const amount = toDecimal(input.amount)
  const min = toDecimal(input.minAmount)
  if (!amount || amount.lte(0) || (min && amount.lt(min)))
    return FOLLOW_MESSAGES.belowMin(plainNumber(input.minAmount))
  if (input.payType === 'wallet') {
    const balance = toDecimal(input.walletBalance)
    if (!balance || balance.lte(0)) return BUY_MESSAGES.walletEmpty(input.walletName || '钱包')
  } else if (input.payType !== 'card' || input.paymentMethodId === null) {
    return BUY_MESSAGES.noPayment
  }
  return null
}
