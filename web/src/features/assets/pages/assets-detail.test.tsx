import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import AssetsDetailPage from './assets-detail'

// the charts draw on a canvas jsdom does not have
vi.mock('../components/asset-trend-chart', () => ({
  AssetTrendChart: () => <div data-testid="chart" />,
}))

const holding = (code: string, name: string, type: string) => ({
  item: {
    productCode: code,
    productName: name,
    productType: type,
    fundType: 4,
    holdingAsset: '42803.06',
    preProfit: '6.87',
    holdingProfit: '267.69',
    holdingProfitRate: '0.0063',
    accProfit: '288.16',
    shares: '42803.06',
    pendingAmount: '0.00',
    pendingCount: 0,
    redeemingShares: '0.00',
    isRedeeming: false,
    profitDate: '2026-11-27',
    isBrokeUp: false,
    tags: [],
  },
  holdings: [
    {
      fundCode: code,
      fundName: name,
      portfolioCode: null,
      shares: '42803.06',
      availableShares: '42803.06',
      frozenShares: '0.00',
      nav: '1.0000',
      navDate: '2026-11-27',
      marketValue: '42803.06',
      cost: '42535.37',
      holdingProfit: '267.69',
      accumulatedProfit: '288.16',
      dividendMethod: 'reinvest',
      status: 'holding',
      isBrokeUp: false,
    },
  ],
  trend: [],
  trades: [],
})

beforeEach(() => {
  localStorage.clear()
  clearCache()
  server.listen({ onUnhandledRequest: 'error' })
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
  server.use(
    http.get(`${API}/tamp/getBrokerPreSetting`, () => envelope({ walletName: '活期宝' })),
    http.get(`${API}/account/getAccountAssetDetail`, ({ request }) => {
      const code = new URL(request.url).searchParams.get('productCode')
      return envelope(
        code === '000509'
          ? holding('000509', '远航活期宝货币A', 'WALLET')
          : holding('002201', '景明短债A', 'FUND'),
      )
    }),
  )
})
afterEach(() => {
  server.resetHandlers()
  server.close()
})

const actions = async () => {
  const bar = await screen.findByTestId('asset-actions')
  return [...bar.querySelectorAll('button')].map((b) => b.textContent)
}

describe('持仓详情', () => {
  it('offers 取现 and 充值 on the wallet, as its screens are titled', async () => {
    renderAt(<AssetsDetailPage />, {
      path: '/assetsDetail',
      at: '/assetsDetail?productCode=000509&productType=wallet&financialAccountId=1',
    })
    expect(await actions()).toEqual(['取现', '充值'])
  })

  it('offers 卖出, 转换 and 买入 on a fund', async () => {
    renderAt(<AssetsDetailPage />, {
      path: '/assetsDetail',
      at: '/assetsDetail?productCode=002201&productType=fund&financialAccountId=1',
    })
    expect(await actions()).toEqual(['卖出', '转换', '买入'])
  })
})
