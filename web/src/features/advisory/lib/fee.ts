/**
 * How the adviser fee's terms read (docs/product.md#entities "Fee"; docs/advisory.md): the yearly
 * rate, the period it is charged per, the discount and the upper limit. Amounts and rates arrive
 * as decimal strings; the figures are formatted by lib/format.
 */
import Decimal from 'decimal.js'
import { EMPTY, formatMoney, formatPercent, toDecimal } from '@/lib/format'

/** Fee periods (docs/product.md#entities enumerations): D, M, Q, Y. */
export const CHARGE_PERIOD_TEXT: Record<string, string> = {
  D: '按日收取',
  M: '按月收取',
  Q: '按季收取',
  Y: '按年收取',
}

export const chargePeriodText = (period: string | null | undefined): string =>
  CHARGE_PERIOD_TEXT[String(period ?? '').toUpperCase()] ?? EMPTY

/** Fee modes: FIXED, STEP (tiers by assets), MEMBER. */
export const FEE_MODE_TEXT: Record<string, string> = {
  FIXED: '固定费率',
  STEP: '阶梯费率',
  MEMBER: '会员制',
}

export const feeModeText = (mode: string | null | undefined): string =>
  FEE_MODE_TEXT[String(mode ?? '').toUpperCase()] ?? EMPTY

/** Adviser fee sources. */
export const FEE_SOURCE_TEXT: Record<string, string> = {
  PERIOD: '周期收取',
  UNSIGN: '解约收取',
  REDEEM: '取出收取',
  BAD_DEBT: '坏账',
  MANUAL: '手工收取',
  MEMBER: '会员费',
  OTHER_SOURCE: '其他',
}

export const feeSourceText = (source: string | null | undefined): string =>
  FEE_SOURCE_TEXT[String(source ?? '').toUpperCase()] ?? EMPTY

/** "0.0080" → "0.80%/年". */
export function yearlyRateText(ratio: unknown): string {
  const text = formatPercent(ratio)
  return text === EMPTY ? EMPTY : `${text}/年`
}

/** The rate a customer pays and, when discounted, the listed one it replaces. */
export function feeRateLines(terms: {
  feeRatio?: string | null
  discountFeeRatio?: string | null
}): { rate: string; original: string | null } {
  const listed = toDecimal(terms.feeRatio)
  const paid = toDecimal(terms.discountFeeRatio)
  if (paid && listed && paid.lt(listed)) {
    return { rate: yearlyRateText(paid), original: yearlyRateText(listed) }
  }
  return { rate: yearlyRateText(listed ?? paid), original: null }
}

/** A day's accrual as the docs state it (docs/advisory.md): assets × yearly rate ÷ 365, to the
 * cent, half up; shown beside the fee terms as 例：… as a worked example. */
export function dailyAccrual(assets: unknown, yearlyRate: unknown, daysInYear = 365): string {
  const a = toDecimal(assets)
  const r = toDecimal(yearlyRate)
  if (!a || !r) return EMPTY
  return formatMoney(a.times(r).div(daysInYear).toDecimalPlaces(2, Decimal.ROUND_HALF_UP))
}

/** The yearly rate paid on ``assets`` (opentamp/rules/adviser_fees.py effective_rate): STEP
 * the rate of the highest tier whose floor is at or below the assets, times the discount
 * (tiers 0 → 0.6 %, 100 000 → 0.4 %: 100 000.00 pays 0.4 %); otherwise the discounted rate. */
export function yearlyRateAt(
  plan: {
    feeMode?: string | null
    discountFeeRatio?: string | null
    feeRatedDiscount?: string | null
    stepList?: { minAsset: string; feeRatio: string }[] | null
  },
  assets: unknown,
): string | null {
  const a = toDecimal(assets)
  const steps = plan.stepList ?? []
  if (String(plan.feeMode).toUpperCase() !== 'STEP' || !a || steps.length === 0)
    return plan.discountFeeRatio ?? null
  let rate: Decimal | null = null
  let floor: Decimal | null = null
  for (const s of steps) {
    const min = toDecimal(s.minAsset)
    const r = toDecimal(s.feeRatio)
    if (min && r && min.lte(a) && (floor === null || min.gte(floor))) {
      rate = r
      floor = min
    }
  }
  if (!rate) return plan.discountFeeRatio ?? null
  const discount = toDecimal(plan.feeRatedDiscount) ?? new Decimal(1)
  return rate.times(discount).toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toString()
}

/** Fee status of a charge or a refund (docs/product.md#states): S 已收取, F 收取失败, P 处理中. */
export const FEE_STATUS_TEXT: Record<string, string> = {
  S: '已收取',
  F: '收取失败',
  P: '处理中',
}

export const feeStatusText = (status: string | null | undefined): string =>
  FEE_STATUS_TEXT[String(status ?? '').toUpperCase()] ?? EMPTY
