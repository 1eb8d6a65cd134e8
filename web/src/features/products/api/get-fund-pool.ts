import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/fundPool: the broker's fund pool (基金备选池), 20 a page. */
export type FundPoolPage = GetData<'/product/fundPool'>

export const getFundPool = (fundType: number | undefined, page: number) =>
  get<FundPoolPage>('/product/fundPool', { fundType, page, size: 20 })

export const fundPoolQueryOptions = (fundType: number | undefined, enabled = true) =>
  infiniteQueryOptions({
    queryKey: ['products', 'fund-pool', fundType ?? 'all'],
    queryFn: ({ pageParam }) => getFundPool(fundType, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled,
  })

export const useFundPool = (fundType: number | undefined, enabled = true) =>
  useInfiniteQuery(fundPoolQueryOptions(fundType, enabled))
