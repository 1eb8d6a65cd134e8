import { describe, expect, it } from 'vitest'
import {
  appointableShares,
  checkAppointmentShares,
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
      '卖出份额超过可用份额，当前可用 1,000.00 份',
    )
  })

  it('at least the minimum redeem, unless everything is sold', () => {
    expect(checkRedeemShares({ ...holding, shares: '9.99' })).toBe('单笔卖出份额不能少于 10.00 份')
    expect(checkRedeemShares({ ...holding, shares: '10' })).toBeNull()
    expect(checkRedeemShares({ ...holding, availableShares: '5.00', shares: '5' })).toBeNull()
  })

  it('what stays is at least the minimum holding, or all must go', () => {
    // 1000.00 − 900.01 = 99.99 left, below 100: refused; 900.00 leaves exactly 100: fine.
    expect(checkRedeemShares({ ...holding, shares: '900.01' })).toBe(
      '卖出后剩余份额不能少于 100.00 份，请全部卖出或减少卖出份额',
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
    expect(checkWithdraw('500.01', '500.00', false)).toBe('钱包可用余额不足，当前可用 500.00 元')
    expect(checkWithdraw('42803.07', '42803.06', false, '零钱宝')).toBe(
      '零钱宝可用余额不足，当前可用 42,803.06 元',
    )
    expect(checkWithdraw('10000.01', '20000.00', true)).toBe('快速取现每日限额 10,000.00 元')
    expect(checkWithdraw('10000.01', '20000.00', false)).toBeNull()
    expect(checkWithdraw('10000', '20000.00', true)).toBeNull()
  })
})

describe('a booked redemption (预约赎回)', () => {
  it('may take the available shares less those booked, never below zero', () => {
    expect(appointableShares('12345.67', '2345.00').toFixed(2)).toBe('10000.67')
    expect(appointableShares('100.00', '150.00').toFixed(2)).toBe('0.00')
  })

  it('refuses more than is left in the server words, the figure as shares', () => {
    const left = appointableShares('12345.67', '2345.00')
    expect(checkAppointmentShares('10000.68', left)).toBe('预约份额超过可预约份额10,000.67份')
    expect(checkAppointmentShares('10000.67', left)).toBeNull()
    expect(checkAppointmentShares('1.234', left)).toBe('请输入正确的赎回份额')
    expect(checkAppointmentShares('0', left)).toBe('请输入正确的赎回份额')
  })
})
