import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /trade/estimateRedeemFundFee: gross, the redemption fee by each lot's holding period and
 * the net amount of a fund redemption placed now (the one fee rule, as the order will charge).
 * On the no-refresh list: a failure leaves the screen without an estimate, quietly. */
export type RedeemFundFee = GetData<'/trade/estimateRedeemFundFee'>

export interface RedeemFundFeeParams {
  financialAccountId: number
  fundCode: string
  shares: string
}

export const estimateRedeemFundFee = (params: RedeemFundFeeParams) =>
  get<RedeemFundFee>('/trade/estimateRedeemFundFee', params)

export const redeemFundFeeQueryOptions = (params: RedeemFundFeeParams, enabled = true) =>
  queryOptions({
    queryKey: ['trade', 'redeem-fund-fee', params],
    queryFn: () => estimateRedeemFundFee(params),
    enabled: enabled && !!params.fundCode && !!params.shares,
    placeholderData: keepPreviousData,
  })

export const useRedeemFundFee = (params: RedeemFundFeeParams, enabled = true) =>
  useQuery(redeemFundFeeQueryOptions(params, enabled))
