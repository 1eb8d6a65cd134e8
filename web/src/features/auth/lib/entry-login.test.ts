import { afterEach, describe, expect, it } from 'vitest'
import {
  APP_ENTRY_MS,
  WEB_ENTRY_MS,
  clearEntryLogin,
  readEntryLogin,
  storedEntryLogin,
} from './entry-login'

const NOW = Date.UTC(2026, 10, 20, 2, 0)

describe('login entry (docs/product.md#states)', () => {
  afterEach(() => localStorage.clear())

  it('keeps a link from the app for 2 minutes', () => {
    const record = readEntryLogin('?token=abc&brokerUserId=7&fromApp=1&teamId=9001&x=1', NOW)
    expect(record).toMatchObject({ token: 'abc', brokerUserId: 7, teamId: '9001' })
    expect(record?.expired).toBe(NOW + APP_ENTRY_MS)
    expect(record?.entryPageQuery).toBe('brokerUserId=7&fromApp=1&teamId=9001&x=1')
    expect(storedEntryLogin(NOW + APP_ENTRY_MS - 1)?.token).toBe('abc')
    expect(storedEntryLogin(NOW + APP_ENTRY_MS)).toBeNull()
  })

  it('keeps other links for 8 hours', () => {
    expect(readEntryLogin('?token=abc&brokerUserId=7', NOW)?.expired).toBe(NOW + WEB_ENTRY_MS)
    expect(WEB_ENTRY_MS).toBe(288e5)
  })

  it('ignores links without both token and brokerUserId, and clears on switching', () => {
    expect(readEntryLogin('?token=abc', NOW)).toBeNull()
    expect(readEntryLogin('?brokerUserId=7', NOW)).toBeNull()
    readEntryLogin('?token=abc&brokerUserId=7', NOW)
    clearEntryLogin()
    expect(storedEntryLogin(NOW)).toBeNull()
  })
})
