import { beforeEach, describe, expect, it } from 'vitest'
import {
  canShowGlobal,
  decideNonAmerican,
  readRecords,
  recordShow,
  RECORDS_KEPT,
  WEEKLY_LIMIT,
  withShow,
} from './non-american'
import { dayKey, markSeen, pickPopup, readSeen } from './operation'
import {
  isResignDisabled,
  isResignExcluded,
  needsResign,
  NOTHING_TO_SIGN,
  RESIGN_INTERVAL_MINUTES,
  setResignDisabled,
  signCapitalNotice,
} from './payment-resign'
import { cacheSigned, isSignedCached, shouldPromptPrivacy } from './privacy'

const at = (s: string) => new Date(s).getTime()
const H = 3600_000

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('non-US declaration frequency (docs/product.md#states, docs/product.md#constants)', () => {
  it('at most once a day', () => {
    const morning = at('2026-11-23T09:00:00+08:00')
    expect(canShowGlobal([], morning)).toBe(true)
    expect(canShowGlobal([morning], morning + 14 * H)).toBe(false) // 23:00 the same day
    expect(canShowGlobal([morning], at('2026-11-24T00:00:01+08:00'))).toBe(true)
  })

  it('at most 3 a week', () => {
    expect(WEEKLY_LIMIT).toBe(3)
    const mon = at('2026-11-23T09:00:00+08:00')
    const shows = [mon, mon + 24 * H, mon + 48 * H]
    expect(canShowGlobal(shows, mon + 72 * H)).toBe(false)
    // 7 days after the first show it no longer counts: two in the week, a third may show.
    expect(canShowGlobal(shows, mon + 7 * 24 * H)).toBe(true)
  })

  it('keeps only the last 3 records', () => {
    expect(RECORDS_KEPT).toBe(3)
    expect(withShow([1, 2, 3], 4)).toEqual([2, 3, 4])
    recordShow(7, 10)
    recordShow(7, 20)
    recordShow(7, 30)
    recordShow(7, 40)
    expect(readRecords(7)).toEqual([20, 30, 40])
    expect(readRecords(8)).toEqual([])
  })

  it('passes silently when declared; skips the global pop-up when declared otherwise', () => {
    const base = { hasAccount: true, brokerExcluded: false, records: [], now: Date.now() }
    expect(decideNonAmerican({ ...base, mode: 'global', nonAmerican: true })).toBe('pass')
    expect(decideNonAmerican({ ...base, mode: 'trade', nonAmerican: true })).toBe('pass')
    expect(decideNonAmerican({ ...base, mode: 'global', nonAmerican: false })).toBe('pass')
    expect(decideNonAmerican({ ...base, mode: 'trade', nonAmerican: false })).toBe('show')
    expect(decideNonAmerican({ ...base, mode: 'global', nonAmerican: null })).toBe('show')
  })

  it('never shows the global pop-up for excluded brokers or users without an account', () => {
    const base = { mode: 'global' as const, nonAmerican: null, records: [], now: Date.now() }
    expect(decideNonAmerican({ ...base, hasAccount: true, brokerExcluded: true })).toBe('pass')
    expect(decideNonAmerican({ ...base, hasAccount: false, brokerExcluded: false })).toBe('pass')
    const today = [Date.now()]
    expect(
      decideNonAmerican({ ...base, hasAccount: true, brokerExcluded: false, records: today }),
    ).toBe('pass')
    expect(
      decideNonAmerican({
        ...base,
        mode: 'trade',
        hasAccount: true,
        brokerExcluded: true,
        records: today,
      }),
    ).toBe('show')
  })
})

describe('payment re-sign prompt (docs/product.md#states, docs/product.md#constants)', () => {
  it('a check that cannot be fetched means re-sign', () => {
    expect(needsResign(undefined, true)).toBe(true)
    expect(needsResign({ paymentResign: false }, false)).toBe(false)
    expect(needsResign({ paymentResign: true }, false)).toBe(true)
  })

  it('暂不签约 disables it on the device for 1440 minutes', () => {
    expect(RESIGN_INTERVAL_MINUTES).toBe(1440)
    const t0 = at('2026-11-23T10:00:00+08:00')
    setResignDisabled(5, t0)
    expect(isResignDisabled(5, t0 + 1439 * 60_000)).toBe(true)
    expect(isResignDisabled(5, t0 + 1440 * 60_000)).toBe(false)
    expect(isResignDisabled(6, t0)).toBe(false)
  })

  it('is not shown on the signing pages; sign-capital says when nothing is to sign', () => {
    expect(isResignExcluded('/paymentChannelSigning')).toBe(true)
    expect(isResignExcluded('/signCapital')).toBe(true)
    expect(isResignExcluded('/home')).toBe(false)
    expect(signCapitalNotice(0)).toBe(NOTHING_TO_SIGN)
    expect(signCapitalNotice(2)).toBeNull()
  })
})

describe('privacy prompt (docs/product.md#states)', () => {
  const ctx = { path: '/home', isBrandApp: false, brokerExcluded: false }
  it('shows when unsigned, on a page not excluded, outside the brand app, for a broker not excluded', () => {
    expect(shouldPromptPrivacy(false, ctx)).toBe(true)
    expect(shouldPromptPrivacy(true, ctx)).toBe(false)
    expect(shouldPromptPrivacy(false, { ...ctx, path: '/privacy' })).toBe(false)
    expect(shouldPromptPrivacy(false, { ...ctx, path: '/outsideChain' })).toBe(false)
    expect(shouldPromptPrivacy(false, { ...ctx, isBrandApp: true })).toBe(false)
    expect(shouldPromptPrivacy(false, { ...ctx, brokerExcluded: true })).toBe(false)
  })

  it('caches the signed state for the visit, per user', () => {
    expect(isSignedCached(1)).toBe(false)
    cacheSigned(1, '2026.11.01')
    expect(isSignedCached(1)).toBe(true)
    expect(isSignedCached(2)).toBe(false)
  })
})

describe('operation pop-ups', () => {
  const now = at('2026-11-23T10:00:00+08:00')
  const once = { popupId: 1, frequency: 'ONCE' as const }
  const daily = { popupId: 2, frequency: 'DAILY' as const }
  const always = { popupId: 3, frequency: 'ALWAYS' as const }

  it('ONCE once per device, DAILY once a day, ALWAYS once a visit, in order', () => {
    expect(pickPopup([once, daily], {}, [], now)).toBe(once)
    expect(pickPopup([once, daily], { 1: '2026-11-01' }, [], now)).toBe(daily)
    expect(pickPopup([daily], { 2: dayKey(now) }, [], now)).toBeNull()
    expect(pickPopup([daily], { 2: dayKey(now - 24 * H) }, [], now)).toBe(daily)
    expect(pickPopup([always], { 3: dayKey(now) }, [], now)).toBe(always)
    expect(pickPopup([always], {}, [3], now)).toBeNull()
  })

  it('records a show', () => {
    markSeen(2, now)
    expect(readSeen()).toEqual({ 2: '2026-11-23' })
  })
})
