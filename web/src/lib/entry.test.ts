import { beforeEach, describe, expect, it } from 'vitest'
import {
  clearLoginInfo,
  getEntry,
  getLoginInfo,
  isInApp,
  isPreviewMode,
  parseEntry,
  recordEntry,
} from './entry'

describe('the entry of a visit (docs/product.md#entities, docs/product.md#states)', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
  })

  it('reads store parameters, the client marker and preview mode', () => {
    const e = parseEntry('/app-login/', '?teamId=9001&mid=M1001&brokerId=1001&client=app&isTWS=1')
    expect(e).toMatchObject({
      firstPath: 'app-login',
      teamId: '9001',
      mid: 'M1001',
      brokerId: '1001',
      isInApp: true,
      isPreview: true,
    })
    expect(parseEntry('/home', '')).toMatchObject({ isInApp: false, isPreview: false })
    expect(parseEntry('/home', '?isQimingApp=true')).toMatchObject({
      isInApp: true,
      isBrandApp: true,
    })
  })

  it('keeps the first page of the visit only', () => {
    recordEntry('/home', '?preview=1')
    recordEntry('/mine', '')
    expect(getEntry()?.firstPath).toBe('home')
    expect(isPreviewMode()).toBe(true)
    expect(isInApp()).toBe(false)
  })

  it('stores a handed-over token 2 minutes when the app marked it', () => {
    const now = Date.now()
    recordEntry('/home', '?token=abc&brokerUserId=7&isInApp=1')
    const info = getLoginInfo()
    expect(info).toMatchObject({ token: 'abc', brokerUserId: '7' })
    expect(info?.expired).toBeGreaterThanOrEqual(now + 120_000)
    expect(info?.expired).toBeLessThan(now + 121_000)
    expect(getLoginInfo(now + 120_001)).toBeNull()
  })

  it('stores it 8 hours in the plain web case, and clears it on switching login', () => {
    const now = Date.now()
    recordEntry('/home', '?token=abc&brokerUserId=7')
    expect(getLoginInfo(now + 28_799_000)).not.toBeNull()
    expect(getLoginInfo(now + 28_801_000)).toBeNull()
    sessionStorage.clear()
    recordEntry('/home', '?token=abc&brokerUserId=7')
    clearLoginInfo()
    expect(getLoginInfo()).toBeNull()
  })
})
