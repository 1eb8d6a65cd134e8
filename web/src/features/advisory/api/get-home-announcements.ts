import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { Announcement } from './types'

/** GET /serviceAccount/homepage/announcement: the strategy's announcements, mandatory ones marked. */
export const getHomeAnnouncements = (serviceAccountId: number) =>
  get<Announcement[]>('/serviceAccount/homepage/announcement', { serviceAccountId })

export const homeAnnouncementsQueryOptions = (serviceAccountId: number) =>
  queryOptions({
    queryKey: ['advisory', 'home-announcements', serviceAccountId],
    queryFn: () => getHomeAnnouncements(serviceAccountId),
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

export const useHomeAnnouncements = (serviceAccountId: number) =>
  useQuery(homeAnnouncementsQueryOptions(serviceAccountId))
