import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { ContractDetail } from './types'

/** GET /serviceAccount/contract/detail: a service account's contract (by serviceAccountId), or a
 * strategy's before signing (by poCode): parties, files, fee terms, status, cooling-off. */
export const getContractDetail = (key: { serviceAccountId?: number; poCode?: string }) =>
  get<ContractDetail>('/serviceAccount/contract/detail', key)

export const contractDetailQueryOptions = (key: { serviceAccountId?: number; poCode?: string }) =>
  queryOptions({
    queryKey: ['advisory', 'contract-detail', key.serviceAccountId ?? null, key.poCode ?? null],
    queryFn: () => getContractDetail(key),
    enabled: (key.serviceAccountId ?? 0) > 0 || !!key.poCode,
    staleTime: 0,
  })

export const useContractDetail = (key: { serviceAccountId?: number; poCode?: string }) =>
  useQuery(contractDetailQueryOptions(key))
