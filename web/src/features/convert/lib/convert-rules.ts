/**
 * The checks of a conversion (基金转换, docs/rules.md#dividends-and-conversion): the shares converted out follow
 * the redemption rules of the fund converted out — at most the available shares; at least the
 * fund's minimum, unless all of them are converted; what stays must not fall below the minimum
 * holding, else the customer is asked to convert it all — and a target must be chosen. The
 * shares refusals are the server's (trading's 60117-60120, a conversion's own, not the sale's
 * 卖出份额), their shares written as the screens write them (`formatNumber`, as the server's
 * `kit.money.shares_text`): 转换份额不能超过可转换份额 1,000.00 份.
 */
import Decimal from 'decimal.js'
import { formatNumber, toDecimal } from '@/lib/format'

export const CONVERT_MESSAGES = {
  sharesEmpty: '请输入转换份额',
  noAvailable: '暂无可转换份额',
  overAvailable: (available: string) => `转换份额不能超过可转换份额 ${available} 份`,
  belowMin: (min: string) => `单笔转换份额不能少于 ${min} 份`,
  remainBelowMin: (min: string) => `转换后剩余份额不能少于 ${min} 份，请全部转换`,
  noTarget: '请选择转入基金',
} as const

export interface ConvertCheckInput {
  shares: string
  availableShares: string
  minConvertShares?: string | null
  minRemainingShares?: string | null
}

/** What is wrong with the shares typed, or null. An empty field is wrong only on submit
 * (`required`): while typing it shows nothing. */
export function checkConvertShares(input: ConvertCheckInput, required = true): string | null {
  const available = toDecimal(input.availableShares) ?? new Decimal(0)
  if (available.lte(0)) return CONVERT_MESSAGES.noAvailable
  const shares = toDecimal(input.shares)
  if (!shares || shares.lte(0)) return required ? CONVERT_MESSAGES.sharesEmpty : null
  if (shares.gt(available)) return CONVERT_MESSAGES.overAvailable(formatNumber(available))
  if (shares.eq(available)) return null // converting everything is always allowed
  const min = toDecimal(input.minConvertShares)
  if (min && min.gt(0) && shares.lt(min)) return CONVERT_MESSAGES.belowMin(formatNumber(min))
  const minRemaining = toDecimal(input.minRemainingShares)
  if (minRemaining && minRemaining.gt(0) && available.minus(shares).lt(minRemaining))
    return CONVERT_MESSAGES.remainBelowMin(formatNumber(minRemaining))
  return null
}

/** The shares as the estimate is asked for them: only valid shares are sent ("" otherwise),
 * cut to two decimals. */
export function estimateShares(input: ConvertCheckInput): string {
  if (checkConvertShares(input)) return ''
  const shares = toDecimal(input.shares)
  return shares ? shares.toFixed(2, Decimal.ROUND_DOWN) : ''
}

/** "R4 中高风险" of a target fund; empty for an unknown level. */
export function riskText(fund: { riskLevel: number; riskLevelName: string }): string {
  return fund.riskLevelName ? `R${fund.riskLevel} ${fund.riskLevelName}` : ''
}
