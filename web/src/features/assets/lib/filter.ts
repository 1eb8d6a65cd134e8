/**
 * The filter sheet of 账户持仓 (docs/product.md#constants): category, sort type and direction, and the
 * parameters of GET /account/getAccountAssetDetailByConfig they make.
 */
import type { AssetCategory, AssetSort, SortOrder } from '../api/types'

export const CATEGORIES: { value: AssetCategory; name: string }[] = [
  { value: 'ALL', name: '全部' },
  { value: 'FUND', name: '单只基金' },
  { value: 'PO', name: '基金组合' },
  { value: 'BROKEUP', name: '已拆散组合' },
]

export const SORTS: { value: AssetSort; name: string }[] = [
  { value: 'product', name: '产品' },
  { value: 'holdingAsset', name: '持仓金额' },
  { value: 'preProfit', name: '昨日收益' },
  { value: 'holdingProfit', name: '持有收益' },
  { value: 'accProfit', name: '累计收益' },
]

export const ORDERS: { value: SortOrder; name: string }[] = [
  { value: 'desc', name: '从高到低' },
  { value: 'asc', name: '从低到高' },
]

export interface AssetFilter {
  category: AssetCategory
  sort: AssetSort
  order: SortOrder
}

/** All holdings, largest first; the spec's default direction is desc. */
export const DEFAULT_FILTER: AssetFilter = { category: 'ALL', sort: 'holdingAsset', order: 'desc' }

export interface AssetListParams extends AssetFilter {
  financialAccountId: number
  viewType: 'ASSET'
}

/** The call's parameters; unknown values (an old cache, a hand-edited address) fall back to
 * the defaults rather than reaching the server. */
export function buildAssetListParams(
  financialAccountId: number,
  filter: Partial<AssetFilter> = {},
): AssetListParams {
  const category = CATEGORIES.some((c) => c.value === filter.category)
    ? (filter.category as AssetCategory)
    : DEFAULT_FILTER.category
  const sort = SORTS.some((s) => s.value === filter.sort)
    ? (filter.sort as AssetSort)
    : DEFAULT_FILTER.sort
  const order =
    filter.order === 'asc' || filter.order === 'desc' ? filter.order : DEFAULT_FILTER.order
  return { financialAccountId, category, sort, order, viewType: 'ASSET' }
}

/** A filter as one string, to tell whether a cached list answers the current filter. */
export function filterKey(filter: AssetFilter): string {
  return `${filter.category}:${filter.sort}:${filter.order}`
}

export function isDefaultFilter(filter: AssetFilter): boolean {
  return filterKey(filter) === filterKey(DEFAULT_FILTER)
}

/** The chosen filter in words, for the section's filter button: "单只基金 · 昨日收益从低到高". */
export function describeFilter(filter: AssetFilter): string {
  const category = CATEGORIES.find((c) => c.value === filter.category)?.name ?? '全部'
  const sort = SORTS.find((s) => s.value === filter.sort)?.name ?? ''
  const order = ORDERS.find((o) => o.value === filter.order)?.name ?? ''
  return filter.sort === 'product' ? category : `${category} · ${sort}${order}`
}
