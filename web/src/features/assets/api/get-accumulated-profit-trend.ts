import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import { ASSET_CALL } from './options'
import type { AccumulatedProfitPoint } from './types'

export const TREND_PERIODS = [
  { days: 30, name: '近1月' },
  { days: 90, name: '近3月' },
  { days: 180, name: '近6月' },
  { days: 365, name: '近1年' },
] as const

export type TrendDays = (typeof TREND_PERIODS)[number]['days']

/** GET /account/getAccumulatedProfitTrend: accumulated profit by day over the last N days. */
export const getAccumulatedProfitTrend = (
  financialAccountId: number | null,
  days: TrendDays,
  productCode?: string,
) =>
  get<AccumulatedProfitPoint[]>(
    '/account/getAccumulatedProfitTrend',
    {
      financialAccountId: financialAccountId ?? undefined,
      productCode,
      days,
    },
    ASSET_CALL,
  )

export const accumulatedProfitTrendQueryOptions = (
  financialAccountId: number | null,
  days: TrendDays,
  productCode?: string,
) =>
  queryOptions({
    queryKey: ['assets', 'profit-trend', financialAccountId, productCode ?? null, days],
    queryFn: () => getAccumulatedProfitTrend(financialAccountId, days, productCode),
  })

export const useAccumulatedProfitTrend = (
  financialAccountId: number | null,
  days: TrendDays,
  productCode?: string,
) => useQuery(accumulatedProfitTrendQueryOptions(financialAccountId, days, productCode))
