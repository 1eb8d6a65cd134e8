import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { Execution, Page } from './types'

export const PAGE_SIZE = 20

/** GET /serviceAccount/depositInvestPlan/executions: a deposit-invest plan's executions, newest first. */
export const getDepositPlanExecutions = (investPlanId: number, page: number, size = PAGE_SIZE) =>
  get<Page<Execution>>(
    '/serviceAccount/depositInvestPlan/executions',
    { investPlanId, page, size },
    { cache: false },
  )

export const depositPlanExecutionsQueryOptions = (investPlanId: number, size = PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: ['advisory', 'deposit-plan-executions', investPlanId, size],
    queryFn: ({ pageParam }) => getDepositPlanExecutions(investPlanId, pageParam, size),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: investPlanId > 0,
    staleTime: 0,
  })

export const useDepositPlanExecutions = (investPlanId: number, size?: number) =>
  useInfiniteQuery(depositPlanExecutionsQueryOptions(investPlanId, size))
