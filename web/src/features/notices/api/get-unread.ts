import { useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { Notice, Unread } from './types'

/** GET /notice/getUnReadNotice: the badge on 我的 and the unread dots of the categories. */
export const getUnread = () => get<Unread>('/notice/getUnReadNotice', {}, { cache: false })

export const useUnread = (enabled = true) =>
  useQuery({ queryKey: ['notices', 'unread'], queryFn: getUnread, enabled, staleTime: 0 })

/** GET /notice/getUserUnreadAnn: the notices still to be acknowledged in a pop-up. */
export const getToConfirm = () => get<Notice[]>('/notice/getUserUnreadAnn', {}, { cache: false })

export const useToConfirm = (enabled = true) =>
  useQuery({ queryKey: ['notices', 'toConfirm'], queryFn: getToConfirm, enabled, staleTime: 0 })
