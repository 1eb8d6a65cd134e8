import { describe, expect, it } from 'vitest'
import {
  isBuyOrder,
  isSellOrder,
  orderCodeText,
  portfolioSaleFigure,
  portfolioSaleRatio,
} from './order-codes'

describe('order codes', () => {
  it('names wallet and adviser-fee orders with one set of words', () => {
    expect(['W01', 'W02', 'W03', 'W04', 'W11', 'W12'].map((c) => orderCodeText(c))).toEqual([
      '充值',
      '取现',
      '快速取现',
      '买入',
      '定投',
      '投顾服务费',
    ])
    expect(orderCodeText('w01')).toBe('充值')
    expect(orderCodeText('X99')).toBe('交易')
  })

  it('tells money in from shares out', () => {
    expect(['022', '039', 'P02', 'W01', 'W04'].every(isBuyOrder)).toBe(true)
    expect(['024', 'P03', 'W02', 'W03'].some(isBuyOrder)).toBe(false)
    expect(['024', '036', 'P03', 'W02', 'W03'].every(isSellOrder)).toBe(true)
    expect(isSellOrder('022')).toBe(false)
  })
})

describe('the orders a signal led to', () => {
  it('read 跟车买入 and 跟车卖出', () => {
    expect(
      orderCodeText('P02', { extMetaInfo: { signalFollowPlanId: 3, sigId: 'SI000001-20261123' } }),
    ).toBe('跟车买入')
    expect(orderCodeText('P02', { extMetaInfo: { sigId: 'SI000001-20261123' } })).toBe('跟车买入')
    expect(orderCodeText('P03', { isSignalSellOrder: true, extMetaInfo: { ratio: '0.3' } })).toBe(
      '跟车卖出',
    )
    expect(orderCodeText('P03', { isSignalSellOrder: false })).toBe('卖出')
  })
})

describe('an order a 定投 plan placed', () => {
  it("reads 定投, a portfolio's as a fund's", () => {
    expect(orderCodeText('039', { extMetaInfo: { investPlanId: 3, executionId: 9 } })).toBe('定投')
    expect(orderCodeText('W11', { extMetaInfo: { investPlanId: 3 } })).toBe('定投')
    expect(orderCodeText('P02', { extMetaInfo: { investPlanId: 4, executionId: 10 } })).toBe('定投')
    // a strategy's plan (CL…) places a P02 as well
    expect(orderCodeText('P02', { extMetaInfo: { investPlanId: 5, targetRound: 1 } })).toBe('定投')
    // bought by hand, or by a signal's follow plan
    expect(orderCodeText('P02', { extMetaInfo: null })).toBe('买入')
    expect(orderCodeText('P02', { extMetaInfo: { investPlanId: null } })).toBe('买入')
    expect(orderCodeText('P02', { extMetaInfo: { signalFollowPlanId: 3, sigId: 'S1' } })).toBe(
      '跟车买入',
    )
  })
})

describe('a portfolio sale', () => {
  it('is of a part of each fund (extMetaInfo.ratio), shown as a percent', () => {
    expect(portfolioSaleRatio('P03', { extMetaInfo: { ratio: '0.5' } })).toBe('50.00%')
    expect(portfolioSaleRatio('p03', { extMetaInfo: { ratio: '1' } })).toBe('100.00%')
    expect(portfolioSaleRatio('P03', { extMetaInfo: null })).toBeNull()
    expect(portfolioSaleRatio('024', { extMetaInfo: { ratio: '0.5' } })).toBeNull()
  })

  it("a record row's figure is the part in words, as a signal writes it", () => {
    expect(portfolioSaleFigure('P03', { extMetaInfo: { ratio: '0.3' } })).toBe('卖出30%')
    expect(portfolioSaleFigure('P03', { extMetaInfo: { ratio: '1' } })).toBe('卖出100%')
    expect(portfolioSaleFigure('P03', { extMetaInfo: { ratio: '0.3333' } })).toBe('卖出33.33%')
    expect(portfolioSaleFigure('P03', { extMetaInfo: null })).toBeNull()
    expect(portfolioSaleFigure('024', { extMetaInfo: { ratio: '0.5' } })).toBeNull()
  })
})
