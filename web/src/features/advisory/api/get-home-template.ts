import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { HomeTemplate } from './types'

/** GET /serviceAccount/homepage/template: the components of the account's home, in order. */
export const getHomeTemplate = (serviceAccountId: number) =>
  get<HomeTemplate>('/serviceAccount/homepage/template', { serviceAccountId })

export const homeTemplateQueryOptions = (serviceAccountId: number) =>
  queryOptions({
    queryKey: ['advisory', 'home-template', serviceAccountId],
    queryFn: () => getHomeTemplate(serviceAccountId),
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

export const useHomeTemplate = (serviceAccountId: number) =>
  useQuery(homeTemplateQueryOptions(serviceAccountId))
