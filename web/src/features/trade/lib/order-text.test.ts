import { describe, expect, it } from 'vitest'
import type { Order } from '../api/types'
import {
  formatApplyTime,
  investPlanIdOf,
  investPlanPathOf,
  orderCodeText,
  orderDetailPath,
  orderFigure,
  orderStatus,
  statusText,
} from './order-text'

const order = (fields: Partial<Order>): Order =>
  ({
    orderCode: '022',
    confirmStatus: '0',
    payStatus: '2',
    tradeAmount: '0.00',
    tradeShare: '0.00',
    confirmedAmount: '0.00',
    confirmedShares: '0.00',
    extMetaInfo: null,
    isSignalSellOrder: false,
    isTransfer: false,
    ...fields,
  }) as Order

describe('order texts', () => {
  it('names each business code', () => {
    expect(['022', '024', 'W01', 'W02', '143', 'P04', 'W04'].map((c) => orderCodeText(c))).toEqual([
      '买入',
      '卖出',
      '充值',
      '取现',
      '分红',
      '调仓',
      '买入',
    ])
  })

  it('shows money in as 元, shares out as 份, dividends as cash or shares', () => {
    expect(orderFigure(order({ tradeAmount: '12345.6' }))).toBe('12,345.60元')
    expect(orderFigure(order({ orderCode: '024', tradeShare: '500.00' }))).toBe('500.00份')
    expect(orderFigure(order({ orderCode: 'W02', tradeAmount: '200.00' }))).toBe('200.00元')
    expect(orderFigure(order({ orderCode: '143', confirmedAmount: '8.88' }))).toBe('8.88元')
    expect(orderFigure(order({ orderCode: '143', confirmedShares: '3.21' }))).toBe('3.21份')
    expect(orderFigure(order({ orderCode: 'P04' }))).toBe('--')
    // a portfolio sale: the part of each fund it sold, in words, never a bare percent (it would
    // read as a return) nor a sum of different funds' shares; a signal's 跟车卖出 alike
    expect(
      orderFigure(order({ orderCode: 'P03', tradeShare: '0.00', extMetaInfo: { ratio: '0.3' } })),
    ).toBe('卖出30%')
    const follow = order({
      orderCode: 'P03',
      isSignalSellOrder: true,
      extMetaInfo: { ratio: '0.3333', signalFollowPlanId: 2, sigId: 'SI000001-20261123' },
    })
    expect([orderCodeText(follow.orderCode, follow), orderFigure(follow)]).toEqual([
      '跟车卖出',
      '卖出33.33%',
    ])
    const confirmed = { ...follow, confirmStatus: 'P2', confirmedAmount: '1234.56' }
    expect(orderFigure(confirmed)).toBe('卖出33.33%')
  })

  it('reads the status through deriveOrderStatus', () => {
    expect(statusText(orderStatus(order({})))).toBe('确认中')
    expect(statusText(orderStatus(order({ confirmStatus: '1', payStatus: '1' })))).toBe('支付失败')
    expect(statusText(orderStatus(order({ orderCode: 'P02', confirmStatus: 'P2' })))).toBe(
      '交易成功',
    )
  })

  it('writes the apply time in minutes', () => {
    expect(formatApplyTime('2026-11-23T14:30:05+08:00')).toBe('2026-11-23 14:30')
    expect(formatApplyTime(null)).toBe('--')
  })
})

describe('orderDetailPath', () => {
  it('opens a conversion on 转换详情 and any other order on 交易详情', () => {
    expect(orderDetailPath({ orderCode: '036', brokerOrderNo: 'T1' })).toBe(
      '/convert/transactionDetail?brokerOrderNo=T1',
    )
    expect(orderDetailPath({ orderCode: '022', brokerOrderNo: 'T 2' })).toBe(
      '/transactionDetail?brokerOrderNo=T%202',
    )
  })
})

describe('an order of a 定投 plan', () => {
  it('names its plan from extMetaInfo.investPlanId and links to it', () => {
    expect(investPlanIdOf({ extMetaInfo: { investPlanId: 12, executionId: 301 } })).toBe(12)
    expect(investPlanIdOf({ extMetaInfo: { investPlanId: '12' } })).toBe(12)
    expect(investPlanIdOf({ extMetaInfo: null })).toBeNull()
    expect(investPlanIdOf({ extMetaInfo: { targetFundCode: '003301' } })).toBeNull()
    expect(investPlanPathOf(12, '003304')).toBe('/strategy/autoInvestPlanDetail?investPlanId=12')
    expect(investPlanPathOf(12, 'CL000001')).toBe(
      '/strategy/autoInvestPlanDetail?investPlanId=12&productType=strategy',
    )
  })
})
