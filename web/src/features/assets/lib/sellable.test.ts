import { describe, expect, it } from 'vitest'
import type { AssetDetail } from '../api/types'
import { hasSharesToSell } from './sellable'

const rows = (...shares: [string, string | undefined][]) =>
  ({
    holdings: shares.map(([s, available]) => ({
      fundCode: '003302',
      shares: s,
      availableShares: available,
    })),
  }) as unknown as Pick<AssetDetail, 'holdings'>

describe('hasSharesToSell', () => {
  it('is false for a purchase awaiting confirmation: no share row yet', () => {
    expect(hasSharesToSell(rows())).toBe(false)
  })

  it('is false when every share is already being sold', () => {
    expect(hasSharesToSell(rows(['500.00', '0.00']))).toBe(false)
  })

  it('is true when a row (a fund, or one fund of a portfolio) has available shares', () => {
    expect(hasSharesToSell(rows(['0.00', '0.00'], ['986.37', '986.37']))).toBe(true)
    expect(hasSharesToSell(rows(['12.50', undefined]))).toBe(true)
  })
})
