import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import MockAdapter from './test-adapter'
import { clearCache, http } from './api-client'
import { setSession } from './session'
import { FALLBACK_IP, lookupIp, terminalDetails, withTerminal } from './terminal'

const mock = new MockAdapter(http)

describe('terminal details (docs/api.md#transport)', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
    clearCache()
    setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: 1 })
  })
  afterEach(() => mock.reset())
  const sleep = async () => {}

  it('looks the IP up once per visit', async () => {
    mock.ok('GET', '/utils/getIp', { ip: '10.1.2.3' })
    expect(await lookupIp({ sleep })).toBe('10.1.2.3')
    expect(await lookupIp({ sleep })).toBe('10.1.2.3')
    expect(mock.calls).toHaveLength(1)
  })

  it('tries the IP lookup 3 more times, then uses the fallback', async () => {
    mock.networkError('GET', '/utils/getIp')
    expect(await lookupIp({ sleep })).toBe(FALLBACK_IP)
    expect(mock.calls).toHaveLength(4)
  })

  it('uses the fallback without a token', async () => {
    localStorage.clear()
    expect(await lookupIp({ sleep })).toBe(FALLBACK_IP)
    expect(mock.calls).toHaveLength(0)
  })

  it('sends terminalType 2 and the user agent with the trace', async () => {
    mock.ok('GET', '/utils/getIp', { ip: '10.1.2.3' })
    const d = await terminalDetails()
    expect(d).toMatchObject({ terminalIP: '10.1.2.3', terminalType: 2 })
    expect(d.terminalInfo).toBe(navigator.userAgent)
    expect(d.traceInfo.visit).toMatch(/^[0-9a-f-]{36}$/)
    expect(await withTerminal({ poCode: 'ZH1' })).toMatchObject({ poCode: 'ZH1', terminalType: 2 })
  })
})
