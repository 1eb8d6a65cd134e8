import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /noauth/protocol/privacy/latest */
export type PrivacyLatest = GetData<'/noauth/protocol/privacy/latest'>

export const getPrivacyLatest = (brokerId: number | undefined) =>
  get<PrivacyLatest>('/noauth/protocol/privacy/latest', { brokerId })

export const getPrivacyLatestQuery = (brokerId: number | undefined) =>
  queryOptions({
    queryKey: ['shelf', 'get-privacy-latest', { brokerId }],
    queryFn: () => getPrivacyLatest(brokerId),
  })

export const usePrivacyLatest = (brokerId: number | undefined) =>
  useQuery(getPrivacyLatestQuery(brokerId))
