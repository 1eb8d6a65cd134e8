import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { AccountInfo } from './types'

/** GET /serviceAccount/getAccountInfo: the service account, its contract, figures, the adjustment in process and its fee state. */
export const getAccountInfo = (serviceAccountId: number) =>
  get<AccountInfo>('/serviceAccount/getAccountInfo', { serviceAccountId })

export const accountInfoQueryOptions = (serviceAccountId: number) =>
  queryOptions({
    queryKey: ['advisory', 'account-info', serviceAccountId],
    queryFn: () => getAccountInfo(serviceAccountId),
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

export const useAccountInfo = (serviceAccountId: number) =>
  useQuery(accountInfoQueryOptions(serviceAccountId))
