import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/noticeDetail */
export type NoticeDetail = GetData<'/product/noticeDetail'>
export interface NoticeDetailParams {
  id: number
}

export const getNoticeDetail = (params: NoticeDetailParams) =>
  get<NoticeDetail>('/product/noticeDetail', params)

export const noticeDetailQueryOptions = (params: NoticeDetailParams) =>
  queryOptions({
    queryKey: ['products', 'notice-detail', params],
    queryFn: () => getNoticeDetail(params),
    enabled: Number.isFinite(params.id),
  })

export const useNoticeDetail = (params: NoticeDetailParams) =>
  useQuery(noticeDetailQueryOptions(params))
