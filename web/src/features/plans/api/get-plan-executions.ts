import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import { pageParams, planBase } from './paths'
import type { Execution, Page } from './types'

export const EXECUTION_PAGE_SIZE = 10

/** GET /trade/investPlan/executions (or the strategy one): a plan's executions, newest due date
 * first. */
export const getPlanExecutions = (params: {
  investPlanId: number
  strategy?: boolean
  page: number
  size?: number
}) =>
  get<Page<Execution>>(
    `${planBase(params.strategy ? 'strategy' : null)}/executions`,
    {
      investPlanId: params.investPlanId,
      ...pageParams(params.page, params.size ?? EXECUTION_PAGE_SIZE),
    },
    { cache: false },
  )

export const planExecutionsQueryOptions = (
  investPlanId: number,
  strategy = false,
  size = EXECUTION_PAGE_SIZE,
) =>
  infiniteQueryOptions({
    queryKey: ['plans', 'executions', investPlanId, strategy, size],
    queryFn: ({ pageParam }) =>
      getPlanExecutions({ investPlanId, strategy, page: pageParam, size }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: investPlanId > 0,
    staleTime: 0,
  })

export const usePlanExecutions = (investPlanId: number, strategy = false, size?: number) =>
  useInfiniteQuery(planExecutionsQueryOptions(investPlanId, strategy, size))
