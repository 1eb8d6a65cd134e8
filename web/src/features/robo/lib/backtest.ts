/**
 * The backtest on screen (docs/robo.md "Backtest"): the fan of outcomes drawn as stacked bands
 * between percentiles, and the rolling-return distribution as bars. The figures are the
 * server's; this only turns its decimal strings into what the charts draw.
 */
import { toDecimal } from '@/lib/format'

/** One point of the fan: the outcome percentiles after a holding time. */
export interface OutcomePoint {
  label: string
  p5: string | number | null | undefined
  p25: string | number | null | undefined
  p50: string | number | null | undefined
  p75: string | number | null | undefined
  p95: string | number | null | undefined
}

export interface FanBands {
  labels: string[]
  /** The invisible base (the 5th percentile) and the four stacked bands above it. */
  base: number[]
  lowBand: number[]
  lowerMid: number[]
  upperMid: number[]
  highBand: number[]
  median: number[]
}

const num = (v: unknown): number => toDecimal(v)?.toNumber() ?? 0

/** The fan's stacked bands: 5th→25th, 25th→50th, 50th→75th, 75th→95th over the 5th. Percentiles
 * out of order (a point with too few windows) are sorted first, so no band is negative. */
export function fanBands(points: OutcomePoint[]): FanBands {
  const out: FanBands = {
    labels: [],
    base: [],
    lowBand: [],
    lowerMid: [],
    upperMid: [],
    highBand: [],
    median: [],
  }
  for (const p of points) {
    const [p5, p25, p50, p75, p95] = [p.p5, p.p25, p.p50, p.p75, p.p95]
      .map(num)
      .sort((a, b) => a - b)
    out.labels.push(p.label)
    out.base.push(p5)
    out.lowBand.push(p25 - p5)
    out.lowerMid.push(p50 - p25)
    out.upperMid.push(p75 - p50)
    out.highBand.push(p95 - p75)
    out.median.push(p50)
  }
  return out
}

/** The most medians the fan writes by their points; beyond it (a plan of 36 months has 36
 * points) the numbers run into one another at a phone's width, and only the last is written. */
export const FAN_LABELS_MAX = 6

/** Whether the median of point ``index`` of ``count`` carries its number. */
export const fanLabelShown = (index: number, count: number): boolean =>
  count <= FAN_LABELS_MAX || index === count - 1

/** The maximum drawdown's period under its figure: both dates written in full, the end on a line
 * of its own ("2020-03-13", "至2020-07-29"); cut to two-digit years (20-03-13~20-07-29) they
 * read as days and still wrapped at a phone's width. Null while either end is missing. */
export function drawdownPeriod(
  start: string | null | undefined,
  end: string | null | undefined,
): [string, string] | null {
  return start && end ? [start, `至${end}`] : null
}

export interface Bucket {
  /** The bucket's lower and upper bounds (fractions). */
  low: string | number
  high: string | number
  /** How many windows fell in it, or their share. */
  count: string | number
}

/** The distribution's bars: each bucket's label ("-5%~0%") and its share of all windows, and
 * whether it is a loss (its upper bound at or below 0). */
export function distributionBars(
  buckets: Bucket[],
): { label: string; share: number; loss: boolean }[] {
  const total = buckets.reduce((s, b) => s + num(b.count), 0)
  const pct = (v: unknown) => `${Number((num(v) * 100).toFixed(1))}%`
  return buckets.map((b) => ({
    label: `${pct(b.low)}~${pct(b.high)}`,
    share: total > 0 ? num(b.count) / total : 0,
    loss: num(b.high) <= 0,
  }))
}
