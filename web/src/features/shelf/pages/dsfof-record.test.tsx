import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import DsfofRecordPage from './dsfof-record'

const fof = {
  productCode: '009003',
  productName: '博远养老2040(FOF)Y',
  productType: 'FUND',
  payStatus: '2',
  applyTime: '2026-11-19T10:00:00+08:00',
}

beforeEach(() => {
  localStorage.clear()
  clearCache()
  server.listen({ onUnhandledRequest: 'error' })
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
})
afterEach(() => {
  server.resetHandlers()
  server.close()
})

describe('定制 FOF 记录', () => {
  it('reads each order as the record lists do: its kind, figure and status', async () => {
    server.use(
      http.get(`${API}/shelf/dsfof/records`, () =>
        envelope([
          {
            ...fof,
            brokerOrderNo: 'B1',
            orderCode: 'W11',
            confirmStatus: '1',
            payStatus: '1',
            tradeAmount: '30.00',
          },
          {
            ...fof,
            brokerOrderNo: 'B2',
            orderCode: '024',
            confirmStatus: '2',
            tradeShare: '100.00',
          },
        ]),
      ),
    )
    renderAt(<DsfofRecordPage />, { at: '/?productCode=009003' })
    const rows = await screen.findAllByTestId('order-row')
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/博远养老2040\(FOF\)Y定投.*30\.00元支付失败/),
      expect.stringMatching(/博远养老2040\(FOF\)Y卖出.*100\.00份交易成功/),
    ])
  })

  it('says 暂无交易记录 without any', async () => {
    server.use(http.get(`${API}/shelf/dsfof/records`, () => envelope([])))
    renderAt(<DsfofRecordPage />)
    expect(await screen.findByText('暂无交易记录')).toBeInTheDocument()
  })
})
