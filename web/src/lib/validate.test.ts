import { describe, expect, it } from 'vitest'
import {
  idCheckDigit,
  isBankCard,
  isChineseName,
  isIdentityNo,
  isMainlandId,
  isName,
  isPhone,
  isTradePassword,
} from './validate'

describe('mainland ID card (GB 11643 check digit)', () => {
  it('computes the check character', () => {
    // 11010519491231002X is the standard's worked example
    expect(idCheckDigit('11010519491231002')).toBe('X')
    expect(idCheckDigit('11010119900307123')).toBe('3') // Σ weights = 174, 174 mod 11 = 9 → '3'
  })
  it('accepts a valid number, in either case of X', () => {
    expect(isMainlandId('11010519491231002X')).toBe(true)
    expect(isMainlandId('11010519491231002x')).toBe(true)
    expect(isMainlandId('110101199003071233')).toBe(true)
  })
  it('refuses a wrong check digit, an impossible date, a wrong length', () => {
    expect(isMainlandId('110105194912310021')).toBe(false)
    expect(isMainlandId('110101199002301239')).toBe(false) // 30 February
    expect(isMainlandId('11010119900307123')).toBe(false)
  })
})

describe('identity by document type (docs/product.md#validation)', () => {
  it('chooses the pattern by type', () => {
    expect(isIdentityNo('0', '110101199003071233')).toBe(true)
    expect(isIdentityNo('4', 'H12345678')).toBe(true)
    expect(isIdentityNo('4', 'M12345678')).toBe(true)
    expect(isIdentityNo('4', 'K12345678')).toBe(false)
    expect(isIdentityNo('4', 'H1234567')).toBe(false)
    expect(isIdentityNo('A', '12345678')).toBe(true)
    expect(isIdentityNo('A', '1234567')).toBe(false)
    expect(isIdentityNo('C', `81000019900307123${idCheckDigit('81000019900307123')}`)).toBe(true)
    expect(isIdentityNo('C', '110101199003071233')).toBe(false) // valid ID, not a permit
    expect(isIdentityNo('9', '110101199003071233')).toBe(false)
  })
})

describe('names', () => {
  it('is 2 to 30 characters', () => {
    expect(isName('张')).toBe(false)
    expect(isName('张三')).toBe(true)
    expect(isName('a'.repeat(30))).toBe(true)
    expect(isName('a'.repeat(31))).toBe(false)
  })
  it('a Chinese name is Chinese characters, with a middle dot allowed', () => {
    expect(isChineseName('李四')).toBe(true)
    expect(isChineseName('买买提·艾力')).toBe(true)
    expect(isChineseName('Li Si')).toBe(false)
    expect(isChineseName('·李四')).toBe(false)
  })
})

describe('phone, card, password', () => {
  it('phone: optional +86, then 1[3-9] and 9 digits', () => {
    expect(isPhone('13812345678')).toBe(true)
    expect(isPhone('+8613812345678')).toBe(true)
    expect(isPhone('8613812345678')).toBe(true)
    expect(isPhone('12812345678')).toBe(false)
    expect(isPhone('1381234567')).toBe(false)
  })
  it('bank card: 16 to 19 digits', () => {
    expect(isBankCard('6222021234567890')).toBe(true)
    expect(isBankCard('6222 0212 3456 7890 123')).toBe(true)
    expect(isBankCard('622202123456789')).toBe(false)
    expect(isBankCard('62220212345678901234')).toBe(false)
  })
  it('trade password: 6 digits', () => {
    expect(isTradePassword('123456')).toBe(true)
    expect(isTradePassword('12345')).toBe(false)
    expect(isTradePassword('12345a')).toBe(false)
  })
})
