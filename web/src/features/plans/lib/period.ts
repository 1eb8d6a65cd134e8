/**
 * A plan's period (docs/plans.md "Periods"): every trading day, every week or every second week
 * on a weekday (周一–周五), every month on a day 1–28, every year on a month and day. The
 * server moves each date onto the next trading day; this module only names and picks.
 */
import type { PeriodUnit, PlanPeriod } from '../api/types'

export type PeriodChoice = 'day' | 'week' | 'biweek' | 'month' | 'year'

export const PERIOD_CHOICES: ReadonlyArray<{
  key: PeriodChoice
  label: string
  unit: PeriodUnit
  interval: number
}> = [
  { key: 'day', label: '每日', unit: 0, interval: 1 },
  { key: 'week', label: '每周', unit: 1, interval: 1 },
  { key: 'biweek', label: '每两周', unit: 1, interval: 2 },
  { key: 'month', label: '每月', unit: 2, interval: 1 },
  { key: 'year', label: '每年', unit: 3, interval: 1 },
]

export const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五'] as const

/** The last day of month a plan may charge on: every month has it. */
export const LAST_MONTH_DAY = 28

export function choiceOf(period: Pick<PlanPeriod, 'periodUnit' | 'periodInterval'>): PeriodChoice {
  if (period.periodUnit === 0) return 'day'
  if (period.periodUnit === 1) return period.periodInterval === 2 ? 'biweek' : 'week'
  return period.periodUnit === 2 ? 'month' : 'year'
}

/** Weekday 1..5 of a date "YYYY-MM-DD" (Saturday and Sunday give 周一). */
export function weekdayOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number)
  const w = new Date(Date.UTC(y, m - 1, d)).getUTCDay() // 0 Sunday
  return w >= 1 && w <= 5 ? w : 1
}

/** The day of month 1..28 of a date; 29–31 give 1 (the first day a plan may choose after them). */
export function monthDayOf(day: string): number {
  const d = Number(day.slice(8, 10))
  return d >= 1 && d <= LAST_MONTH_DAY ? d : 1
}

/** The period a new plan starts with: weekly, on today's weekday (周一 at a weekend). */
export function defaultPeriod(today: string): PlanPeriod {
  return { periodUnit: 1, periodInterval: 1, periodDay: weekdayOf(today), periodMonth: null }
}

/** Switching the period kind keeps what still fits and fills in the rest from today. */
export function switchPeriod(current: PlanPeriod, to: PeriodChoice, today: string): PlanPeriod {
  const choice = PERIOD_CHOICES.find((c) => c.key === to) ?? PERIOD_CHOICES[1]
  const base = { periodUnit: choice.unit, periodInterval: choice.interval }
  if (choice.unit === 0) return { ...base, periodDay: null, periodMonth: null }
  if (choice.unit === 1) {
    const keep = current.periodUnit === 1 && current.periodDay !== null
    return { ...base, periodDay: keep ? current.periodDay : weekdayOf(today), periodMonth: null }
  }
  const keepDay = current.periodUnit >= 2 && current.periodDay !== null
  const periodDay = keepDay ? current.periodDay : monthDayOf(today)
  if (choice.unit === 2) return { ...base, periodDay, periodMonth: null }
  return { ...base, periodDay, periodMonth: current.periodMonth ?? Number(today.slice(5, 7)) }
}

/** The text of a period as the plan's `periodText` reads: 每个交易日, 每周三, 每两周周三, 每月8日,
 * 每年3月8日 (shown before the server has named it, on the plan screen). */
export function periodText(period: PlanPeriod): string {
  const day = period.periodDay ?? 0
  switch (period.periodUnit) {
    case 0:
      return '每个交易日'
    case 1: {
      const name = WEEKDAYS[day - 1] ?? ''
      return period.periodInterval === 2 ? `每两周${name}` : `每${name}`
    }
    case 2:
      return `每月${day}日`
    default:
      return `每年${period.periodMonth ?? 1}月${day}日`
  }
}

/** The choices of the day picker: 周一–周五 for weeks, 1日–28日 for months and years. */
export function dayOptions(unit: PeriodUnit): { label: string; value: number }[] {
  if (unit === 1) return WEEKDAYS.map((label, i) => ({ label, value: i + 1 }))
  if (unit === 0) return []
  return Array.from({ length: LAST_MONTH_DAY }, (_, i) => ({ label: `${i + 1}日`, value: i + 1 }))
}

export const MONTH_OPTIONS = Array.from({ length: 12 }, (_, i) => ({
  label: `${i + 1}月`,
  value: i + 1,
}))

/** What the period sends: the day and month only where the unit has them. */
export function periodParams(period: PlanPeriod): PlanPeriod {
  return {
    periodUnit: period.periodUnit,
    periodInterval: period.periodUnit === 1 ? period.periodInterval : 1,
    periodDay: period.periodUnit === 0 ? null : period.periodDay,
    periodMonth: period.periodUnit === 3 ? period.periodMonth : null,
  }
}
