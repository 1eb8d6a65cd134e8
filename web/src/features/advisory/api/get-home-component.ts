import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { ComponentData } from './types'

export interface ComponentParams {
  serviceAccountId: number
  componentType: string
  /** ACCOUNT_REPORT only: one month's report ("2026-11") of one scope. */
  reportMonth?: string | null
  reportScope?: string | null
}

/** GET /serviceAccount/homepage/component: the data of one component of the account's home
 * (docs/advisory.md#homepage-components). */
export const getHomeComponent = (params: ComponentParams) =>
  get<ComponentData>('/serviceAccount/homepage/component', params)

export const homeComponentQueryOptions = (params: ComponentParams) =>
  queryOptions({
    queryKey: [
      'advisory',
      'home-component',
      params.serviceAccountId,
      params.componentType,
      params.reportMonth ?? null,
      params.reportScope ?? null,
    ],
    queryFn: () => getHomeComponent(params),
    enabled: params.serviceAccountId > 0 && !!params.componentType,
    staleTime: 0,
  })

export const useHomeComponent = (params: ComponentParams) =>
  useQuery(homeComponentQueryOptions(params))
