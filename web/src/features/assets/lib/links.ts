/**
 * Where the holdings screens lead: the client's product types (docs/product.md#entities "Product
 * types": fund, poFund, wallet) from the API's FUND/PO/WALLET, and the addresses built from them.
 */
import type { AssetItem } from '../api/types'

const ROUTE_TYPES: Record<string, string> = { FUND: 'fund', PO: 'poFund', WALLET: 'wallet' }

export function routeProductType(apiType: string): string {
  return ROUTE_TYPES[apiType.toUpperCase()] ?? apiType
}

export const BROKE_UP_TAG = '已拆散'

export function isBrokeUp(item: Pick<AssetItem, 'tags' | 'isBrokeUp'>): boolean {
  return item.isBrokeUp || (item.tags ?? []).includes(BROKE_UP_TAG)
}

function query(values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(values)) {
    if (v !== null && v !== undefined && v !== '') params.set(k, String(v))
  }
  return params.toString()
}

/** assetsDetail, or brokeUp-assetsDetail for a broken-up portfolio
 * (docs/product.md#screens-and-routes). */
export function assetDetailPath(item: AssetItem, financialAccountId: number): string {
  const page = isBrokeUp(item) ? '/brokeUp-assetsDetail' : '/assetsDetail'
  return `${page}?${query({
    productCode: item.productCode,
    productType: routeProductType(item.productType),
    financialAccountId,
    fundType: item.fundType,
  })}`
}

/** 买入 or 卖出 of a holding: /allot or /redeem with the product and the account. */
export function tradePath(
  kind: 'allot' | 'redeem',
  productCode: string,
  apiType: string,
  financialAccountId: number,
): string {
  return `/${kind}?${query({
    productCode,
    productType: routeProductType(apiType),
    financialAccountId,
  })}`
}

export function accountPath(page: string, financialAccountId: number | null, extra = {}): string {
  const q = query({ financialAccountId, ...extra })
  return q ? `${page}?${q}` : page
}
