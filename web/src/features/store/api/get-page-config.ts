import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /noauth/store/pageConfig */
export type PageConfig = GetData<'/noauth/store/pageConfig'>
export interface PageConfigParams {
  teamId: number
}

export const getPageConfig = (params: PageConfigParams) =>
  get<PageConfig>('/noauth/store/pageConfig', params)

export const pageConfigQueryOptions = (params: PageConfigParams) =>
  queryOptions({
    queryKey: ['store', 'page-config', params],
    queryFn: () => getPageConfig(params),
    enabled: Number.isFinite(params.teamId),
  })

export const usePageConfig = (params: PageConfigParams) => useQuery(pageConfigQueryOptions(params))
