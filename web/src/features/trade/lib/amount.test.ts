import { describe, expect, it } from 'vitest'
import {
  deleteKey,
  minimumPlaceholder,
  plainNumber,
  portionOf,
  quickAmounts,
  toAmountString,
  typeKey,
} from './amount'

const typeAll = (keys: string) => [...keys].reduce(typeKey, '')

describe('the amount keypad', () => {
  it('allows one point and two decimals', () => {
    expect(typeAll('123.456')).toBe('123.45')
    expect(typeAll('1..5')).toBe('1.5')
    expect(typeAll('.5')).toBe('0.5')
  })

  it('drops a leading zero', () => {
    expect(typeAll('05')).toBe('5')
    expect(typeAll('0.05')).toBe('0.05')
  })

  it('stops at nine integer digits', () => {
    expect(typeAll('12345678901')).toBe('123456789')
  })

  it('deletes the last character', () => {
    expect(deleteKey('12.3')).toBe('12.')
    expect(deleteKey('')).toBe('')
  })

  it('sends two decimals', () => {
    expect(toAmountString('100.')).toBe('100.00')
    expect(toAmountString('0.5')).toBe('0.50')
    expect(toAmountString('')).toBe('')
    expect(plainNumber('100.00')).toBe('100')
  })
})

describe('quick picks', () => {
  it('of shares: 1/2 and 1/3 are cut, never rounded up', () => {
    // 1000.01 / 2 = 500.005 → 500.00; 1000.00 / 3 = 333.333… → 333.33; 0.05 / 3 → 0.01.
    expect(portionOf('1000.01', 2)).toBe('500.00')
    expect(portionOf('1000.00', 3)).toBe('333.33')
    expect(portionOf('0.05', 3)).toBe('0.01')
    expect(portionOf('1234.56', 1)).toBe('1234.56')
  })

  it('of amounts: those at or above the minimum', () => {
    expect(quickAmounts('100.00')).toEqual([1000, 5000, 10000, 50000])
    expect(quickAmounts('5000.00')).toEqual([5000, 10000, 50000])
  })
})

describe('the amount placeholder', () => {
  it('reads the minimum once known, 请输入金额 while it loads or where there is none', () => {
    expect(minimumPlaceholder('100.00')).toBe('100元起投')
    expect(minimumPlaceholder('0.50')).toBe('0.5元起投')
    expect(minimumPlaceholder('')).toBe('请输入金额')
    expect(minimumPlaceholder(undefined)).toBe('请输入金额')
    expect(minimumPlaceholder('0.00')).toBe('请输入金额')
  })
})
