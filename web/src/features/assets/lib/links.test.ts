import { describe, expect, it } from 'vitest'
import type { AssetItem } from '../api/types'
import { assetItem, trade } from '../testing'
import { tradeMarkers } from '../components/asset-trend-chart'
import { accountPath, assetDetailPath, routeProductType, tradePath } from './links'
import { isBuyOrder, orderCodeText } from '@/lib/order-codes'

const item = (extra: Partial<AssetItem> = {}) =>
  assetItem({ productCode: 'ZH000001', productName: '稳健组合', productType: 'PO', ...extra })

describe('where a holding leads', () => {
  it('opens assetsDetail, or brokeUp-assetsDetail for a broken-up portfolio', () => {
    expect(assetDetailPath(item(), 3)).toBe(
      '/assetsDetail?productCode=ZH000001&productType=poFund&financialAccountId=3',
    )
    expect(assetDetailPath(item({ isBrokeUp: true, tags: ['已拆散'] }), 3)).toBe(
      '/brokeUp-assetsDetail?productCode=ZH000001&productType=poFund&financialAccountId=3',
    )
    expect(
      assetDetailPath(item({ productCode: '004101', productType: 'FUND', fundType: 1 }), 3),
    ).toBe('/assetsDetail?productCode=004101&productType=fund&financialAccountId=3&fundType=1')
  })

  it('buys and sells with the client product type and the account', () => {
    expect(tradePath('allot', '004101', 'FUND', 3)).toBe(
      '/allot?productCode=004101&productType=fund&financialAccountId=3',
    )
    expect(tradePath('redeem', 'ZH000001', 'PO', 3)).toBe(
      '/redeem?productCode=ZH000001&productType=poFund&financialAccountId=3',
    )
    expect(routeProductType('WALLET')).toBe('wallet')
    expect(accountPath('/profitAnalysis', null)).toBe('/profitAnalysis')
    expect(accountPath('/assetsProfitDetail', 3, { productCode: '004101' })).toBe(
      '/assetsProfitDetail?financialAccountId=3&productCode=004101',
    )
  })
})

describe('trades on the chart and in the records', () => {
  it('pins purchases as 买入 and redemptions as 卖出', () => {
    expect(
      tradeMarkers([
        trade({ date: '2026-11-02', orderCode: '022', amount: '1000.00' }),
        trade({ date: '2026-11-09', orderCode: 'P02', confirmStatus: 'P2', amount: '500.00' }),
        // a failed and a cancelled order moved nothing
        trade({ date: '2026-11-10', orderCode: '022', confirmStatus: '1' }),
        trade({ date: '2026-11-11', orderCode: '022', confirmStatus: '9' }),
        trade({ date: '2026-11-16', orderCode: '024', shares: '100.00' }),
        // still waiting: shown
        trade({ date: '2026-11-19', orderCode: '024', confirmStatus: '0', shares: '50.00' }),
      ]).map((m) => `${m.date} ${m.label}`),
    ).toEqual(['2026-11-02 买入', '2026-11-09 买入', '2026-11-16 卖出', '2026-11-19 卖出'])
    expect(isBuyOrder('W04')).toBe(true)
    expect(isBuyOrder('P03')).toBe(false)
  })

  it('names the business codes', () => {
    expect(orderCodeText('022')).toBe('买入')
    expect(orderCodeText('p04')).toBe('调仓')
    expect(orderCodeText('143')).toBe('分红')
    expect(orderCodeText('X99')).toBe('交易')
  })
})
