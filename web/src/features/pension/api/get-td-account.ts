import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { PensionAccount } from './types'

/** GET /pension/tdAccount: the pension account, its balance, this year's quota, holdings and
 * profit, and the tax estimate at each bracket (docs/pension.md). */
export const getTdAccount = () => get<PensionAccount>('/pension/tdAccount', {}, { cache: false })

export const tdAccountQueryOptions = () =>
  queryOptions({ queryKey: ['pension', 'tdAccount'], queryFn: getTdAccount, staleTime: 0 })

export const usePensionAccount = (enabled = true) =>
  useQuery({ ...tdAccountQueryOptions(), enabled })
