import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /protocol/privateAsset */
export type PrivateAgreements = GetData<'/protocol/privateAsset'>
export interface PrivateAgreementsParams {
  productCode: string
}

export const getPrivateAgreements = (params: PrivateAgreementsParams) =>
  get<PrivateAgreements>('/protocol/privateAsset', params)

export const privateAgreementsQueryOptions = (params: PrivateAgreementsParams) =>
  queryOptions({
    queryKey: ['private', 'private-agreements', params],
    queryFn: () => getPrivateAgreements(params),
    enabled: !!params.productCode,
  })

export const usePrivateAgreements = (params: PrivateAgreementsParams) =>
  useQuery(privateAgreementsQueryOptions(params))
