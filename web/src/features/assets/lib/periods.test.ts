import { describe, expect, it } from 'vitest'
import { periodStart } from './periods'

describe('periodStart', () => {
  it('counts whole months back from the last valued day', () => {
    expect(periodStart('1m', '2026-11-20')).toBe('2026-10-21')
    expect(periodStart('3m', '2026-11-20')).toBe('2026-08-21')
    expect(periodStart('1y', '2026-11-20')).toBe('2025-11-21')
    expect(periodStart('1m', '2026-03-31')).toBe('2026-03-01')
    expect(periodStart('ytd', '2026-11-20')).toBe('2026-01-01')
    expect(periodStart('custom', '2026-11-20')).toBeNull()
  })
})
