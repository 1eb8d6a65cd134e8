import { describe, expect, it } from 'vitest'
import {
  formatLarge,
  formatMoney,
  formatNav,
  formatNumber,
  formatPart,
  formatPercent,
  formatSigned,
  isValidValue,
  maskPhone,
  trendOf,
} from './format'

describe('valid values (docs/product.md#validation)', () => {
  it.each(['undefined', 'null', 'NaN', 'Null', '', ' ', null, undefined, Number.NaN])(
    '%s is not a value',
    (v) => expect(isValidValue(v)).toBe(false),
  )
  it.each(['0', 0, 'abc', false])('%s is a value', (v) => expect(isValidValue(v)).toBe(true))
})

describe('numbers (docs/product.md#validation)', () => {
  it('shows -- for empty or NaN', () => {
    expect(formatNumber(null)).toBe('--')
    expect(formatNumber('NaN')).toBe('--')
    expect(formatNumber('abc')).toBe('--')
    expect(formatMoney(undefined)).toBe('--')
  })
  it('truncates to 2 decimals, never rounds', () => {
    expect(formatNumber('1.239')).toBe('1.23')
    expect(formatNumber('-1.239')).toBe('-1.23')
    expect(formatNumber('0.009')).toBe('0.00')
    expect(formatNumber('-0.004')).toBe('0.00')
  })
  it('groups thousands', () => {
    expect(formatMoney('1234567.899')).toBe('1,234,567.89')
    expect(formatMoney('-98765.4')).toBe('-98,765.40')
    expect(formatMoney(999)).toBe('999.00')
  })
  it('shows NAVs with 4 decimals', () => {
    expect(formatNav('1.23456')).toBe('1.2345')
  })
})

describe('万 and 亿 (docs/product.md#validation)', () => {
  it('switches at 10 000 and 100 000 000', () => {
    expect(formatLarge('9999.99')).toBe('9,999.99')
    expect(formatLarge('9999.99')).toBe('9,999.99')
    expect(formatLarge('10000')).toBe('1.00万')
    expect(formatLarge('123456')).toBe('12.34万')
    expect(formatLarge('99999999')).toBe('9,999.99万')
    expect(formatLarge('100000000')).toBe('1.00亿')
    expect(formatLarge('-250000')).toBe('-25.00万')
    expect(formatLarge('')).toBe('--')
  })
})

describe('percent (docs/api.md#limits)', () => {
  it('is the value × 100, integer or up to 2 decimals', () => {
    expect(formatPercent('0.12345')).toBe('12.34%')
    expect(formatPercent('0.015')).toBe('1.50%')
    expect(formatPercent('0.1')).toBe('10.00%')
    expect(formatPercent('-0.16')).toBe('-16.00%')
    expect(formatPercent('0')).toBe('0.00%')
    expect(formatPercent('-0.0567')).toBe('-5.67%')
    expect(formatPercent('0.05', { signed: true })).toBe('+5.00%')
    expect(formatPercent('0.025', { signed: true })).toBe('+2.50%')
    expect(formatPercent(null)).toBe('--')
  })
})

describe("a part (a sale's ratio, a signal's part)", () => {
  it('is the percent as picked, without trailing zeros', () => {
    expect(formatPart('0.3')).toBe('30%')
    expect(formatPart('1')).toBe('100%')
    expect(formatPart('0.3333')).toBe('33.33%')
    expect(formatPart('0.125')).toBe('12.5%')
    expect(formatPart('')).toBe('--')
  })
})

describe('sign and colour', () => {
  it('signs gains', () => {
    expect(formatSigned('12.3')).toBe('+12.30')
    expect(formatSigned('-5')).toBe('-5.00')
    expect(formatSigned('0.001')).toBe('0.00')
  })
  it('is red up, green down, gray flat', () => {
    expect(trendOf('0.01')).toBe('rise')
    expect(trendOf('-0.01')).toBe('fall')
    expect(trendOf('0.00')).toBe('flat')
    expect(trendOf('--')).toBe('flat')
  })
})

describe('phone masking', () => {
  it('masks the middle four digits', () => {
    expect(maskPhone('13812345678')).toBe('138****5678')
    expect(maskPhone('+8613812345678')).toBe('+86138****5678')
    expect(maskPhone('')).toBe('--')
  })
})
