import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { FundHoldings } from './types'

/** GET /serviceAccount/fund/holdings: the component funds held, their weights and target weights. */
export const getFundHoldings = (serviceAccountId: number) =>
  get<FundHoldings>('/serviceAccount/fund/holdings', { serviceAccountId })

export const fundHoldingsQueryOptions = (serviceAccountId: number) =>
  queryOptions({
    queryKey: ['advisory', 'fund-holdings', serviceAccountId],
    queryFn: () => getFundHoldings(serviceAccountId),
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

export const useFundHoldings = (serviceAccountId: number) =>
  useQuery(fundHoldingsQueryOptions(serviceAccountId))
