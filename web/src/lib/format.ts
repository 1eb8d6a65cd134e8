/**
 * Display rules of docs/product.md#validation and docs/api.md#limits, in one place.
 *
 * - Empty or NaN numbers show `--`.
 * - Decimals are truncated (not rounded) to 2 places, with thousands separators.
 * - 10 000 or more shows in 万, 100 000 000 or more in 亿 (`formatLarge`).
 * - Percent is the value × 100, an integer or up to 2 decimals (truncated, trailing zeros cut).
 * - Colour: zero gray, positive red, negative green (gains are red in China).
 * - Phones show with the middle four digits masked.
 *
 * Money arrives from the API as decimal strings ("10000.00"); everything here works on
 * decimal.js so no value passes through a float.
 */
import Decimal from 'decimal.js'

export const EMPTY = '--'

/** A value is valid unless it is null/undefined or one of the strings the client treats as
 * empty (docs/product.md#validation): "undefined", "null", "NaN", "Null" or "". */
export function isValidValue(value: unknown): boolean {
  if (value === null || value === undefined) return false
  if (typeof value === 'number') return !Number.isNaN(value)
  if (typeof value === 'string')
    return !['undefined', 'null', 'NaN', 'Null', ''].includes(value.trim())
  return true
}

export function toDecimal(value: unknown): Decimal | null {
  if (!isValidValue(value)) return null
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Decimal))
    return null
  try {
    const d = new Decimal(value as Decimal.Value)
    return d.isFinite() ? d : null
  } catch {
    return null
  }
}

function groupThousands(fixed: string): string {
  const [int, frac] = fixed.split('.')
  const sign = int.startsWith('-') ? '-' : ''
  const digits = sign ? int.slice(1) : int
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return frac === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${frac}`
}

/** 1234567.899 → "1,234,567.89"; empty → "--". */
export function formatNumber(value: unknown, decimals = 2): string {
  const d = toDecimal(value)
  if (!d) return EMPTY
  const cut = d.toDecimalPlaces(decimals, Decimal.ROUND_DOWN)
  const text = cut.isZero() ? new Decimal(0).toFixed(decimals) : cut.toFixed(decimals)
  return groupThousands(text)
}

/** A money amount in yuan: same rule as numbers. */
export const formatMoney = (value: unknown) => formatNumber(value, 2)

/** A NAV: 4 decimals. */
export const formatNav = (value: unknown) => formatNumber(value, 4)

/** 12345 → "1.23万", 123456789 → "1.23亿", below 10 000 as a plain number. */
export function formatLarge(value: unknown, decimals = 2): string {
  const d = toDecimal(value)
  if (!d) return EMPTY
  const abs = d.abs()
  if (abs.gte(1e8)) return `${formatNumber(d.div(1e8), decimals)}亿`
  if (abs.gte(1e4)) return `${formatNumber(d.div(1e4), decimals)}万`
  return formatNumber(d, decimals)
}

/** 0.12345 → "12.34%", 0.015 → "1.50%", 0.1 → "10.00%" (docs/product.md#validation display). */
export function formatPercent(value: unknown, options: { signed?: boolean } = {}): string {
  const d = toDecimal(value)
  if (!d) return EMPTY
  // one precision everywhere: two decimals, truncated like every figure ("+2.50%", "-16.00%")
  const pct = d.times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN)
  const text = pct.isZero() ? '0.00' : pct.toFixed(2)
  const sign = options.signed && pct.gt(0) ? '+' : ''
  return `${sign}${text}%`
}

/** A part of a whole as it was picked or typed (a sale's ratio, a signal's part): 0.3 → "30%",
 * 0.3333 → "33.33%" (two decimals at most, no trailing zeros); empty → "--". */
export function formatPart(value: unknown): string {
  const d = toDecimal(value)
  return d ? `${d.times(100).toDecimalPlaces(2).toString()}%` : EMPTY
}

/** A profit figure with its sign: "+12.30", "-5.00", "0.00". */
export function formatSigned(value: unknown): string {
  const d = toDecimal(value)
  if (!d) return EMPTY
  const text = formatNumber(d)
  return d.toDecimalPlaces(2, Decimal.ROUND_DOWN).gt(0) ? `+${text}` : text
}

export type Trend = 'rise' | 'fall' | 'flat'

/** Red for gains, green for losses, gray for zero or empty. */
export function trendOf(value: unknown): Trend {
  const d = toDecimal(value)
  if (!d || d.isZero()) return 'flat'
  return d.gt(0) ? 'rise' : 'fall'
}

/** The CSS colour variable of a figure's trend. */
export function trendColor(value: unknown): string {
  return `var(--app-${trendOf(value)})`
}

/** "13812345678" → "138****5678" (an optional +86 prefix is kept). */
export function maskPhone(phone: string | null | undefined): string {
  if (!isValidValue(phone)) return EMPTY
  const text = String(phone).trim()
  const match = /^(\+?86)?(\d{3})\d{4}(\d{4})$/.exec(text)
  if (!match) return text
  return `${match[1] ?? ''}${match[2]}****${match[3]}`
}
