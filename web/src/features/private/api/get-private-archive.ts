import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /private/archive */
export type PrivateArchive = GetData<'/private/archive'>
export interface PrivateArchiveParams {
  productCode: string
}

export const getPrivateArchive = (params: PrivateArchiveParams) =>
  get<PrivateArchive>('/private/archive', params)

export const privateArchiveQueryOptions = (params: PrivateArchiveParams) =>
  queryOptions({
    queryKey: ['private', 'private-archive', params],
    queryFn: () => getPrivateArchive(params),
    enabled: !!params.productCode,
  })

export const usePrivateArchive = (params: PrivateArchiveParams) =>
  useQuery(privateArchiveQueryOptions(params))
