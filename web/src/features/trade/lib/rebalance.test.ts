import { describe, expect, it } from 'vitest'
import { ACTION_TEXT, adjustBlockedReason, adjustmentTotals } from './rebalance'

const items = [
  { action: 'BUY' as const, estimatedAmount: '74.62' },
  { action: 'SELL' as const, estimatedAmount: '195.00' },
  { action: 'BUY' as const, estimatedAmount: '268.65' },
  { action: 'SELL' as const, estimatedAmount: '150.00' },
  { action: 'HOLD' as const, estimatedAmount: '0.00' },
]

describe('adjustmentTotals', () => {
  it('sums sells and buys exactly', () => {
    // 195.00 + 150.00 = 345.00; 74.62 + 268.65 = 343.27 (no float drift).
    expect(adjustmentTotals(items)).toEqual({ sell: '345.00', buy: '343.27' })
  })

  it('is zero without items', () => {
    expect(adjustmentTotals([])).toEqual({ sell: '0.00', buy: '0.00' })
  })
})

describe('adjustBlockedReason', () => {
  it('lets a plan with a sell through', () => {
    expect(adjustBlockedReason({ needAdjust: true, items })).toBeNull()
  })

  it('blocks when nothing is off, or nothing is sold to pay the buys', () => {
    const text = '您的持仓与组合目标配置一致，无需调仓'
    expect(adjustBlockedReason({ needAdjust: false, items })).toBe(text)
    expect(adjustBlockedReason({ needAdjust: true, items: [items[0]] })).toBe(text)
  })
})

it('labels the actions in Chinese', () => {
  expect(ACTION_TEXT).toEqual({ BUY: '买入', SELL: '卖出', HOLD: '不变' })
})
