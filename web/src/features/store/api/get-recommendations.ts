import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /noauth/store/recommendations */
export type Recommendations = GetData<'/noauth/store/recommendations'>
export interface RecommendationsParams {
  teamId: number
}

export const getRecommendations = (params: RecommendationsParams) =>
  get<Recommendations>('/noauth/store/recommendations', params)

export const recommendationsQueryOptions = (params: RecommendationsParams) =>
  queryOptions({
    queryKey: ['store', 'recommendations', params],
    queryFn: () => getRecommendations(params),
    enabled: Number.isFinite(params.teamId),
  })

export const useRecommendations = (params: RecommendationsParams) =>
  useQuery(recommendationsQueryOptions(params))
