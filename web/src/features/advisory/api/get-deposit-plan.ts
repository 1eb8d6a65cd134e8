import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { DepositPlan } from './types'

/** GET /serviceAccount/depositInvestPlan/detail: the plan (docs/plans.md). */
export const getDepositPlan = (investPlanId: number) =>
  get<DepositPlan>('/serviceAccount/depositInvestPlan/detail', { investPlanId })

export const depositPlanQueryOptions = (investPlanId: number) =>
  queryOptions({
    queryKey: ['advisory', 'deposit-plan', investPlanId],
    queryFn: () => getDepositPlan(investPlanId),
    enabled: investPlanId > 0,
    staleTime: 0,
  })

export const useDepositPlan = (investPlanId: number) =>
  useQuery(depositPlanQueryOptions(investPlanId))
