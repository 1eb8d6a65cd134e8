import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /noauth/store/ads */
export type Ads = GetData<'/noauth/store/ads'>
export interface AdsParams {
  teamId: number
}

export const getAds = (params: AdsParams) => get<Ads>('/noauth/store/ads', params)

export const adsQueryOptions = (params: AdsParams) =>
  queryOptions({
    queryKey: ['store', 'ads', params],
    queryFn: () => getAds(params),
    enabled: Number.isFinite(params.teamId),
  })

export const useAds = (params: AdsParams) => useQuery(adsQueryOptions(params))
