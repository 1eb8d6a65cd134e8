import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { Accrual, Page } from './types'

export const PAGE_SIZE = 20

/** GET /adviser/chargeList: the account's daily accruals, newest first. */
export const getChargeList = (serviceAccountId: number, page: number, size = PAGE_SIZE) =>
  get<Page<Accrual>>('/adviser/chargeList', { serviceAccountId, page, size }, { cache: false })

export const chargeListQueryOptions = (serviceAccountId: number, size = PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: ['advisory', 'charge-list', serviceAccountId, size],
    queryFn: ({ pageParam }) => getChargeList(serviceAccountId, pageParam, size),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

export const useChargeList = (serviceAccountId: number, size?: number) =>
  useInfiniteQuery(chargeListQueryOptions(serviceAccountId, size))
