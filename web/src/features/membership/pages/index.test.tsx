import { screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, recorder, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import MemberIndexPage from './index'

const product = {
  productCode: 'MB0001',
  productName: '投顾会员',
  price: '199.00',
  days: 365,
  benefits: ['会员专属投顾组合（免收投顾服务费）'],
  strategies: [],
}

let bound = false
let calls: ReturnType<typeof recorder>

function status() {
  return {
    isMember: false,
    identityVerified: true,
    openIdBound: bound,
    openId: bound ? 'o_local_1' : '',
    startsAt: null,
    expiresAt: null,
    daysLeft: 0,
    lastOrder: null,
  }
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  clearCache()
  bound = false
  calls = recorder()
  setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: 7, accountId: 5 })
  server.use(
    http.get(`${API}/adviser/member/userProductStatus`, async () => {
      // the status as it is when the read arrives, answered a little later
      const now = status()
      await new Promise((resolve) => setTimeout(resolve, 100))
      return envelope(now)
    }),
    http.get(`${API}/adviser/member/productInfo`, () => envelope(product)),
    http.post(`${API}/adviser/queryOpenId`, async () => {
      // a read sent beside the exchange would answer 未授权, after the exchange is done
      await new Promise((resolve) => setTimeout(resolve, 20))
      bound = true
      return envelope({ openId: 'o_local_1' })
    }),
  )
})
afterEach(() => {
  server.resetHandlers()
  server.events.removeAllListeners()
})

describe('会员中心 back from WeChat authorization', () => {
  it('asks the status once the code is exchanged, and shows 已授权', async () => {
    renderAt(<MemberIndexPage />, { path: '/member/index', at: '/member/index?code=c1&state=s' })
    expect(await screen.findByText('已授权')).toBeInTheDocument()
    const paths = calls.map((c) => `${c.method} ${c.path}`)
    const exchange = paths.indexOf('POST /adviser/queryOpenId')
    expect(exchange).toBeGreaterThanOrEqual(0)
    expect(paths.indexOf('GET /adviser/member/userProductStatus')).toBeGreaterThan(exchange)
    await waitFor(() => expect(screen.queryByText('未授权')).not.toBeInTheDocument())
  })

  it('without a code asks the status at once', async () => {
    renderAt(<MemberIndexPage />, { path: '/member/index' })
    expect(await screen.findByText('未授权')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })
})
