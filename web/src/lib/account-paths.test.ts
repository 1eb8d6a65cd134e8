import { describe, expect, it } from 'vitest'
import { accountTypeName } from './account-paths'

describe('an account type in words', () => {
  it('names every kind of financial account, the advisory ones included', () => {
    expect(accountTypeName('default')).toBe('默认账户')
    expect(accountTypeName('normal')).toBe('理财账户')
    expect(accountTypeName('pension')).toBe('养老账户')
    expect(accountTypeName('service')).toBe('投顾账户')
    expect(accountTypeName('robo_service')).toBe('智能投顾账户')
  })

  it('never shows a type’s code', () => {
    expect(accountTypeName('main')).toBe('理财账户')
    expect(accountTypeName('some_new_kind')).not.toContain('some_new_kind')
  })
})
