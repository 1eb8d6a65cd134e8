/** Paths and small rules of the target-strategy screens (docs/targets.md). */
import type { TargetPosition } from './api/types'

export const seriesAssetPath = (code: string, financialAccountId?: number | string | null) =>
  `/strategy/seriesAsset?strategyParentCode=${code}` +
  (financialAccountId ? `&financialAccountId=${financialAccountId}` : '')

export const strategyPagePath = (code: string) =>
  `/poProductDetail?productCode=${code}&productType=strategy`

/** The buy screen of a strategy (the ordinary portfolio purchase). */
export const strategyBuyPath = (code: string) => `/allot?productCode=${code}&productType=strategy`

/** Positions that ended (sold, or terminated) are history, not assets. */
export const isEnded = (p: Pick<TargetPosition, 'phase'>) =>
  p.phase === 'END' || p.phase.startsWith('TERMINATED')

/** A rate typed as a percentage ("8" or "8.5") as the call's decimal string ("0.085"); null
 * when it is not a number with at most two decimals. */
export function percentToRate(text: string): string | null {
  const t = text.trim()
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) return null
  const [whole, frac = ''] = t.split('.')
  const hundredths = Number(whole) * 100 + Number(frac.padEnd(2, '0'))
  return (hundredths / 10000).toFixed(4)
}

/** "0.0500" → "5" (the percentage typed back into the form). */
export const rateToPercent = (rate: string) => String(Number((Number(rate) * 100).toFixed(2)))
