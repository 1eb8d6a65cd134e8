import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { NoticePage } from './types'

export const NOTICE_PAGE_SIZE = 10

/** GET /notice/getNotice: the user's notices of one category, newest first, pages from 1. */
export const getNotices = (category: string, page: number) =>
  get<NoticePage>('/notice/getNotice', { category, page, size: NOTICE_PAGE_SIZE }, { cache: false })

export const noticesQueryOptions = (category: string) =>
  infiniteQueryOptions({
    queryKey: ['notices', 'list', category],
    queryFn: ({ pageParam }) => getNotices(category, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 0,
  })

export const useNotices = (category: string) => useInfiniteQuery(noticesQueryOptions(category))
