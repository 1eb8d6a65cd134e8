import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { BuyPoPlan } from './types'

/** GET /trade/prepareBuyPo: the split of a portfolio purchase and its fees (type declared from
 * docs/trading.md). On the no-refresh list: a failure shows nothing. */
export interface BuyPoParams {
  poCode: string
  amount: string
}

export const prepareBuyPo = (params: BuyPoParams) => get<BuyPoPlan>('/trade/prepareBuyPo', params)

export const buyPoPlanQueryOptions = (params: BuyPoParams, enabled = true) =>
  queryOptions({
    queryKey: ['trade', 'buy-po-plan', params],
    queryFn: () => prepareBuyPo(params),
    enabled: enabled && !!params.poCode && !!params.amount,
    placeholderData: keepPreviousData,
  })

export const useBuyPoPlan = (params: BuyPoParams, enabled = true) =>
  useQuery(buyPoPlanQueryOptions(params, enabled))
