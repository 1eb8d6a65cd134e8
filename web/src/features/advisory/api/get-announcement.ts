import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { AnnouncementDetail } from './types'

/** GET /serviceAccount/announcement/detail. */
export const getAnnouncement = (announcementId: number) =>
  get<AnnouncementDetail>('/serviceAccount/announcement/detail', { announcementId })

export const announcementQueryOptions = (announcementId: number) =>
  queryOptions({
    queryKey: ['advisory', 'announcement', announcementId],
    queryFn: () => getAnnouncement(announcementId),
    enabled: announcementId > 0,
    staleTime: 0,
  })

export const useAnnouncement = (announcementId: number) =>
  useQuery(announcementQueryOptions(announcementId))
