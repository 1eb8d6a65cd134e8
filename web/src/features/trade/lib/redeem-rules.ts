/**
 * The checks of a fund redemption (docs/rules.md#fund-trading "minimum redeem and minimum remaining shares per
 * fund"; docs/trading.md): at most the available shares; at least the fund's minimum, unless
 * the whole holding is sold; and what stays must not fall below the minimum holding, else the
 * customer is asked to sell it all. Portfolio sales go by ratio: above 0, at most 100 %.
 * The refusals are the server's (trading's 60011-60013, 60010, 60017), their figures written as
 * the screens write shares and money (`formatNumber`, `formatMoney`): 当前可用 1,000.00 份.
 */
import Decimal from 'decimal.js'
import { formatMoney, formatNumber, toDecimal } from '@/lib/format'
import { BUY_MESSAGES } from './buy-rules'

export const REDEEM_MESSAGES = {
  sharesEmpty: '请输入卖出份额',
  noAvailable: '暂无可卖出份额',
  overAvailable: (available: string) => `卖出份额超过可用份额，当前可用 ${available} 份`,
  belowMin: (min: string) => `单笔卖出份额不能少于 ${min} 份`,
  remainBelowMin: (min: string) => `卖出后剩余份额不能少于 ${min} 份，请全部卖出或减少卖出份额`,
  ratioEmpty: '请选择卖出比例',
  ratioRange: '卖出比例须在 1%-100% 之间',
  suspended: '暂停赎回',
  noTarget: '请选择回款方式',
} as const

export interface RedeemCheckInput {
  shares: string
  availableShares: string
  minRedeemShares?: string | null
  minHoldShares?: string | null
  canRedeem?: boolean
  statusText?: string
}

export function checkRedeemShares(input: RedeemCheckInput): string | null {
  if (input.canRedeem === false) return input.statusText || REDEEM_MESSAGES.suspended
  const available = toDecimal(input.availableShares) ?? new Decimal(0)
  if (available.lte(0)) return REDEEM_MESSAGES.noAvailable
  const shares = toDecimal(input.shares)
  if (!shares || shares.lte(0)) return REDEEM_MESSAGES.sharesEmpty
  if (shares.gt(available)) return REDEEM_MESSAGES.overAvailable(formatNumber(available))
  if (shares.eq(available)) return null // selling everything is always allowed
  const min = toDecimal(input.minRedeemShares)
  if (min && min.gt(0) && shares.lt(min)) return REDEEM_MESSAGES.belowMin(formatNumber(min))
  const minHold = toDecimal(input.minHoldShares)
  const remaining = available.minus(shares)
  if (minHold && minHold.gt(0) && remaining.lt(minHold))
    return REDEEM_MESSAGES.remainBelowMin(formatNumber(minHold))
  return null
}

/** What a booked redemption (预约赎回) may still take: the available shares less those already
 * booked, never below zero. */
export function appointableShares(available: string, booked: string): Decimal {
  const left = (toDecimal(available) ?? new Decimal(0)).minus(toDecimal(booked) ?? 0)
  return Decimal.max(left, 0)
}

/** The shares typed for a booking: two decimals at most, above zero, within what is left (the
 * server's 68223 words, the figure as shares are written). */
export function checkAppointmentShares(shares: string, left: Decimal): string | null {
  const d = /^\d+(\.\d{1,2})?$/.test(shares) ? toDecimal(shares) : null
  if (!d || d.lte(0)) return '请输入正确的赎回份额'
  if (d.gt(left)) return `预约份额超过可预约份额${formatNumber(left)}份`
  return null
}

/** A portfolio sale's ratio as sent ("0.5000"), from a percent typed or picked (50 → 0.5). */
export function ratioFromPercent(percent: string): string {
  const d = toDecimal(percent)
  return d ? d.div(100).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(4) : ''
}

export function checkRedeemRatio(ratio: string, canRedeem = true, statusText = ''): string | null {
  if (!canRedeem) return statusText || REDEEM_MESSAGES.suspended
  const r = toDecimal(ratio)
  if (!r || r.lte(0)) return REDEEM_MESSAGES.ratioEmpty
  if (r.lt('0.01') || r.gt(1)) return REDEEM_MESSAGES.ratioRange
  return null
}

/** Quick picks of the shares field: 全部, 1/2, 1/3 of what is available. */
export const SHARE_PICKS = [
  { label: '全部', denominator: 1 },
  { label: '1/2', denominator: 2 },
  { label: '1/3', denominator: 3 },
] as const

/** Fast withdrawal: at most 10 000.00 per user per day (docs/trading.md "Wallet"). */
export const FAST_WITHDRAW_DAILY_LIMIT = '10000.00'

/** The fast withdrawal's note under its choice: 实时到账，单日最高 10,000.00 元. */
export const FAST_WITHDRAW_NOTE = `实时到账，单日最高 ${formatMoney(FAST_WITHDRAW_DAILY_LIMIT)} 元`

export const WITHDRAW_MESSAGES = {
  amountEmpty: '请输入取现金额',
  /** The first half of the server's 60017 (the rest, what is left today, only it knows). */
  overFast: `快速取现每日限额 ${formatMoney(FAST_WITHDRAW_DAILY_LIMIT)} 元`,
} as const

/** A wallet withdrawal: some money, no more than the wallet holds (the purchase's words,
 * {wallet}可用余额不足，当前可用 {available} 元, as the server's 60010), within the fast cap. */
export function checkWithdraw(
  amount: string,
  available: string,
  fast: boolean,
  walletName = '钱包',
): string | null {
  const a = toDecimal(amount)
  if (!a || a.lte(0)) return WITHDRAW_MESSAGES.amountEmpty
  const balance = toDecimal(available) ?? new Decimal(0)
  if (a.gt(balance)) return BUY_MESSAGES.walletShort(walletName, formatMoney(balance))
  if (fast && a.gt(FAST_WITHDRAW_DAILY_LIMIT)) return WITHDRAW_MESSAGES.overFast
  return null
}
