import { describe, expect, it } from 'vitest'
import { groupCardNo } from './lib'

describe('card number entry', () => {
  it('groups digits by four and drops the rest', () => {
    expect(groupCardNo('6222021234567890123')).toBe('6222 0212 3456 7890 123')
    expect(groupCardNo('6222-0212 34x')).toBe('6222 0212 34')
    expect(groupCardNo('62220212345678901234567')).toBe('6222 0212 3456 7890 123')
  })
})
