import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { BuyFundFee } from './types'

/** GET /trade/estimateBuyFundFee (type declared from docs/trading.md, see ./types). On the
 * no-refresh list: a failure leaves the screen without an estimate, quietly. */
export interface BuyFundFeeParams {
  fundCode: string
  amount: string
}

export const estimateBuyFundFee = (params: BuyFundFeeParams) =>
  get<BuyFundFee>('/trade/estimateBuyFundFee', params)

export const buyFundFeeQueryOptions = (params: BuyFundFeeParams, enabled = true) =>
  queryOptions({
    queryKey: ['trade', 'buy-fund-fee', params],
    queryFn: () => estimateBuyFundFee(params),
    enabled: enabled && !!params.fundCode && !!params.amount,
    placeholderData: keepPreviousData,
  })

export const useBuyFundFee = (params: BuyFundFeeParams, enabled = true) =>
  useQuery(buyFundFeeQueryOptions(params, enabled))
