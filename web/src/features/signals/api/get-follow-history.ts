import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { FollowRecords } from './types'

export const FOLLOW_PAGE_SIZE = 10

export interface FollowHistoryParams {
  poCode?: string
  followPlanId?: number
  sigId?: string
  financialAccountId?: number
}

const defined = (params: FollowHistoryParams) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''))

/** GET /trade/signalPo/followHistory: the caller's follows, newest first, each with its order
 * or the reason it failed. */
export const getFollowHistory = (params: FollowHistoryParams, page: number, size: number) =>
  get<FollowRecords>(
    '/trade/signalPo/followHistory',
    { ...defined(params), page, size },
    { cache: false },
  )

export const followHistoryQueryOptions = (params: FollowHistoryParams, size = FOLLOW_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: ['signals', 'history', params, size],
    queryFn: ({ pageParam }) => getFollowHistory(params, pageParam, size),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 0,
  })

export const useFollowHistory = (params: FollowHistoryParams, size?: number) =>
  useInfiniteQuery(followHistoryQueryOptions(params, size))
