import { describe, expect, it } from 'vitest'
import { tradeTypeOf } from './product-kind'

describe('tradeTypeOf', () => {
  it('maps the product links to the trade types', () => {
    expect(tradeTypeOf('fund', '110011')).toBe('FUND')
    expect(tradeTypeOf('poFund', 'ZH000001')).toBe('PO')
    expect(tradeTypeOf('signal', 'SI0001')).toBe('PO')
    expect(tradeTypeOf(null, 'ZH000001')).toBe('PO')
    expect(tradeTypeOf('wallet', '000509')).toBe('WALLET')
    expect(tradeTypeOf(null, '000509')).toBe('WALLET')
    expect(tradeTypeOf(null, '110011')).toBe('FUND')
  })
})
