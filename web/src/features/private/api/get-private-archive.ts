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

export const privateArchiveQueryOptions = (params: PrivateArchiveParams, enabled = true) =>
  queryOptions({
    queryKey: ['private', 'private-archive', params],
    queryFn: () => getPrivateArchive(params),
    enabled: enabled && !!params.productCode,
  })

/** The archive is shown to qualified investors only (the server answers 403 to others): pass
 * ``enabled`` false until the statement is made. */
export const usePrivateArchive = (params: PrivateArchiveParams, enabled = true) =>
  useQuery(privateArchiveQueryOptions(params, enabled))
