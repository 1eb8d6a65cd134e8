/**
 * The non-US taxpayer declaration pop-up (docs/product.md#states, docs/product.md#constants).
 *
 * - Declared non-US (`nonAmerican` true): the pop-up passes silently, in either mode.
 * - Declared otherwise (false): the global pop-up is skipped; a trade still asks.
 * - Never declared (null): the global pop-up shows at most 3 times a week and once a day,
 *   counted by a record on the device that keeps the last 3 shows; never for brokers on the
 *   exclusion list.
 * - The trade mode asks whenever the user has not declared non-US.
 */
import { getStored, setStored } from '@/lib/storage'

export type NonAmericanMode = 'global' | 'trade'
export type PopupResult = 'SUBMIT' | 'PASS' | 'CLOSE'

export const WEEKLY_LIMIT = 3
export const RECORDS_KEPT = 3
const WEEK_MS = 7 * 24 * 3600 * 1000

export function recordKey(brokerUserId: number): string {
  return `opentamp.nonAmericanPopup.${brokerUserId}`
}

const dayOf = (ms: number) => {
  const d = new Date(ms)
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`
}

/** Whether the global pop-up may show now, given the times of its last shows. */
export function canShowGlobal(records: number[], now: number): boolean {
  const recent = [...records].sort((a, b) => b - a)
  if (recent.length > 0 && dayOf(recent[0]) === dayOf(now)) return false
  const thisWeek = recent.filter((t) => now - t < WEEK_MS)
  return thisWeek.length < WEEKLY_LIMIT
}

/** The record after a show: the last 3 shows. */
export function withShow(records: number[], now: number): number[] {
  return [...records, now].sort((a, b) => a - b).slice(-RECORDS_KEPT)
}

export function readRecords(brokerUserId: number): number[] {
  return getStored<number[]>(recordKey(brokerUserId)) ?? []
}

export function recordShow(brokerUserId: number, now = Date.now()): void {
  setStored(recordKey(brokerUserId), withShow(readRecords(brokerUserId), now))
}

export type NonAmericanDecision = 'pass' | 'show'

export function decideNonAmerican(input: {
  mode: NonAmericanMode
  nonAmerican: boolean | null | undefined
  hasAccount: boolean
  brokerExcluded: boolean
  records: number[]
  now: number
}): NonAmericanDecision {
  if (input.nonAmerican === true) return 'pass'
  if (input.mode === 'trade') return 'show'
  if (!input.hasAccount || input.nonAmerican === false || input.brokerExcluded) return 'pass'
  return canShowGlobal(input.records, input.now) ? 'show' : 'pass'
}
