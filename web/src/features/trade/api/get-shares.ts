import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { ShareRow } from './types'

/** GET /trade/getShares: the holdings of a financial account, zero shares included (type
 * declared from docs/trading.md). */
export const getShares = (financialAccountId?: number | null) =>
  get<ShareRow[]>('/trade/getShares', { financialAccountId }, { cache: false })

export const sharesQueryOptions = (financialAccountId?: number | null) =>
  queryOptions({
    queryKey: ['trade', 'shares', financialAccountId ?? null],
    queryFn: () => getShares(financialAccountId),
    staleTime: 0,
  })

/** Asked only once the financial account is known (the call needs it). */
export const useShares = (financialAccountId?: number | null, enabled = true) =>
  useQuery({ ...sharesQueryOptions(financialAccountId), enabled: enabled && !!financialAccountId })
