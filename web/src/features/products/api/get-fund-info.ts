import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/fund/info */
export type FundInfo = GetData<'/product/fund/info'>
export interface FundInfoParams {
  fundCode: string
}

export const getFundInfo = (params: FundInfoParams) => get<FundInfo>('/product/fund/info', params)

export const fundInfoQueryOptions = (params: FundInfoParams) =>
  queryOptions({
    queryKey: ['products', 'fund-info', params],
    queryFn: () => getFundInfo(params),
    enabled: !!params.fundCode,
  })

export const useFundInfo = (params: FundInfoParams) => useQuery(fundInfoQueryOptions(params))
