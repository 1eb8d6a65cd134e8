import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { AccFee } from './types'

/** GET /standard/adviser/accFee: the fee of the current period so far, and what was charged, paid, owed and refunded. */
export const getAccFee = (serviceAccountId: number) =>
  get<AccFee>('/standard/adviser/accFee', { serviceAccountId })

export const accFeeQueryOptions = (serviceAccountId: number) =>
  queryOptions({
    queryKey: ['advisory', 'acc-fee', serviceAccountId],
    queryFn: () => getAccFee(serviceAccountId),
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

export const useAccFee = (serviceAccountId: number) =>
  useQuery(accFeeQueryOptions(serviceAccountId))
