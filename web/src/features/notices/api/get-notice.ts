import { useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { Notice } from './types'

/** GET /notice/detail: one notice of the user (another's answers 404). */
export const getNotice = (noticeId: number) =>
  get<Notice>('/notice/detail', { noticeId }, { cache: false })

export const useNotice = (noticeId: number) =>
  useQuery({
    queryKey: ['notices', 'detail', noticeId],
    queryFn: () => getNotice(noticeId),
    enabled: noticeId > 0,
    staleTime: 0,
  })
