import { describe, expect, it } from 'vitest'
import type { AssetOrder } from '../api/types'
import { orderFigure } from './assets-transaction-record'

const order = (fields: Partial<AssetOrder>): AssetOrder =>
  ({
    orderCode: '024',
    confirmStatus: '0',
    payStatus: '2',
    tradeAmount: '0.00',
    tradeShare: '0.00',
    confirmedShares: '0.00',
    extMetaInfo: null,
    isSignalSellOrder: false,
    ...fields,
  }) as AssetOrder

describe("a product's records", () => {
  it('show a purchase by its amount, a sale by its shares', () => {
    expect(orderFigure(order({ orderCode: '022', tradeAmount: '1000' }))).toBe('1,000.00元')
    expect(orderFigure(order({ tradeShare: '500.00' }))).toBe('500.00份')
    expect(orderFigure(order({ tradeShare: '500.00', confirmedShares: '499.99' }))).toBe('499.99份')
  })

  it("show a portfolio sale (a signal's 跟车卖出 too) by the part it sells, in words", () => {
    const follow = order({
      orderCode: 'P03',
      isSignalSellOrder: true,
      extMetaInfo: { ratio: '0.3', signalFollowPlanId: 2 },
    })
    expect(orderFigure(follow)).toBe('卖出30%')
  })
})
