import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { RedeemPoPlan } from './types'

/** GET /trade/prepareRedeemPo: what selling a ratio of a portfolio takes from each component,
 * estimated at the latest NAV (type declared from docs/trading.md). No-refresh list. */
export interface RedeemPoParams {
  financialAccountId: number | null
  poCode: string
  ratio: string
}

export const prepareRedeemPo = (params: RedeemPoParams) =>
  get<RedeemPoPlan>('/trade/prepareRedeemPo', params)

export const redeemPoPlanQueryOptions = (params: RedeemPoParams, enabled = true) =>
  queryOptions({
    queryKey: ['trade', 'redeem-po-plan', params],
    queryFn: () => prepareRedeemPo(params),
    enabled: enabled && !!params.poCode && !!params.ratio,
    placeholderData: keepPreviousData,
  })

export const useRedeemPoPlan = (params: RedeemPoParams, enabled = true) =>
  useQuery(redeemPoPlanQueryOptions(params, enabled))
