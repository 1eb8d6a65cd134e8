import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { ChargeDetail } from './types'

/** GET /standard/adviser/chargeDetail: one fee with the daily accruals it sums. */
export const getChargeDetail = (feeId: number) =>
  get<ChargeDetail>('/standard/adviser/chargeDetail', { feeId })

export const chargeDetailQueryOptions = (feeId: number) =>
  queryOptions({
    queryKey: ['advisory', 'charge-detail', feeId],
    queryFn: () => getChargeDetail(feeId),
    enabled: feeId > 0,
    staleTime: 0,
  })

export const useChargeDetail = (feeId: number) => useQuery(chargeDetailQueryOptions(feeId))
