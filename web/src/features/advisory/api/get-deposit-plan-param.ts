import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { DepositPlanParam } from './types'

/** GET /serviceAccount/depositInvestPlan/param: the minimum amount, period units and pay types of a deposit-invest plan. */
export const getDepositPlanParam = (serviceAccountId: number) =>
  get<DepositPlanParam>('/serviceAccount/depositInvestPlan/param', { serviceAccountId })

export const depositPlanParamQueryOptions = (serviceAccountId: number) =>
  queryOptions({
    queryKey: ['advisory', 'deposit-plan-param', serviceAccountId],
    queryFn: () => getDepositPlanParam(serviceAccountId),
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

export const useDepositPlanParam = (serviceAccountId: number) =>
  useQuery(depositPlanParamQueryOptions(serviceAccountId))
