import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { ChargePlan } from './types'

/** GET /serviceAccount/getChargePlan: the strategy's fee terms, its STEP tiers and, for an amount, the first-year charge. */
export const getChargePlan = (poCode: string, amount: string | null) =>
  get<ChargePlan>('/serviceAccount/getChargePlan', { poCode, amount })

export const chargePlanQueryOptions = (poCode: string, amount: string | null) =>
  queryOptions({
    queryKey: ['advisory', 'charge-plan', poCode, amount],
    queryFn: () => getChargePlan(poCode, amount),
    enabled: !!poCode,
    staleTime: 0,
  })

export const useChargePlan = (poCode: string, amount: string | null) =>
  useQuery(chargePlanQueryOptions(poCode, amount))
