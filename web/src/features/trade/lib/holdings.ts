/**
 * The redeemable holdings of a financial account, from getShares rows (docs/trading.md): a fund
 * held alone (or out of a broken-up portfolio) is one item; the components of an intact
 * portfolio make one portfolio item whose value is their sum. Figures are summed with
 * decimal.js.
 */
import Decimal from 'decimal.js'
import { toDecimal } from '@/lib/format'
import type { ShareRow } from '../api/types'
import { WALLET_FUND_CODE } from './product-kind'

export interface RedeemableItem {
  productCode: string
  productType: 'fund' | 'poFund' | 'wallet'
  name: string
  marketValue: string
  availableShares: string
  rows: ShareRow[]
}

const dec = (v: unknown) => toDecimal(v) ?? new Decimal(0)

export function redeemableItems(rows: ShareRow[]): RedeemableItem[] {
  const items: RedeemableItem[] = []
  const portfolios = new Map<string, RedeemableItem>()
  for (const row of rows) {
    if (row.portfolioCode && !row.isBrokeUp) {
      const item = portfolios.get(row.portfolioCode) ?? {
        productCode: row.portfolioCode,
        productType: 'poFund' as const,
        name: '',
        marketValue: '0.00',
        availableShares: '0.00',
        rows: [],
      }
      item.rows.push(row)
      item.marketValue = dec(item.marketValue).plus(dec(row.marketValue)).toFixed(2)
      item.availableShares = dec(item.availableShares).plus(dec(row.availableShares)).toFixed(2)
      if (!portfolios.has(row.portfolioCode)) {
        portfolios.set(row.portfolioCode, item)
        items.push(item)
      }
    } else {
      items.push({
        productCode: row.fundCode,
        productType: row.fundCode === WALLET_FUND_CODE ? 'wallet' : 'fund',
        name: row.fundName,
        marketValue: row.marketValue,
        availableShares: row.availableShares,
        rows: [row],
      })
    }
  }
  return items.filter((i) => dec(i.availableShares).gt(0))
}

/** The fund's own holding (not a component of an intact portfolio). */
export function fundHolding(rows: ShareRow[], fundCode: string): ShareRow | undefined {
  return rows.find((r) => r.fundCode === fundCode && (!r.portfolioCode || r.isBrokeUp))
}
