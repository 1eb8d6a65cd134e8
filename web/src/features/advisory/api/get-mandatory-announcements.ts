import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { Announcement } from './types'

/** GET /serviceAccount/announcement/mandatoryList: the mandatory announcements not yet read (each must be read before a deposit). */
export const getMandatoryAnnouncements = (serviceAccountId: number) =>
  get<Announcement[]>('/serviceAccount/announcement/mandatoryList', { serviceAccountId })

export const mandatoryAnnouncementsQueryOptions = (serviceAccountId: number) =>
  queryOptions({
    queryKey: ['advisory', 'mandatory-announcements', serviceAccountId],
    queryFn: () => getMandatoryAnnouncements(serviceAccountId),
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

export const useMandatoryAnnouncements = (serviceAccountId: number) =>
  useQuery(mandatoryAnnouncementsQueryOptions(serviceAccountId))
