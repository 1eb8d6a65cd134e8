/**
 * The profit calendar of 收益分析: a month as weeks of seven days (Monday first, GB/T 7408),
 * blanks before the 1st and after the last day, each day with its profit; a year as its twelve
 * months. Sums are exact (decimal.js) and shown to the cent.
 */
import dayjs from 'dayjs'
import Decimal from 'decimal.js'
import { formatLarge, toDecimal } from '@/lib/format'
import type { DailyProfit, Figure } from '../api/types'

export const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日']

export interface DayCell {
  /** YYYY-MM-DD; null for a blank before the 1st or after the month's end. */
  date: string | null
  day: number | null
  /** The day's profit, null when none was recorded (a closed market day, or no holding). */
  profit: Figure
}

/** Blanks before the 1st: Monday 0 … Sunday 6. */
export function leadingBlanks(month: string): number {
  return (dayjs(`${month}-01`).day() + 6) % 7
}

export function monthGrid(month: string, days: DailyProfit[]): DayCell[][] {
  const first = dayjs(`${month}-01`)
  const byDate = new Map(days.map((d) => [d.date, d.profit]))
  const cells: DayCell[] = []
  for (let i = 0; i < leadingBlanks(month); i++) cells.push({ date: null, day: null, profit: null })
  for (let d = 1; d <= first.daysInMonth(); d++) {
    const date = first.date(d).format('YYYY-MM-DD')
    cells.push({ date, day: d, profit: byDate.get(date) ?? null })
  }
  while (cells.length % 7 !== 0) cells.push({ date: null, day: null, profit: null })
  const weeks: DayCell[][] = []
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7))
  return weeks
}

export interface MonthCell {
  month: string
  profit: Figure
}

/** The twelve months of a year, each with its profit or null. */
export function yearGrid(year: string, months: { month: string; profit: Figure }[]): MonthCell[] {
  const byMonth = new Map(months.map((m) => [m.month, m.profit]))
  return Array.from({ length: 12 }, (_, i) => {
    const month = `${year}-${String(i + 1).padStart(2, '0')}`
    return { month, profit: byMonth.get(month) ?? null }
  })
}

/** The exact sum of figures to the cent ("0.00" for none); empty figures count as nothing. */
export function sumFigures(values: Figure[] | (string | null | undefined)[]): string {
  return values.reduce<Decimal>((acc, v) => acc.plus(toDecimal(v) ?? 0), new Decimal(0)).toFixed(2)
}

/** "2026-11" moved by n months. */
export function shiftMonth(month: string, n: number): string {
  return dayjs(`${month}-01`).add(n, 'month').format('YYYY-MM')
}

/** A day's profit as the small calendar cell shows it, signed, in the one display rule
 * (formatLarge: thousands separated, 万 from 10 000, 亿 from 100 000 000): "+1,234.50",
 * "-3.10万", nothing for a day without a figure. */
export function cellProfit(value: Figure): string {
  const d = toDecimal(value)
  if (!d) return ''
  const text = formatLarge(d)
  return d.toDecimalPlaces(2, Decimal.ROUND_DOWN).gt(0) ? `+${text}` : text
}
