import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /noauth/store/announcements */
export type StoreAnnouncements = GetData<'/noauth/store/announcements'>
export interface StoreAnnouncementsParams {
  teamId: number
}

export const getStoreAnnouncements = (params: StoreAnnouncementsParams) =>
  get<StoreAnnouncements>('/noauth/store/announcements', params)

export const storeAnnouncementsQueryOptions = (params: StoreAnnouncementsParams) =>
  queryOptions({
    queryKey: ['store', 'store-announcements', params],
    queryFn: () => getStoreAnnouncements(params),
    enabled: Number.isFinite(params.teamId),
  })

export const useStoreAnnouncements = (params: StoreAnnouncementsParams) =>
  useQuery(storeAnnouncementsQueryOptions(params))
