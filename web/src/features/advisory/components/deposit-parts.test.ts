import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { depositPayProblem } from './deposit-parts'

describe('depositPayProblem', () => {
  const money = new Decimal('1000.00')

  it('asks for a way to pay first', () => {
    expect(depositPayProblem(null, money, '5000.00', '活期宝')).toBe('请选择 "扣款方式"')
  })

  it('from an empty wallet: 请先充值{wallet}', () => {
    expect(depositPayProblem('wallet', money, '0.00', '活期宝')).toBe('请先充值活期宝')
  })

  it('from a wallet holding less than the amount: what it holds, as every wallet payment says', () => {
    expect(depositPayProblem('wallet', money, '600.50', '活期宝')).toBe(
      '活期宝可用余额不足，当前可用 600.50 元',
    )
  })

  it('from a wallet holding enough, or by card: nothing wrong', () => {
    expect(depositPayProblem('wallet', money, '1000.00', '活期宝')).toBeNull()
    expect(depositPayProblem('card', money, '0.00', '活期宝')).toBeNull()
  })
})
