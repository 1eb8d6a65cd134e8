import { describe, expect, it } from 'vitest'
import type { Order } from '../api/types'
import {
  formatApplyTime,
  investPlanIdOf,
  investPlanPathOf,
  orderCodeText,
  orderDetailPath,
  orderFigure,
  orderMoneyFigures,
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
    // a sale's shares: those confirmed once there are some (a product's records as every list)
    expect(
      orderFigure(order({ orderCode: '024', tradeShare: '500.00', confirmedShares: '499.99' })),
    ).toBe('499.99份')
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

describe('the money of an order detail: estimated, then confirmed (orderMoneyFigures)', () => {
  /** 李明's adjustment of the demo world: its buys planned at 2,198.70 when it was placed, its
   * sells redeemed 2,365.78 when they were confirmed (docs/trading.md "Rebalancing"). */
  const adjustment = (fields: Partial<Order>) =>
    order({
      orderCode: 'P04',
      productType: 'PO',
      confirmStatus: 'P0',
      tradeAmount: '2198.70',
      fee: '1.57',
      netAmount: '2197.13',
      confirmDate: '2026-10-20',
      ...fields,
    })
  const rows = (o: Order) =>
    orderMoneyFigures(o, orderStatus(o)).map((r) => `${r.label} ${r.value}`)

  it('shows an adjustment waiting at the estimate it was placed at, as such', () => {
    expect(rows(adjustment({}))).toContain('预计金额 2,198.70元')
    expect(rows(adjustment({})).some((r) => r.startsWith('确认金额'))).toBe(false)
  })

  it('shows a confirmed adjustment at its confirmed figures, no more the estimate', () => {
    const done = rows(
      adjustment({
        confirmStatus: 'P2',
        confirmedAt: '2026-10-20',
        confirmedAmount: '2365.78',
        fee: '13.40',
        netAmount: '2352.38',
      }),
    )
    expect(done).toContain('确认金额 2,365.78元')
    expect(done).toContain('手续费 13.40元')
    expect(done.some((r) => r.includes('2,198.70'))).toBe(false)
  })

  it('keeps what a customer applied for beside what was confirmed (a fund purchase)', () => {
    const bought = rows(
      order({
        orderCode: '022',
        confirmStatus: '2',
        tradeAmount: '1000.00',
        fee: '1.50',
        netAmount: '998.50',
        confirmedAmount: '998.50',
        confirmedAt: '2026-11-17',
      }),
    )
    expect(bought).toEqual(
      expect.arrayContaining(['申请金额 1,000.00元', '确认金额 998.50元', '手续费 1.50元']),
    )
  })
})
