import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { PensionBank } from './types'

/** GET /pension/bankList: the banks whose pension fund accounts can be bound or opened. */
export const getBankList = () => get<PensionBank[]>('/pension/bankList')

export const bankListQueryOptions = () =>
  queryOptions({ queryKey: ['pension', 'banks'], queryFn: getBankList, staleTime: 600_000 })

export const usePensionBanks = () => useQuery(bankListQueryOptions())
