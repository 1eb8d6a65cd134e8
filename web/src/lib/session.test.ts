import { beforeEach, describe, expect, it } from 'vitest'
import {
  clearSession,
  getSession,
  getToken,
  hasAccount,
  heldVisitorToken,
  setSession,
  updateSession,
} from './session'

describe('session (token expiry = expiresIn − 300 s)', () => {
  beforeEach(() => clearSession())

  it('keeps the token until 300 s before the server expires it', () => {
    const t0 = 1_700_000_000_000
    setSession({ accessToken: 'tok', expiresIn: 3600, brokerUserId: 7, accountId: 9 }, t0)
    expect(getToken(t0 + 3299_000)).toBe('tok')
    expect(getToken(t0 + 3300_000)).toBeNull()
  })

  it('knows whether the user owns an account', () => {
    setSession({ accessToken: 'tok', expiresIn: 3600, brokerUserId: 7 })
    expect(hasAccount()).toBe(false)
    updateSession({ accountId: 12 })
    expect(getSession()?.accountId).toBe(12)
    expect(hasAccount()).toBe(true)
    setSession({ accessToken: 'v', expiresIn: 3600, brokerUserId: 8, accountId: 1, visitor: true })
    expect(hasAccount()).toBe(false)
  })

  it('forgets a broken or cleared record', () => {
    localStorage.setItem('opentamp.session', '{oops')
    expect(getSession()).toBeNull()
    setSession({ accessToken: 'tok', expiresIn: 3600, brokerUserId: 7 })
    clearSession()
    expect(getToken()).toBeNull()
  })

  it('holds on to a visitor token past its expiry, and never to a signed-in one', () => {
    const t0 = 1_700_000_000_000
    setSession({ accessToken: 'v', expiresIn: 600, brokerUserId: 3, visitor: true }, t0)
    expect(getToken(Date.now() + 3600_000)).toBeNull()
    expect(heldVisitorToken()).toBe('v')
    setSession({ accessToken: 'u', expiresIn: 600, brokerUserId: 4, accountId: 1 }, t0)
    expect(heldVisitorToken()).toBeNull()
    clearSession()
    expect(heldVisitorToken()).toBeNull()
  })
})
