import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import { ASSET_CALL } from './options'
import { getSession } from '@/lib/session'
import { assetListCacheKey, readAssetList, saveAssetList } from '../lib/asset-cache'
import { buildAssetListParams, filterKey, type AssetFilter } from '../lib/filter'
import type { AssetList } from './types'

/** GET /account/getAccountAssetDetailByConfig (120 s timeout, set by the transport). */
export const getAssetList = (financialAccountId: number, filter: AssetFilter) =>
  get<AssetList>(
    '/account/getAccountAssetDetailByConfig',
    buildAssetListParams(financialAccountId, filter),
    ASSET_CALL,
  )

export const assetListCacheKeyFor = (financialAccountId: number) =>
  assetListCacheKey(getSession()?.brokerUserId ?? 'anon', financialAccountId)

/** The list of one account under a filter. An answer is kept on the device for 6 hours
 * (docs/product.md#constants); a cached answer to the same filter shows at once while the fresh one
 * loads. */
export const assetListQueryOptions = (financialAccountId: number | null, filter: AssetFilter) => {
  const key = financialAccountId ? assetListCacheKeyFor(financialAccountId) : ''
  const cached = financialAccountId ? readAssetList(key) : null
  const fromCache = cached && cached.filter === filterKey(filter) ? cached : null
  return queryOptions({
    queryKey: ['assets', 'list', financialAccountId, filter],
    queryFn: async () => {
      const data = await getAssetList(financialAccountId as number, filter)
      saveAssetList(key, filterKey(filter), data)
      return data
    },
    enabled: !!financialAccountId,
    initialData: fromCache?.data,
    initialDataUpdatedAt: fromCache?.savedAt,
    // a cached list is shown, then always refreshed once
    staleTime: 0,
  })
}

export const useAssetList = (financialAccountId: number | null, filter: AssetFilter) =>
  useQuery(assetListQueryOptions(financialAccountId, filter))
