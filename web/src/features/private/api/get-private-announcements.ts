import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /private/announcement */
export type PrivateAnnouncements = GetData<'/private/announcement'>
export interface PrivateAnnouncementsParams {
  productCode: string
}

export const getPrivateAnnouncements = (params: PrivateAnnouncementsParams) =>
  get<PrivateAnnouncements>('/private/announcement', params)

export const privateAnnouncementsQueryOptions = (params: PrivateAnnouncementsParams) =>
  queryOptions({
    queryKey: ['private', 'private-announcements', params],
    queryFn: () => getPrivateAnnouncements(params),
    enabled: !!params.productCode,
  })

export const usePrivateAnnouncements = (params: PrivateAnnouncementsParams) =>
  useQuery(privateAnnouncementsQueryOptions(params))
