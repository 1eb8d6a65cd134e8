import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, recorder, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import CmbVerifyResultPage from './cmb-verify-result'

const card = { paymentMethodId: 3, singleLimit: '200000.00', dailyLimit: '500000.00' }
let calls: ReturnType<typeof recorder>
const cmbCalls = () =>
  calls
    .filter((c) => c.path === '/payment/cmb/verifyResult')
    .map((c) => [c.method, c.query, c.body])

beforeEach(() => {
  localStorage.clear()
  clearCache()
  server.listen({ onUnhandledRequest: 'error' })
  calls = recorder()
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
})
afterEach(() => {
  server.resetHandlers()
  server.close()
})

describe('验证结果 of 招商银行 signing (docs/accounts.md#cards-and-payment)', () => {
  it('reads the result, then confirms by POST while it is not done', async () => {
    server.use(
      http.get(`${API}/payment/cmb/verifyResult`, () =>
        envelope({ serialNo: 'CB12345678', status: 'PROCESSING', paymentMethod: card }),
      ),
      http.post(`${API}/payment/cmb/verifyResult`, () =>
        envelope({ serialNo: 'CB12345678', status: 'SUCCESS', paymentMethod: card }),
      ),
    )
    renderAt(<CmbVerifyResultPage />, {
      path: '/cmbVerifyResult',
      at: '/cmbVerifyResult?serialNo=CB12345678',
    })
    expect(await screen.findByText('招商银行签约成功')).toBeInTheDocument()
    expect(cmbCalls()).toEqual([
      ['GET', { serialNo: 'CB12345678' }, null],
      ['POST', {}, { serialNo: 'CB12345678' }],
    ])
  })

  it('only reads once the signing is done: a GET never signs', async () => {
    server.use(
      http.get(`${API}/payment/cmb/verifyResult`, () =>
        envelope({ serialNo: 'CB12345678', status: 'SUCCESS', paymentMethod: card }),
      ),
    )
    renderAt(<CmbVerifyResultPage />, {
      path: '/cmbVerifyResult',
      at: '/cmbVerifyResult?serialNo=CB12345678',
    })
    expect(await screen.findByText('招商银行签约成功')).toBeInTheDocument()
    expect(cmbCalls().map(([method]) => method)).toEqual(['GET'])
  })
})
