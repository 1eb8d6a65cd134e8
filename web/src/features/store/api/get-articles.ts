import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /noauth/store/articles: a team's articles, pages from 0, 2 a page
 * (docs/api.md#adviser-zone). */
export type ArticlePage = GetData<'/noauth/store/articles'>

export const ARTICLES_PAGE_SIZE = 2

export const getArticles = (teamId: number, page: number) =>
  get<ArticlePage>('/noauth/store/articles', { teamId, page, size: ARTICLES_PAGE_SIZE })

export const articlesQueryOptions = (teamId: number | undefined) =>
  infiniteQueryOptions({
    queryKey: ['store', 'articles', teamId],
    queryFn: ({ pageParam }) => getArticles(teamId ?? 0, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: teamId !== undefined,
  })

export const useArticles = (teamId: number | undefined) =>
  useInfiniteQuery(articlesQueryOptions(teamId))
