import { describe, expect, it } from 'vitest'
import type { FollowRecord } from '../api/types'
import { checkFollow, soldByFollow, type FollowCheckInput } from './rules'
import { bandRange, followPayText, multipleText, partText, signalFigure } from './texts'

const ok: FollowCheckInput = {
  canBuy: true,
  amount: '1000',
  minAmount: '200.00',
  payType: 'wallet',
  paymentMethodId: null,
  walletBalance: '5000.00',
  walletName: '钱包',
  hasFinancialAccounts: true,
  financialAccountId: 7,
}

describe('follow submission checks (docs/product.md#validation)', () => {
  it('passes a plan within the rules', () => {
    expect(checkFollow(ok)).toBeNull()
    expect(checkFollow({ ...ok, payType: 'card', paymentMethodId: 3 })).toBeNull()
  })
  it('says each refusal word for word', () => {
    expect(checkFollow({ ...ok, financialAccountId: null })).toBe('请选择 "理财账户"')
    expect(checkFollow({ ...ok, amount: '199.99' })).toBe('最低跟车金额为200.00元')
    expect(checkFollow({ ...ok, amount: '' })).toBe('最低跟车金额为200.00元')
    expect(checkFollow({ ...ok, walletBalance: '0.00' })).toBe('请先充值钱包')
    expect(checkFollow({ ...ok, payType: null })).toBe('请选择 "扣款方式"')
    expect(checkFollow({ ...ok, payType: 'card', paymentMethodId: null })).toBe('请选择 "扣款方式"')
    expect(checkFollow({ ...ok, canBuy: false, statusText: '暂停申购' })).toBe('暂停申购')
  })
})

describe('signal texts', () => {
  it('reads multiples, parts and bands', () => {
    expect(multipleText('1.5')).toBe('1.5倍')
    expect(partText('0.3')).toBe('30%')
    expect(signalFigure({ signalType: 'SELL', autoFollowBuyRate: '0.3' })).toBe('卖出30%')
    expect(signalFigure({ signalType: 'BUY', autoFollowBuyRate: '0.8' })).toBe('0.8倍')
    expect(bandRange('0.5', '1')).toBe('50%-100%')
    expect(bandRange('1', '1')).toBe('100%')
  })
})

describe('a sell signal sells a holding once (docs/signals.md#one-sale-a-signal)', () => {
  const sold = {
    sigId: 'S1',
    signalType: 'SELL',
    status: 'SUCCESS',
    orderCode: 'P03',
    confirmStatus: 'P0',
    payStatus: '2',
  } as FollowRecord
  it('is sold by the plan while its order stands', () => {
    expect(soldByFollow([sold], 'S1')).toBe(true)
    expect(soldByFollow([{ ...sold, confirmStatus: 'P2' }], 'S1')).toBe(true)
  })
  it('is not when the order was cancelled or failed, the follow failed or it was another signal', () => {
    expect(soldByFollow([{ ...sold, confirmStatus: 'P9' }], 'S1')).toBe(false)
    expect(soldByFollow([{ ...sold, confirmStatus: 'P3' }], 'S1')).toBe(false)
    expect(soldByFollow([{ ...sold, status: 'FAIL', orderCode: null }], 'S1')).toBe(false)
    expect(soldByFollow([sold], 'S2')).toBe(false)
    expect(soldByFollow([], 'S1')).toBe(false)
  })
})

describe('扣款方式 of a follow plan', () => {
  it('names the card as the buy and order screens do, or the wallet', () => {
    const plan = { walletName: '活期宝', bankCardShowName: '招商银行(1234)' }
    expect(followPayText({ ...plan, payType: 'card' })).toBe('招商银行(1234)')
    expect(followPayText({ ...plan, payType: 'wallet', bankCardShowName: '' })).toBe('活期宝')
    expect(followPayText({ ...plan, payType: 'card', bankCardShowName: '' })).toBe('银行卡')
  })
})
