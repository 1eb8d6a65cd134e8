/**
 * The 账户持仓 list kept on the device (docs/product.md#constants): for 6 hours, one entry per
 * financial account of the signed-in user. The entry holds the last answer, the filter it was asked
 * with, and its item count, which sizes the skeleton shown while a fresh list loads (2 when nothing
 * is cached).
 */
import { getStored, setStored } from '@/lib/storage'
import type { AssetList } from '../api/types'

export const ASSET_LIST_CACHE_TTL_MS = 6 * 60 * 60 * 1000
export const DEFAULT_SKELETON_COUNT = 2

export interface CachedAssetList {
  /** The filter the list was asked with (`filterKey`). */
  filter: string
  count: number
  data: AssetList
  /** Epoch ms of the answer (react-query's updatedAt for the cached data). */
  savedAt: number
}

/** One key per user and financial account. */
export function assetListCacheKey(brokerUserId: number | string, financialAccountId: number) {
  return `opentamp.assetList:${brokerUserId}:${financialAccountId}`
}

export function countItems(data: AssetList): number {
  return data.groups.reduce((n, g) => n + g.items.length, 0)
}

export function saveAssetList(
  key: string,
  filter: string,
  data: AssetList,
  store: Storage = localStorage,
  now = Date.now(),
): void {
  const entry: CachedAssetList = { filter, count: countItems(data), data, savedAt: now }
  setStored(key, entry, ASSET_LIST_CACHE_TTL_MS, store, now)
}

/** The cached entry, or null when there is none or it is older than 6 hours. */
export function readAssetList(
  key: string,
  store: Storage = localStorage,
  now = Date.now(),
): CachedAssetList | null {
  return getStored<CachedAssetList>(key, store, now)
}

/** How many skeleton items to show while loading: the cached count (at least one), or 2. */
export function skeletonCount(cached: CachedAssetList | null): number {
  return cached ? Math.max(1, cached.count) : DEFAULT_SKELETON_COUNT
}
