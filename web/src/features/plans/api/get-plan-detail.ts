import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import { planBase } from './paths'
import type { InvestPlanDetail } from './types'

/** GET /trade/investPlan/detail (or /saip/strategyInvestPlan/detail for a strategy's plan): the
 * plan, its next dates, its smart bands and its take-profit rounds. */
export const getPlanDetail = (investPlanId: number, strategy = false) =>
  get<InvestPlanDetail>(`${planBase(strategy ? 'strategy' : null)}/detail`, { investPlanId })

export const planDetailQueryOptions = (investPlanId: number, strategy = false) =>
  queryOptions({
    queryKey: ['plans', 'detail', investPlanId, strategy],
    queryFn: () => getPlanDetail(investPlanId, strategy),
    enabled: investPlanId > 0,
    staleTime: 0,
  })

export const usePlanDetail = (investPlanId: number, strategy = false) =>
  useQuery(planDetailQueryOptions(investPlanId, strategy))
