import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/fund/managers */
export type FundManagers = GetData<'/product/fund/managers'>
export interface FundManagersParams {
  fundCode: string
}

export const getFundManagers = (params: FundManagersParams) =>
  get<FundManagers>('/product/fund/managers', params)

export const fundManagersQueryOptions = (params: FundManagersParams) =>
  queryOptions({
    queryKey: ['products', 'fund-managers', params],
    queryFn: () => getFundManagers(params),
    enabled: !!params.fundCode,
  })

export const useFundManagers = (params: FundManagersParams) =>
  useQuery(fundManagersQueryOptions(params))
