import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /noauth/store/article/detail */
export type ArticleDetail = GetData<'/noauth/store/article/detail'>
export interface ArticleDetailParams {
  articleId: number
}

export const getArticleDetail = (params: ArticleDetailParams) =>
  get<ArticleDetail>('/noauth/store/article/detail', params)

export const articleDetailQueryOptions = (params: ArticleDetailParams) =>
  queryOptions({
    queryKey: ['store', 'article-detail', params],
    queryFn: () => getArticleDetail(params),
    enabled: Number.isFinite(params.articleId),
  })

export const useArticleDetail = (params: ArticleDetailParams) =>
  useQuery(articleDetailQueryOptions(params))
