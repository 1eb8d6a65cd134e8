import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { Fee, Page } from './types'

export const PAGE_SIZE = 20

/** GET /adviser/feeList: the account's fees (period charges, withdrawal and unsign fees), newest first. */
export const getFeeList = (serviceAccountId: number, page: number, size = PAGE_SIZE) =>
  get<Page<Fee>>('/adviser/feeList', { serviceAccountId, page, size }, { cache: false })

export const feeListQueryOptions = (serviceAccountId: number, size = PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: ['advisory', 'fee-list', serviceAccountId, size],
    queryFn: ({ pageParam }) => getFeeList(serviceAccountId, pageParam, size),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

export const useFeeList = (serviceAccountId: number, size?: number) =>
  useInfiniteQuery(feeListQueryOptions(serviceAccountId, size))
