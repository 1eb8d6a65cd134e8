import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { FundHolding } from './types'

/** GET /serviceAccount/fund/assetDetail: one component fund held in the account. */
export const getFundAsset = (serviceAccountId: number, fundCode: string) =>
  get<FundHolding>('/serviceAccount/fund/assetDetail', { serviceAccountId, fundCode })

export const fundAssetQueryOptions = (serviceAccountId: number, fundCode: string) =>
  queryOptions({
    queryKey: ['advisory', 'fund-asset', serviceAccountId, fundCode],
    queryFn: () => getFundAsset(serviceAccountId, fundCode),
    enabled: serviceAccountId > 0 && !!fundCode,
    staleTime: 0,
  })

export const useFundAsset = (serviceAccountId: number, fundCode: string) =>
  useQuery(fundAssetQueryOptions(serviceAccountId, fundCode))
