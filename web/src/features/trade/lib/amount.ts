/**
 * Amounts and shares typed on the trade screens: decimal strings with at most two decimals,
 * compared and divided with decimal.js, never as floats (docs/rules.md#money-shares-and-time).
 */
import Decimal from 'decimal.js'
import { toDecimal } from '@/lib/format'

/** The longest amount a keypad accepts (up to 999 999 999.99). */
const MAX_INT_DIGITS = 9

/** The next value of an amount field after a key of the number keypad ('0'-'9', '.'), or the
 * value unchanged when the key would make it invalid: one point, two decimals, no leading
 * zeros ("0" then "5" gives "5"), a leading point becomes "0.". */
export function typeKey(value: string, key: string): string {
  if (key === '.') {
    if (value.includes('.')) return value
    return value === '' ? '0.' : `${value}.`
  }
  if (!/^\d$/.test(key)) return value
  const [int, frac] = value.split('.')
  if (frac !== undefined) return frac.length >= 2 ? value : `${value}${key}`
  if (int === '0') return key
  if (int.length >= MAX_INT_DIGITS) return value
  return `${value}${key}`
}

/** The value after the keypad's delete key. */
export const deleteKey = (value: string) => value.slice(0, -1)

/** A typed value as sent to the server: "100." → "100.00", "0.5" → "0.50"; empty stays empty. */
export function toAmountString(value: string): string {
  const d = toDecimal(value)
  return d ? d.toFixed(2, Decimal.ROUND_DOWN) : ''
}

/** "100.00" → "100", "0.50" → "0.5": a minimum as written in messages (100元起投). */
export function plainNumber(value: unknown): string {
  const d = toDecimal(value)
  return d ? d.toString() : ''
}

/** The amount field's placeholder: the minimum as 100元起投 once it is known, else (while it
 * loads, or where there is none) 请输入金额, never a "0元起投" the server would then refuse. */
export function minimumPlaceholder(min: unknown): string {
  const d = toDecimal(min)
  return d && d.gt(0) ? `${plainNumber(d)}元起投` : '请输入金额'
}

/** A share of a holding: `available × numerator / denominator`, cut (never rounded up) to
 * 0.01, so a quick pick never asks for more than there is. 全部 is the available shares. */
export function portionOf(available: string, denominator: number): string {
  const d = toDecimal(available)
  if (!d) return ''
  return d.div(denominator).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2)
}

/** Quick amounts for the purchase keypad: those at or above the minimum. */
export function quickAmounts(minimum: string, candidates = [1000, 5000, 10000, 50000]): number[] {
  const min = toDecimal(minimum) ?? new Decimal(0)
  return candidates.filter((c) => min.lte(c))
}
