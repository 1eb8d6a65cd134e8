import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import { ASSET_CALL } from './options'
import type { ClearedAsset } from './types'

/** GET /account/getClearOutAssetList: the products an account held and sold out (已清仓). */
export const getClearOutAssets = (financialAccountId: number) =>
  get<ClearedAsset[]>('/account/getClearOutAssetList', { financialAccountId }, ASSET_CALL)

export const clearOutAssetsQueryOptions = (financialAccountId: number) =>
  queryOptions({
    queryKey: ['assets', 'clear-out', financialAccountId],
    queryFn: () => getClearOutAssets(financialAccountId),
    enabled: !!financialAccountId,
  })

export const useClearOutAssets = (financialAccountId: number) =>
  useQuery(clearOutAssetsQueryOptions(financialAccountId))
