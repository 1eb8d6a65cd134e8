import { describe, expect, it } from 'vitest'
import type { ShareRow } from '../api/types'
import { fundHolding, redeemableItems } from './holdings'

const row = (fields: Partial<ShareRow>): ShareRow =>
  ({
    fundCode: '000001',
    fundName: '基金',
    portfolioCode: null,
    availableShares: '0.00',
    marketValue: '0.00',
    isBrokeUp: false,
    ...fields,
  }) as ShareRow

describe('redeemable holdings', () => {
  it('sums an intact portfolio, keeps funds alone, drops empty ones', () => {
    const items = redeemableItems([
      row({
        fundCode: '110011',
        portfolioCode: 'ZH001',
        availableShares: '100.10',
        marketValue: '150.15',
      }),
      row({ fundCode: '000001', availableShares: '10.00', marketValue: '12.34' }),
      row({
        fundCode: '161725',
        portfolioCode: 'ZH001',
        availableShares: '200.20',
        marketValue: '249.85',
      }),
      row({ fundCode: '000002', availableShares: '0.00' }),
      row({ fundCode: '519000', portfolioCode: 'ZH002', isBrokeUp: true, availableShares: '5.00' }),
    ])
    expect(
      items.map((i) => [i.productType, i.productCode, i.availableShares, i.marketValue]),
    ).toEqual([
      // 150.15 + 249.85 = 400.00; 100.10 + 200.20 = 300.30
      ['poFund', 'ZH001', '300.30', '400.00'],
      ['fund', '000001', '10.00', '12.34'],
      ['fund', '519000', '5.00', '0.00'],
    ])
  })

  it("finds a fund's own holding, not a component's", () => {
    const rows = [
      row({ fundCode: '110011', portfolioCode: 'ZH001', availableShares: '1.00' }),
      row({ fundCode: '110011', availableShares: '2.00' }),
    ]
    expect(fundHolding(rows, '110011')?.availableShares).toBe('2.00')
  })
})
