import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /adviser/latestArticles */
export type LatestArticles = GetData<'/adviser/latestArticles'>
export interface LatestArticlesParams {
  poCodes?: string
}

export const getLatestArticles = (params: LatestArticlesParams) =>
  get<LatestArticles>('/adviser/latestArticles', params)

export const latestArticlesQueryOptions = (params: LatestArticlesParams) =>
  queryOptions({
    queryKey: ['store', 'latest-articles', params],
    queryFn: () => getLatestArticles(params),
    enabled: true,
  })

export const useLatestArticles = (params: LatestArticlesParams) =>
  useQuery(latestArticlesQueryOptions(params))
