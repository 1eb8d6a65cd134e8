/**
 * The follow screen's submission checks (docs/product.md#validation "Follow submission checks"),
 * in the order the server makes them (docs/signals.md "Follow plans"), with the purchase screen's
 * own words where they are the same (BUY_MESSAGES, the one definition).
 */
import { BUY_MESSAGES } from '@/features/trade'
import { formatMoney, toDecimal } from '@/lib/format'
import type { FollowRecord } from '../api/types'

export const FOLLOW_MESSAGES = {
  /** Submitted below the least follow amount (the server's 68104), the figure as money. */
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
    return FOLLOW_MESSAGES.belowMin(formatMoney(input.minAmount))
  if (input.payType === 'wallet') {
    const balance = toDecimal(input.walletBalance)
    if (!balance || balance.lte(0)) return BUY_MESSAGES.walletEmpty(input.walletName || '钱包')
  } else if (input.payType !== 'card' || input.paymentMethodId === null) {
    return BUY_MESSAGES.noPayment
  }
  return null
}

/** The confirm statuses of a sale that sold nothing: cancelled, failed, and a portfolio sale's
 * parent cancelled or failed whole (the server's ``signals.repository.sold_by_signal``). */
const UNSOLD = new Set(['9', '1', 'P9', 'P3'])

/** Whether the follow plan has sold by the sell signal ``sigId``: a follow of it whose order is
 * neither cancelled nor failed. 按信号卖出 is then not offered: a signal sells a holding once,
 * and the server refuses a second sale by it (68118, docs/signals.md#one-sale-a-signal). */
export function soldByFollow(records: readonly FollowRecord[], sigId: string): boolean {
  return records.some(
    (r) =>
      r.sigId === sigId &&
      r.signalType === 'SELL' &&
      r.status === 'SUCCESS' &&
      !!r.orderCode &&
      !UNSOLD.has(String(r.confirmStatus ?? '').toUpperCase()),
  )
}
