import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /noauth/store/search: funds and portfolios by code or name, pages from 1, 10 a page. */
export type SearchPage = GetData<'/noauth/store/search'>
export type SearchKind = 'all' | 'fund' | 'po'

export const SEARCH_PAGE_SIZE = 10

export const searchProducts = (teamId: number, keyword: string, type: SearchKind, page: number) =>
  get<SearchPage>('/noauth/store/search', { teamId, keyword, type, page, size: SEARCH_PAGE_SIZE })

export const searchQueryOptions = (teamId: number | undefined, keyword: string, type: SearchKind) =>
  infiniteQueryOptions({
    queryKey: ['store', 'search', teamId, keyword, type],
    queryFn: ({ pageParam }) => searchProducts(teamId ?? 0, keyword, type, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: teamId !== undefined,
  })

export const useSearchProducts = (teamId: number | undefined, keyword: string, type: SearchKind) =>
  useInfiniteQuery(searchQueryOptions(teamId, keyword, type))
