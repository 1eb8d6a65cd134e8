import { describe, expect, it } from 'vitest'
import {
  checkRedeemRatio,
  checkRedeemShares,
  checkWithdraw,
  ratioFromPercent,
} from './redeem-rules'

const holding = {
  availableShares: '1000.00',
  minRedeemShares: '10.00',
  minHoldShares: '100.00',
}

describe('checkRedeemShares (minimum redeem and minimum remaining shares)', () => {
  it('asks for shares', () => {
    expect(checkRedeemShares({ ...holding, shares: '' })).toBe('请输入卖出份额')
  })

  it('never more than available', () => {
    expect(checkRedeemShares({ ...holding, shares: '1000.01' })).toBe(
      '卖出份额不能超过可用份额 1000.00 份',
    )
  })

  it('at least the minimum redeem, unless everything is sold', () => {
    expect(checkRedeemShares({ ...holding, shares: '9.99' })).toBe('单笔卖出份额不能少于 10 份')
    expect(checkRedeemShares({ ...holding, shares: '10' })).toBeNull()
    expect(checkRedeemShares({ ...holding, availableShares: '5.00', shares: '5' })).toBeNull()
  })

  it('what stays is at least the minimum holding, or all must go', () => {
    // 1000.00 − 900.01 = 99.99 left, below 100: refused; 900.00 leaves exactly 100: fine.
    expect(checkRedeemShares({ ...holding, shares: '900.01' })).toBe(
      '卖出后剩余份额不能少于 100 份，请全部卖出',
    )
    expect(checkRedeemShares({ ...holding, shares: '900' })).toBeNull()
    expect(checkRedeemShares({ ...holding, shares: '1000' })).toBeNull()
  })

  it('nothing to sell, or the fund suspended', () => {
    expect(checkRedeemShares({ ...holding, availableShares: '0.00', shares: '1' })).toBe(
      '暂无可卖出份额',
    )
    expect(
      checkRedeemShares({ ...holding, shares: '10', canRedeem: false, statusText: '暂停赎回' }),
    ).toBe('暂停赎回')
  })
})

describe('portfolio ratio', () => {
  it('turns a percent into the ratio sent, cut to 4 decimals', () => {
    expect(ratioFromPercent('100')).toBe('1.0000')
    expect(ratioFromPercent('50')).toBe('0.5000')
    expect(ratioFromPercent('33.33')).toBe('0.3333')
    expect(ratioFromPercent('')).toBe('')
  })

  it('is between 1 % and 100 %', () => {
    expect(checkRedeemRatio('')).toBe('请选择卖出比例')
    expect(checkRedeemRatio('0.0050')).toBe('卖出比例须在 1%-100% 之间')
    expect(checkRedeemRatio('1.0001')).toBe('卖出比例须在 1%-100% 之间')
    expect(checkRedeemRatio('0.0100')).toBeNull()
    expect(checkRedeemRatio('1.0000')).toBeNull()
  })
})

describe('checkWithdraw (wallet)', () => {
  it('within the balance and the fast cap of 10 000.00 a day', () => {
    expect(checkWithdraw('', '500.00', false)).toBe('请输入取现金额')
    expect(checkWithdraw('500.01', '500.00', false)).toBe('取现金额不能超过可用余额 500.00 元')
    expect(checkWithdraw('42803.07', '42803.06', false)).toBe(
      '取现金额不能超过可用余额 42,803.06 元',
    )
    expect(checkWithdraw('10000.01', '20000.00', true)).toBe('快速取现单日最高 10,000.00 元')
    expect(checkWithdraw('10000.01', '20000.00', false)).toBeNull()
    expect(checkWithdraw('10000', '20000.00', true)).toBeNull()
  })
})
