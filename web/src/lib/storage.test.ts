import { beforeEach, describe, expect, it } from 'vitest'
import {
  getStored,
  LOGIN_INFO_TTL_FROM_APP_MS,
  LOGIN_INFO_TTL_MS,
  loginInfoTtl,
  removeStored,
  setStored,
} from './storage'

describe('storage with expiry (docs/product.md#states, docs/api.md#limits)', () => {
  beforeEach(() => localStorage.clear())

  it('reads a value until its expiry, then forgets it', () => {
    const t0 = Date.UTC(2026, 10, 23, 2, 0)
    setStored('k', { a: 1 }, 60_000, localStorage, t0)
    expect(getStored('k', localStorage, t0 + 59_999)).toEqual({ a: 1 })
    expect(getStored('k', localStorage, t0 + 60_000)).toBeNull()
    expect(localStorage.getItem('k')).toBeNull()
  })

  it('keeps a value without a time to live', () => {
    setStored('k', 'v')
    expect(getStored('k', localStorage, Date.now() + 10 * 365 * 86_400_000)).toBe('v')
    removeStored('k')
    expect(getStored('k')).toBeNull()
  })

  it('treats unreadable entries as absent', () => {
    localStorage.setItem('k', '{oops')
    expect(getStored('k')).toBeNull()
    localStorage.setItem('k', '"plain"')
    expect(getStored('k')).toBeNull()
  })

  it('keeps login info 2 minutes when the app set the flag, 8 hours (288e5 ms) otherwise', () => {
    expect(LOGIN_INFO_TTL_FROM_APP_MS).toBe(120_000)
    expect(LOGIN_INFO_TTL_MS).toBe(28_800_000)
    expect(loginInfoTtl(true)).toBe(120_000)
    expect(loginInfoTtl(false)).toBe(28_800_000)
  })
})
