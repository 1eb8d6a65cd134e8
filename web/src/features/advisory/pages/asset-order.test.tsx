import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import AssetOrderPage from './asset-order'

beforeEach(() => {
  clearCache()
  server.listen({ onUnhandledRequest: 'error' })
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
  server.use(
    http.get(`${API}/serviceAccount/homepage/component`, ({ request }) => {
      const type = new URL(request.url).searchParams.get('componentType')
      return envelope(
        type === 'ADJUSTMENT_HISTORY'
          ? {
              componentType: type,
              data: {
                adjustmentList: [
                  {
                    adjustmentId: 3,
                    status: 'DONE',
                    trigger: 'PROACTIVE',
                    createTime: '2026-10-16T10:00:00+08:00',
                  },
                ],
              },
            }
          : { componentType: type, data: { orderList: [] } },
      )
    }),
  )
})
afterEach(() => {
  server.resetHandlers()
  server.close()
})

describe('调仓记录', () => {
  it('opened as advisor/adjustRecord, shows the adjustments, not the orders', async () => {
    renderAt(<AssetOrderPage />, {
      path: '/advisor/adjustRecord',
      at: '/advisor/adjustRecord?serviceAccountId=2',
    })
    expect(await screen.findByTestId('fa-adjustment-row')).toBeTruthy()
    expect(screen.queryByText('暂无交易记录')).toBeNull()
  })

  it("a robo account's (advisor/adjustRecord) opens its adjustment on the robo route", async () => {
    renderAt(<AssetOrderPage />, {
      path: '/advisor/adjustRecord',
      at: '/advisor/adjustRecord?serviceAccountId=2',
    })
    fireEvent.click(await screen.findByTestId('fa-adjustment-row'))
    expect(screen.getByTestId('elsewhere').textContent).toBe(
      'page:/advisor/adjustment?adjustmentId=3',
    )
  })

  it("an advisory account's (fa/assetOrder) opens it on fa/adjustment", async () => {
    renderAt(<AssetOrderPage />, {
      path: '/fa/assetOrder',
      at: '/fa/assetOrder?serviceAccountId=2&tab=adjustment',
    })
    fireEvent.click(await screen.findByTestId('fa-adjustment-row'))
    expect(screen.getByTestId('elsewhere').textContent).toBe('page:/fa/adjustment?adjustmentId=3')
  })

  it('opened as fa/assetOrder, shows the orders first', async () => {
    renderAt(<AssetOrderPage />, {
      path: '/fa/assetOrder',
      at: '/fa/assetOrder?serviceAccountId=2',
    })
    expect(await screen.findByText('暂无交易记录')).toBeTruthy()
  })
})
