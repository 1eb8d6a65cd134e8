import { describe, expect, it } from 'vitest'
import { limitMessage } from './limit'

describe('financial account limit (docs/product.md#validation)', () => {
  it('allows creating below the maximum', () => {
    expect(limitMessage({ maxFinancialAccounts: 5, realFinancialAccountCount: 4 })).toBeNull()
  })

  it('blocks at the maximum with the exact dialog text', () => {
    expect(limitMessage({ maxFinancialAccounts: 3, realFinancialAccountCount: 3 })).toBe(
      '最多支持创建3个理财账户，你当前已经持有3个账户，无法继续创建新的账户。',
    )
  })
})
