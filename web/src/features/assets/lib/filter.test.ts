import { describe, expect, it } from 'vitest'
import {
  buildAssetListParams,
  CATEGORIES,
  DEFAULT_FILTER,
  describeFilter,
  filterKey,
  isDefaultFilter,
  ORDERS,
  SORTS,
} from './filter'

describe('the 账户持仓 filter (docs/product.md#constants)', () => {
  it('offers the spec categories, sort types and directions', () => {
    expect(CATEGORIES).toEqual([
      { value: 'ALL', name: '全部' },
      { value: 'FUND', name: '单只基金' },
      { value: 'PO', name: '基金组合' },
      { value: 'BROKEUP', name: '已拆散组合' },
    ])
    expect(SORTS.map((s) => s.value)).toEqual([
      'product',
      'holdingAsset',
      'preProfit',
      'holdingProfit',
      'accProfit',
    ])
    expect(ORDERS.map((o) => o.value)).toEqual(['desc', 'asc'])
    expect(DEFAULT_FILTER.order).toBe('desc')
  })

  it('builds the call parameters of getAccountAssetDetailByConfig', () => {
    expect(buildAssetListParams(3)).toEqual({
      financialAccountId: 3,
      category: 'ALL',
      sort: 'holdingAsset',
      order: 'desc',
      viewType: 'ASSET',
    })
    expect(
      buildAssetListParams(3, { category: 'BROKEUP', sort: 'accProfit', order: 'asc' }),
    ).toEqual({
      financialAccountId: 3,
      category: 'BROKEUP',
      sort: 'accProfit',
      order: 'asc',
      viewType: 'ASSET',
    })
  })

  it('falls back to the defaults for values the server does not know', () => {
    const params = buildAssetListParams(3, {
      category: 'STOCK' as never,
      sort: 'name' as never,
      order: 'up' as never,
    })
    expect(params).toMatchObject({ category: 'ALL', sort: 'holdingAsset', order: 'desc' })
  })

  it('names a filter as one key and in words', () => {
    expect(filterKey({ category: 'PO', sort: 'preProfit', order: 'asc' })).toBe('PO:preProfit:asc')
    expect(isDefaultFilter(DEFAULT_FILTER)).toBe(true)
    expect(isDefaultFilter({ ...DEFAULT_FILTER, order: 'asc' })).toBe(false)
    expect(describeFilter({ category: 'FUND', sort: 'preProfit', order: 'asc' })).toBe(
      '单只基金 · 昨日收益从低到高',
    )
    expect(describeFilter({ category: 'PO', sort: 'product', order: 'desc' })).toBe('基金组合')
  })
})
