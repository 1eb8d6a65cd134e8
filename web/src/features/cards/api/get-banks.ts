import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type Bank = GetData<'/account/banks'>[number]

export const getBanks = () => get<Bank[]>('/account/banks')

export const banksQueryOptions = () =>
  queryOptions({ queryKey: ['banks'], queryFn: getBanks, staleTime: Infinity })

export const useBanks = () => useQuery(banksQueryOptions())
