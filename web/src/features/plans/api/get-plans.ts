import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import { pageParams, planBase } from './paths'
import type { InvestPlan, Page, PlanListParams } from './types'

export const PLAN_PAGE_SIZE = 10

/** GET /trade/investPlan/list (or the strategy list with strategyParentCode): the user's plans,
 * active first, then paused, then terminated, newest first. */
export const getPlans = (params: PlanListParams & { page: number; size?: number }) => {
  const { page, size, ...filter } = params
  const strategy = filter.productType === 'strategy' || !!filter.strategyParentCode
  return get<Page<InvestPlan>>(
    `${planBase(strategy ? 'strategy' : null)}/list`,
    {
      status: filter.status,
      financialAccountId: filter.financialAccountId,
      productType: strategy ? undefined : filter.productType,
      strategyParentCode: filter.strategyParentCode,
      ...pageParams(page, size ?? PLAN_PAGE_SIZE),
    },
    { cache: false },
  )
}

export const plansQueryOptions = (params: PlanListParams) =>
  infiniteQueryOptions({
    queryKey: ['plans', 'list', params],
    queryFn: ({ pageParam }) => getPlans({ ...params, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 0,
  })

export const usePlans = (params: PlanListParams) => useInfiniteQuery(plansQueryOptions(params))
