/**
 * Portfolio rebalancing (P04, docs/trading.md "Rebalancing"): GET /trade/getPoAdjustmentSummary
 * (what rebalancing to the model's current weights would do) and POST /trade/adjustPoShare (the
 * P04 parent order). The write never toasts on its own: failures go through useTradeSubmit.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { get, post, type CallOptions } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'
import { withTerminal } from '@/lib/terminal'
import type { Order } from './types'

export type PoAdjustmentSummary = Schemas['PoAdjustmentSummaryOut']
export type PoAdjustmentItem = Schemas['PoAdjustmentItemOut']
export type AdjustPoShareBody = Schemas['AdjustPoShareIn']

export interface PoAdjustmentParams {
  financialAccountId: number | null
  poCode: string
}

export const getPoAdjustmentSummary = (params: PoAdjustmentParams) =>
  get<PoAdjustmentSummary>('/trade/getPoAdjustmentSummary', params, { cache: false })

export const poAdjustmentSummaryQueryOptions = (params: PoAdjustmentParams) =>
  queryOptions({
    queryKey: ['trade', 'po-adjustment-summary', params],
    queryFn: () => getPoAdjustmentSummary(params),
    enabled: !!params.financialAccountId && !!params.poCode,
    staleTime: 0,
  })

export const usePoAdjustmentSummary = (params: PoAdjustmentParams) =>
  useQuery(poAdjustmentSummaryQueryOptions(params))

const WRITE: CallOptions = { errorToast: false, noErrorPage: true }

/** POST /trade/adjustPoShare → the P04 parent with its sells (024) and buys (022). */
export const adjustPoShare = async (body: AdjustPoShareBody) =>
  post<Order>('/trade/adjustPoShare', await withTerminal(body), WRITE)
