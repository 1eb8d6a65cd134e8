/**
 * The checks of the plan screen before the trade password (docs/plans.md "Bad input"), in the
 * order applied; the first failing one gives the message. The server makes the same checks; the
 * texts it gives are used here verbatim (最低定投金额为{min}元, 每月扣款日请选择1–28日).
 */
import { formatMoney, toDecimal } from '@/lib/format'
import type { PlanPayType, PlanPeriod } from '../api/types'
import { LAST_MONTH_DAY } from './period'

export const PLAN_MESSAGES = {
  suspended: '暂停申购',
  noFinancialAccount: '请选择 "理财账户"',
  amountEmpty: '请输入定投金额',
  belowMin: (min: string) => `最低定投金额为${min}元`,
  overCardLimit: (limit: string) => `定投金额超过银行卡单笔限额${limit}元`,
  smartOverCardLimit: (most: string, multiplier: string, limit: string) =>
    `智能定投单期最多扣款${most}元（每期金额×${multiplier}倍），超过银行卡单笔限额${limit}元`,
  weekDay: '每周扣款日请选择周一至周五',
  monthDay: '每月扣款日请选择1–28日',
  month: '请选择扣款月份',
  noPayment: '请选择 "扣款方式"',
  targetRate: '请选择目标收益率',
  targetAction: '请选择止盈后的操作',
  notAgreed: '请先阅读并同意相关协议',
} as const

export interface PlanCheckInput {
  /** the product takes purchases (a plan may not bypass a suspension) */
  canBuy: boolean
  /** the product's status text (暂停申购) */
  statusText?: string
  hasFinancialAccounts: boolean
  financialAccountId: number | null
  amount: string
  minAmount: string | null | undefined
  /** the card's per-charge limit (plans paid by card) */
  maxAmount: string | null | undefined
  /** 智能定投 on: the biggest multiplier of its bands, the most one period may charge (the
   * server counts it against the card's limit) */
  smartMultiplier?: string | null
  period: PlanPeriod
  payType: PlanPayType | null
  paymentMethodId: number | null
  /** 目标止盈 chosen: then a rate and an action are needed */
  target: boolean
  targetRate: string | null
  targetAction: string | null
  agreed: boolean
}

/** The period's day: 1–5 for weeks, 1–28 for months and years (null when it fits). */
export function checkPeriod(period: PlanPeriod): string | null {
  const day = period.periodDay
  if (period.periodUnit === 1 && (day === null || day < 1 || day > 5)) return PLAN_MESSAGES.weekDay
  if (period.periodUnit >= 2 && (day === null || day < 1 || day > LAST_MONTH_DAY))
    return PLAN_MESSAGES.monthDay
  if (period.periodUnit === 3) {
    const month = period.periodMonth
    if (month === null || month < 1 || month > 12) return PLAN_MESSAGES.month
  }
  return null
}

/** A minimum as the message writes it: "10.00" → "10", "12.50" → "12.50". */
function yuan(value: string): string {
  const d = toDecimal(value)
  if (!d) return value
  return d.isInteger() ? d.toFixed(0) : formatMoney(d)
}

export function checkPlan(input: PlanCheckInput): string | null {
  if (!input.canBuy) return input.statusText || PLAN_MESSAGES.suspended
  if (input.hasFinancialAccounts && input.financialAccountId === null)
    return PLAN_MESSAGES.noFinancialAccount
  const amount = toDecimal(input.amount)
  if (!amount || amount.lte(0)) return PLAN_MESSAGES.amountEmpty
  const min = toDecimal(input.minAmount)
  if (min && amount.lt(min)) return PLAN_MESSAGES.belowMin(yuan(min.toString()))
  const period = checkPeriod(input.period)
  if (period) return period
  if (input.payType === null || (input.payType === 'card' && input.paymentMethodId === null))
    return PLAN_MESSAGES.noPayment
  const max = toDecimal(input.maxAmount)
  if (input.payType === 'card' && max && max.gt(0)) {
    if (amount.gt(max)) return PLAN_MESSAGES.overCardLimit(formatMoney(max))
    const multiplier = toDecimal(input.smartMultiplier)
    const most = multiplier ? amount.times(multiplier) : null
    if (multiplier && most && most.gt(max))
      return PLAN_MESSAGES.smartOverCardLimit(
        formatMoney(most),
        multiplier.toString(),
        formatMoney(max),
      )
  }
  if (input.target) {
    const rate = toDecimal(input.targetRate)
    if (!rate || rate.lte(0)) return PLAN_MESSAGES.targetRate
    if (!input.targetAction) return PLAN_MESSAGES.targetAction
  }
  if (!input.agreed) return PLAN_MESSAGES.notAgreed
  return null
}
