/** The periods the return analytics offer (docs/rules.md#returns), as start dates counted back
 * from the last valued day. Dates are 'YYYY-MM-DD' strings. */
export type PeriodKey = '1m' | '3m' | '6m' | '1y' | 'ytd' | 'custom'

export const RETURN_PERIODS: readonly { key: PeriodKey; name: string }[] = [
  { key: '1m', name: '近1月' },
  { key: '3m', name: '近3月' },
  { key: '6m', name: '近6月' },
  { key: '1y', name: '近1年' },
  { key: 'ytd', name: '今年以来' },
  { key: 'custom', name: '自定义' },
]

const MONTHS: Record<string, number> = { '1m': 1, '3m': 3, '6m': 6, '1y': 12 }

/** The day after the same day `months` months before `end` (a month ago from 03-31 is 03-01,
 * the day after 02-28/29), so 近1月 holds one month of days. */
export function periodStart(key: PeriodKey, end: string): string | null {
  if (key === 'custom') return null
  const [y, m, d] = end.split('-').map(Number)
  if (key === 'ytd') return `${y}-01-01`
  const back = new Date(Date.UTC(y, m - 1 - MONTHS[key], 1))
  const lastDay = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate()
  back.setUTCDate(Math.min(d, lastDay) + 1)
  return back.toISOString().slice(0, 10)
}
