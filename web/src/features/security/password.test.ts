import { describe, expect, it } from 'vitest'
import { passwordProblem } from './password'

describe('trade password rules', () => {
  it('needs six digits', () => {
    expect(passwordProblem('12345')).toBe('交易密码须为6位数字')
    expect(passwordProblem('12345a')).toBe('交易密码须为6位数字')
  })
  it('refuses equal digits and runs', () => {
    expect(passwordProblem('888888')).toBe('交易密码不能为相同数字')
    expect(passwordProblem('234567')).toBe('交易密码不能为连续数字')
    expect(passwordProblem('987654')).toBe('交易密码不能为连续数字')
  })
  it('accepts the rest', () => {
    expect(passwordProblem('135790')).toBeNull()
    expect(passwordProblem('112233')).toBeNull()
  })
})
