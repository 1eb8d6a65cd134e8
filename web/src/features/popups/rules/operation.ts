/**
 * Which operation pop-up to show (ONCE: once per device; DAILY: once a day; ALWAYS: once per
 * visit), from the broker's live pop-ups in their order, among those meant for the user (the
 * audience: ALL, ACCOUNT holders, or users with NO_ACCOUNT yet).
 */
import { getStored, setStored } from '@/lib/storage'

export const SEEN_KEY = 'opentamp.operationPopupsSeen'
const VISIT_KEY = 'opentamp.operationPopupsThisVisit'

interface Candidate {
  popupId: number
  frequency: 'ONCE' | 'DAILY' | 'ALWAYS'
  audience?: 'ALL' | 'ACCOUNT' | 'NO_ACCOUNT'
}

/** Whether a pop-up is meant for a user with (or without) an opened account. */
export function isForUser(audience: Candidate['audience'], hasAccount: boolean): boolean {
  if (audience === 'ACCOUNT') return hasAccount
  if (audience === 'NO_ACCOUNT') return !hasAccount
  return true
}

export type SeenRecord = Record<string, string>

export const dayKey = (ms: number) => {
  const d = new Date(ms)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

export function pickPopup<T extends Candidate>(
  popups: T[],
  seen: SeenRecord,
  shownThisVisit: number[],
  now: number,
  hasAccount = true,
): T | null {
  return (
    popups.find((p) => {
      if (!isForUser(p.audience, hasAccount)) return false
      if (shownThisVisit.includes(p.popupId)) return false
      if (p.frequency === 'ONCE') return !seen[p.popupId]
      if (p.frequency === 'DAILY') return seen[p.popupId] !== dayKey(now)
      return true
    }) ?? null
  )
}

export function readSeen(): SeenRecord {
  return getStored<SeenRecord>(SEEN_KEY) ?? {}
}

export function readShownThisVisit(): number[] {
  return getStored<number[]>(VISIT_KEY, sessionStorage) ?? []
}

export function markSeen(popupId: number, now = Date.now()): void {
  setStored(SEEN_KEY, { ...readSeen(), [popupId]: dayKey(now) })
  setStored(VISIT_KEY, [...readShownThisVisit(), popupId], null, sessionStorage)
}
