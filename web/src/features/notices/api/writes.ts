import type { QueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { Notice } from './types'

/** POST /notice/read: one notice read. */
export const readNotice = (noticeId: number) =>
  post<Notice>('/notice/read', { noticeId }, { errorToast: false })

/** POST /notice/readAll: 全部已读 (of one category, or all). */
export const readAllNotices = (category?: string) =>
  post<{ count: number }>('/notice/readAll', category ? { category } : {})

/** POST /notice/confirmPopWindow: 我已知晓 on a notice that must be acknowledged. */
export const confirmNotice = (noticeId: number) =>
  post<Notice>('/notice/confirmPopWindow', { noticeId })

export const invalidateNotices = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['notices'] })
