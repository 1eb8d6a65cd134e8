import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { SeriesAsset } from './types'

export interface SeriesAssetParams {
  financialAccountId?: string | null
  strategyParentCode?: string | null
}

/** GET /account/getAccountSeriesStrategyAsset: the target strategies (or one, by
 * strategyParentCode) with their current phase and the user's positions in them. */
export const getSeriesAsset = (params: SeriesAssetParams) =>
  get<SeriesAsset>(
    '/account/getAccountSeriesStrategyAsset',
    {
      financialAccountId: params.financialAccountId ?? undefined,
      strategyParentCode: params.strategyParentCode ?? undefined,
    },
    { cache: false },
  )

export const seriesAssetQueryOptions = (params: SeriesAssetParams) =>
  queryOptions({
    queryKey: ['targets', 'series', params],
    queryFn: () => getSeriesAsset(params),
    staleTime: 0,
  })

export const useSeriesAsset = (params: SeriesAssetParams) =>
  useQuery(seriesAssetQueryOptions(params))
