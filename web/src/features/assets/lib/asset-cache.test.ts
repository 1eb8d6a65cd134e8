import { beforeEach, describe, expect, it } from 'vitest'
import type { AssetList } from '../api/types'
import { assetGroup, assetItem, assetList } from '../testing'
import {
  ASSET_LIST_CACHE_TTL_MS,
  assetListCacheKey,
  countItems,
  readAssetList,
  saveAssetList,
  skeletonCount,
} from './asset-cache'

const list = (...groups: number[]): AssetList =>
  assetList(
    groups.map((n, g) =>
      assetGroup(
        `组${g}`,
        Array.from({ length: n }, (_, i) => assetItem({ productCode: `${g}-${i}` })),
      ),
    ),
  )

const T0 = Date.parse('2026-11-23T09:00:00+08:00')
const HOUR = 3_600_000

beforeEach(() => localStorage.clear())

describe('the 账户持仓 cache (docs/product.md#constants)', () => {
  it('lives 6 hours', () => {
    expect(ASSET_LIST_CACHE_TTL_MS).toBe(6 * HOUR)
  })

  it('keys one entry per user and financial account', () => {
    expect(assetListCacheKey(7, 3)).toBe('opentamp.assetList:7:3')
    saveAssetList(assetListCacheKey(7, 3), 'ALL:holdingAsset:desc', list(2, 1), localStorage, T0)
    saveAssetList(assetListCacheKey(7, 4), 'ALL:holdingAsset:desc', list(1), localStorage, T0)
    expect(readAssetList(assetListCacheKey(7, 3), localStorage, T0)?.count).toBe(3)
    expect(readAssetList(assetListCacheKey(7, 4), localStorage, T0)?.count).toBe(1)
    // another user on the same phone sees nothing of the first one's accounts
    expect(readAssetList(assetListCacheKey(8, 3), localStorage, T0)).toBeNull()
  })

  it('keeps the answer, its filter and the time it came', () => {
    const key = assetListCacheKey(7, 3)
    saveAssetList(key, 'PO:preProfit:asc', list(2), localStorage, T0)
    const cached = readAssetList(key, localStorage, T0 + HOUR)
    expect(cached?.filter).toBe('PO:preProfit:asc')
    expect(cached?.savedAt).toBe(T0)
    expect(cached?.data.groups[0].items.map((i) => i.productCode)).toEqual(['0-0', '0-1'])
  })

  it('is there until just before 6 hours and gone (and removed) at 6 hours', () => {
    const key = assetListCacheKey(7, 3)
    saveAssetList(key, 'ALL:holdingAsset:desc', list(2), localStorage, T0)
    expect(readAssetList(key, localStorage, T0 + 6 * HOUR - 1)).not.toBeNull()
    expect(readAssetList(key, localStorage, T0 + 6 * HOUR)).toBeNull()
    expect(localStorage.getItem(key)).toBeNull()
  })

  it('sizes the skeleton by the cached count, 2 without a cache, at least 1', () => {
    const key = assetListCacheKey(7, 3)
    expect(skeletonCount(readAssetList(key, localStorage, T0))).toBe(2)
    saveAssetList(key, 'ALL:holdingAsset:desc', list(3, 2), localStorage, T0)
    expect(skeletonCount(readAssetList(key, localStorage, T0))).toBe(5)
    saveAssetList(key, 'ALL:holdingAsset:desc', list(), localStorage, T0)
    expect(skeletonCount(readAssetList(key, localStorage, T0))).toBe(1)
  })

  it('counts the items of every group', () => {
    expect(countItems(list(3, 0, 4))).toBe(7)
    expect(countItems(list())).toBe(0)
  })
})
