import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import { ASSET_CALL } from './options'
import type { MonthProfit, YearProfit } from './types'

/** GET /trade/getCalendarProfit?month=YYYY-MM: the days of a month with their profits. */
export const getMonthProfit = (financialAccountId: number | null, month: string) =>
  get<MonthProfit>(
    '/trade/getCalendarProfit',
    {
      financialAccountId: financialAccountId ?? undefined,
      month,
    },
    ASSET_CALL,
  )

/** GET /trade/getCalendarProfit?year=YYYY: the months of a year with their profits. */
export const getYearProfit = (financialAccountId: number | null, year: string) =>
  get<YearProfit>(
    '/trade/getCalendarProfit',
    {
      financialAccountId: financialAccountId ?? undefined,
      year,
    },
    ASSET_CALL,
  )

export const monthProfitQueryOptions = (financialAccountId: number | null, month: string) =>
  queryOptions({
    queryKey: ['assets', 'calendar', financialAccountId, { month }],
    queryFn: () => getMonthProfit(financialAccountId, month),
  })

export const yearProfitQueryOptions = (financialAccountId: number | null, year: string) =>
  queryOptions({
    queryKey: ['assets', 'calendar', financialAccountId, { year }],
    queryFn: () => getYearProfit(financialAccountId, year),
  })

export const useMonthProfit = (financialAccountId: number | null, month: string, enabled = true) =>
  useQuery({ ...monthProfitQueryOptions(financialAccountId, month), enabled })

export const useYearProfit = (financialAccountId: number | null, year: string, enabled = true) =>
  useQuery({ ...yearProfitQueryOptions(financialAccountId, year), enabled })
