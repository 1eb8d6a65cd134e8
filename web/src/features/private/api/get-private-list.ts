import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /private/list */
export type PrivateList = GetData<'/private/list'>

export const getPrivateList = () => get<PrivateList>('/private/list')

export const privateListQueryOptions = () =>
  queryOptions({
    queryKey: ['private', 'private-list'],
    queryFn: () => getPrivateList(),
    enabled: true,
  })

export const usePrivateList = () => useQuery(privateListQueryOptions())
