import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setBrokerInfo } from '@/lib/broker'
import { clearCache } from '@/lib/api-client'
import { StoreLinkError } from '@/lib/broker'
import { takeRedirect } from '@/lib/redirect'
import { getSession, setSession } from '@/lib/session'
import { resetBrokerInfoResolution } from '@/features/platform/hooks/ensure-broker-info'
import { API, envelope, failure, http, server } from '@/test/msw'
import {
  accessDecision,
  guardRoute,
  missingNeed,
  needsFinancialAccountChoice,
  redirectTarget,
} from './guard'
import { findRoute } from './routes'

const BASE = 'http://localhost:3000/h5/opentamp-trade-h5'

function load(path: string) {
  const def = findRoute(path.split('?')[0])
  if (!def) throw new Error(`no route ${path}`)
  return guardRoute(def, {
    request: new Request(`${BASE}/${path}`),
    params: {},
    context: undefined,
  } as never)
}

async function redirected(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise
    return null
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location')
    throw thrown
  }
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  clearCache()
  resetBrokerInfoResolution()
  server.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  server.close()
})

describe('access levels (docs/product.md#screens-and-routes)', () => {
  it('decides by level, token and account', () => {
    const none = { hasToken: false, hasAccount: false }
    const token = { hasToken: true, hasAccount: false }
    const visitor = { hasToken: true, hasAccount: false, visitor: true }
    const owner = { hasToken: true, hasAccount: true }
    expect(accessDecision('public', none)).toBe('allow')
    expect(accessDecision('token', none)).toBe('visitor')
    expect(accessDecision('token', token)).toBe('allow')
    expect(accessDecision('token', visitor)).toBe('allow')
    expect(accessDecision('account', none)).toBe('empower')
    expect(accessDecision('account', visitor)).toBe('empower')
    expect(accessDecision('account', token)).toBe('identityBinding')
    expect(accessDecision('account', owner)).toBe('allow')
    expect(redirectTarget('empower')).toBe('/empower?storageKey=opentamp.redirect')
  })

  it('opens a token route to a first visit as a visitor of the broker of the visit', async () => {
    setBrokerInfo({ brokerId: 1001, teamId: 9001, mid: 'M1001' })
    let sent: unknown = null
    server.use(
      http.post(`${API}/noauth/store/h5Token`, async ({ request }) => {
        sent = await request.json()
        return envelope({ accessToken: 'v', expiresIn: 3600, brokerUserId: 77, brokerId: 1001 })
      }),
    )
    expect(await redirected(load('home'))).toBeNull()
    expect(sent).toMatchObject({ teamId: 9001, mid: 'M1001', brokerId: 1001, broker: 1001 })
    expect(getSession()).toMatchObject({ accessToken: 'v', visitor: true, accountId: null })
  })

  it('sends a token route to empower, saving the path and query, when no visitor token can be had', async () => {
    setBrokerInfo({ brokerId: 1001, teamId: 9001, mid: 'M1001' })
    server.use(
      http.post(`${API}/noauth/store/h5Token`, () => failure(400, 61102, '商户信息传入有误')),
    )
    expect(await redirected(load('home?tab=1'))).toBe('/empower?storageKey=opentamp.redirect')
    expect(takeRedirect()).toEqual({ path: '/home', query: '?tab=1' })
  })

  it('sends a visitor to sign in for an account route', async () => {
    setSession({ accessToken: 'v', expiresIn: 3600, brokerUserId: 7, visitor: true })
    expect(await redirected(load('assetsDetail?productCode=000001'))).toBe(
      '/empower?storageKey=opentamp.redirect',
    )
  })

  it('sends an account route without an account to identityBinding', async () => {
    setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: 1, accountId: null })
    expect(await redirected(load('assetsDetail?productCode=000001'))).toBe(
      '/identityBinding?storageKey=opentamp.redirect',
    )
    expect(takeRedirect()).toEqual({ path: '/assetsDetail', query: '?productCode=000001' })
  })

  it('lets riskSurvey in with a token alone, and public pages in without one', async () => {
    expect(await redirected(load('about-us'))).toBeNull()
    setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: 1, accountId: null })
    expect(await redirected(load('riskSurvey?reTest=1'))).toBeNull()
  })
})

describe('needed parameters (docs/product.md#screens-and-routes)', () => {
  it('names the first group of alternatives the query lacks', () => {
    const def = { needs: ['productCode|fundCode', 'financialAccountId'] }
    const q = (s: string) => new URLSearchParams(s)
    expect(missingNeed(def, q('fundCode=000001&financialAccountId=1'))).toBeNull()
    expect(missingNeed(def, q('productCode=000001'))).toBe('financialAccountId')
    expect(missingNeed(def, q('productCode=%20&financialAccountId=1'))).toBe('productCode|fundCode')
    expect(missingNeed({}, q(''))).toBeNull()
  })

  it('sends a page opened without what it needs to the incomplete-link page', async () => {
    setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: 1, accountId: 3 })
    expect(await redirected(load('transactionDetail'))).toBe('/error?type=link')
    expect(await redirected(load('productManagerDetail?managerId='))).toBe('/error?type=link')
    expect(await redirected(load('transactionDetail?orderNo=X1'))).toBeNull()
  })

  it('signs a visitor in before judging the link', async () => {
    setSession({ accessToken: 'v', expiresIn: 3600, brokerUserId: 7, visitor: true })
    expect(await redirected(load('assetsDetail'))).toBe('/empower?storageKey=opentamp.redirect')
  })
})

describe('store-link check (docs/product.md#validation)', () => {
  it('opens login when teamId, mid and brokerId are all known', async () => {
    setBrokerInfo({ brokerId: 1001, teamId: 9001, mid: 'M1001' })
    expect(await redirected(load('login'))).toBeNull()
  })
})

describe('financial-account choice (docs/product.md#states)', () => {
  it('applies to non-wallet products opened without a financial account', () => {
    const q = (s: string) => new URLSearchParams(s)
    expect(needsFinancialAccountChoice('allot', q('productCode=000001'), true)).toBe(true)
    expect(needsFinancialAccountChoice('allot', q('productCode=000001'), false)).toBe(false)
    expect(needsFinancialAccountChoice('allot', q('productCode=000509'), true)).toBe(false)
    expect(needsFinancialAccountChoice('allot', q('productCode=S_WALLET'), true)).toBe(false)
    expect(
      needsFinancialAccountChoice('allot', q('productCode=000001&financialAccountId=3'), true),
    ).toBe(false)
    expect(needsFinancialAccountChoice('mine', q('productCode=000001'), true)).toBe(false)
  })

  it('replaces the route with chooseFinancialAccount when the user has several accounts', async () => {
    setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: 1, accountId: 5 })
    server.use(
      http.get(`${API}/account/getFinancialAccountList`, () =>
        envelope({
          hasFinancialAccount: true,
          financialAccountList: [{ financialAccountId: 3 }, { financialAccountId: 4 }],
        }),
      ),
    )
    expect(await redirected(load('allot?productCode=000001'))).toBe(
      `/chooseFinancialAccount?from=${encodeURIComponent('/allot?productCode=000001')}`,
    )
  })

  it('chooses the only account of a user who has one', async () => {
    setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: 1, accountId: 5 })
    server.use(
      http.get(`${API}/account/getFinancialAccountList`, () =>
        envelope({ hasFinancialAccount: true, financialAccountList: [{ financialAccountId: 3 }] }),
      ),
    )
    expect(await redirected(load('allot?productCode=000001'))).toBe(
      '/allot?productCode=000001&financialAccountId=3',
    )
  })

  it('opens the page as it is when the list says none or cannot be had', async () => {
    setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: 1, accountId: 5 })
    server.use(
      http.get(`${API}/account/getFinancialAccountList`, () =>
        envelope({ hasFinancialAccount: false, financialAccountList: [] }),
      ),
    )
    expect(await redirected(load('allot?productCode=000001'))).toBeNull()
    clearCache()
    server.use(
      http.get(`${API}/account/getFinancialAccountList`, () => failure(500, 50000, '系统繁忙')),
    )
    expect(await redirected(load('allot?productCode=000002'))).toBeNull()
  })

  it('StoreLinkError reads as the store-link message', () => {
    expect(new StoreLinkError().message).toBe('商户信息传入有误，链接无法打开')
  })
})
