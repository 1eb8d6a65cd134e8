import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { ConvertPrepare } from './types'

/**
 * GET /trade/convert/prepare (10 s limit; on the no-refresh list, so a failure shows no toast
 * and no error page: the screen shows its own error state, or keeps the last estimate).
 *
 * Without a target it answers the fund converted out and the funds it may go into (基金转换
 * shelf and form); with `targetFundCode` and `shares` it adds the estimate.
 */
export interface ConvertPrepareParams {
  fundCode: string
  financialAccountId: number | null
  targetFundCode?: string
  shares?: string
}

export const getConvertPrepare = (params: ConvertPrepareParams) =>
  get<ConvertPrepare>('/trade/convert/prepare', params, { cache: false })

/** With a target (the form) the dates are those of both funds: the confirmation date is the
 * later of the two. */
export const convertPrepareQueryOptions = (
  fundCode: string,
  financialAccountId: number | null,
  targetFundCode = '',
) =>
  queryOptions({
    queryKey: ['trade', 'convert-prepare', fundCode, financialAccountId, targetFundCode],
    queryFn: () => getConvertPrepare({ fundCode, financialAccountId, targetFundCode }),
    enabled: !!fundCode && !!financialAccountId,
    staleTime: 0,
  })

export const useConvertPrepare = (
  fundCode: string,
  financialAccountId: number | null,
  targetFundCode = '',
) => useQuery(convertPrepareQueryOptions(fundCode, financialAccountId, targetFundCode))

/** The estimate of converting `shares` into the target; asked only for valid shares, and the
 * last answer stays on screen while the next is on its way. */
export const convertEstimateQueryOptions = (
  params: Required<ConvertPrepareParams>,
  enabled = true,
) =>
  queryOptions({
    queryKey: ['trade', 'convert-estimate', params],
    queryFn: () => getConvertPrepare(params),
    enabled:
      enabled &&
      !!params.fundCode &&
      !!params.financialAccountId &&
      !!params.targetFundCode &&
      !!params.shares,
    placeholderData: keepPreviousData,
    select: (data) => data.estimate,
  })

export const useConvertEstimate = (params: Required<ConvertPrepareParams>, enabled = true) =>
  useQuery(convertEstimateQueryOptions(params, enabled))
