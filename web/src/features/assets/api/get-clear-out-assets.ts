import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import { ASSET_CALL } from './options'
import type { ClearedAsset } from './types'

/** GET /account/getClearOutAssetList: the products an account held and sold out (已清仓); without
 * an account (null), those of all the user's accounts. */
export const getClearOutAssets = (financialAccountId: number | null) =>
  get<ClearedAsset[]>(
    '/account/getClearOutAssetList',
    financialAccountId ? { financialAccountId } : {},
    ASSET_CALL,
  )

export const clearOutAssetsQueryOptions = (financialAccountId: number | null) =>
  queryOptions({
    queryKey: ['assets', 'clear-out', financialAccountId],
    queryFn: () => getClearOutAssets(financialAccountId),
  })

export const useClearOutAssets = (financialAccountId: number | null) =>
  useQuery(clearOutAssetsQueryOptions(financialAccountId))
