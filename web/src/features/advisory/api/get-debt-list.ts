import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { DebtList } from './types'

/** GET /adviser/targetDebtList: the unpaid fees (debts), which block deposits until paid. */
export const getDebtList = (serviceAccountId: number) =>
  get<DebtList>('/adviser/targetDebtList', { serviceAccountId })

export const debtListQueryOptions = (serviceAccountId: number) =>
  queryOptions({
    queryKey: ['advisory', 'debt-list', serviceAccountId],
    queryFn: () => getDebtList(serviceAccountId),
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

export const useDebtList = (serviceAccountId: number) =>
  useQuery(debtListQueryOptions(serviceAccountId))
