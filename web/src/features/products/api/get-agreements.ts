import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /protocol/agreements */
export type Agreements = GetData<'/protocol/agreements'>
export interface AgreementsParams {
  productCode: string
  productType?: string
}

export const getAgreements = (params: AgreementsParams) =>
  get<Agreements>('/protocol/agreements', params)

export const agreementsQueryOptions = (params: AgreementsParams) =>
  queryOptions({
    queryKey: ['products', 'agreements', params],
    queryFn: () => getAgreements(params),
    enabled: !!params.productCode,
  })

export const useAgreements = (params: AgreementsParams) => useQuery(agreementsQueryOptions(params))
