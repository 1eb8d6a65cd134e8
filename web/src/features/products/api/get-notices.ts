import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/announcements and GET /product/reports: a product's notices, 10 a page. */
export type NoticePage = GetData<'/product/announcements'>
export type NoticeKind = 'announcements' | 'reports'

export const getNotices = (kind: NoticeKind, productCode: string, page: number) =>
  get<NoticePage>(`/product/${kind}`, { productCode, page, size: 10 })

export const noticesQueryOptions = (kind: NoticeKind, productCode: string) =>
  infiniteQueryOptions({
    queryKey: ['products', 'notices', kind, productCode],
    queryFn: ({ pageParam }) => getNotices(kind, productCode, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: productCode !== '',
  })

export const useNotices = (kind: NoticeKind, productCode: string) =>
  useInfiniteQuery(noticesQueryOptions(kind, productCode))
