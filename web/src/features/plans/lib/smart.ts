/**
 * 智能定投 on the screen (docs/plans.md "Smart plans"): the server's band table (the reference
 * index's deviation from its 250-day average → the multiplier of the period's amount) read into
 * rows, the band the index is in today, and what this period would charge.
 */
import Decimal from 'decimal.js'
import { formatPercent, toDecimal } from '@/lib/format'
import type { SmartBand } from '../api/types'

/** The deviation range of a band: "低于 -20%", "-20% ~ -10%", "高于 20%". */
export function bandRange(band: SmartBand): string {
  const lower = toDecimal(band.lowerDeviation)
  const upper = toDecimal(band.upperDeviation)
  const pct = (d: Decimal) => formatPercent(d.toString())
  if (!lower && upper) return `低于 ${pct(upper)}`
  if (lower && !upper) return `高于 ${pct(lower)}`
  if (lower && upper) return `${pct(lower)} ~ ${pct(upper)}`
  return '任意'
}

/** "1.50" → "1.5倍", "1.00" → "1倍". */
export function multiplierText(multiplier: string | null | undefined): string {
  const d = toDecimal(multiplier)
  return d ? `${d.toString()}倍` : '--'
}

/** The band a deviation falls in: lower ≤ deviation < upper (an open end is unbounded); -1
 * when the deviation is unknown or no band holds it. */
export function currentBandIndex(bands: SmartBand[], deviation: string | null | undefined): number {
  const dev = toDecimal(deviation)
  if (!dev) return -1
  return bands.findIndex((b) => {
    const lower = toDecimal(b.lowerDeviation)
    const upper = toDecimal(b.upperDeviation)
    return (!lower || dev.gte(lower)) && (!upper || dev.lt(upper))
  })
}

/** The period's charge: base amount × multiplier, half-up to the cent (as the execution's
 * `amount`); "" when either is unknown. */
export function scaledAmount(amount: string, multiplier: string | null | undefined): string {
  const base = toDecimal(amount)
  const factor = toDecimal(multiplier)
  if (!base || !factor) return ''
  return base.times(factor).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2)
}

/** The index's position in words: 低于均线 12.5% / 高于均线 3% / 与均线持平. */
export function deviationText(deviation: string | null | undefined): string {
  const dev = toDecimal(deviation)
  if (!dev) return '--'
  if (dev.isZero()) return '与均线持平'
  return `${dev.lt(0) ? '低于' : '高于'}均线 ${formatPercent(dev.abs().toString())}`
}

/** The biggest multiplier of the bands ("1.5"): the most one period of a smart plan may
 * charge, per unit of its amount; null without bands. */
export function largestMultiplier(bands: SmartBand[] | null | undefined): string | null {
  let most: Decimal | null = null
  for (const b of bands ?? []) {
    const m = toDecimal(b.multiplier)
    if (m && (!most || m.gt(most))) most = m
  }
  return most ? most.toString() : null
}
