import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'
import { ASSET_CALL } from './options'

/** GET /trade/getProfits with startDate (and endDate): the account's figures and the period's
 * simple, time-weighted and money-weighted returns (docs/rules.md#returns). */
export type ProfitsWithReturns = GetData<'/trade/getProfits'>
export type PeriodReturns = NonNullable<ProfitsWithReturns['returns']>

export const getPeriodReturns = (
  financialAccountId: number | null,
  startDate: string,
  endDate?: string,
) =>
  get<ProfitsWithReturns>(
    '/trade/getProfits',
    { financialAccountId: financialAccountId ?? undefined, startDate, endDate },
    ASSET_CALL,
  )

export const periodReturnsQueryOptions = (
  financialAccountId: number | null,
  startDate: string | null,
  endDate?: string,
) =>
  queryOptions({
    queryKey: ['assets', 'returns', financialAccountId, startDate, endDate ?? null],
    queryFn: () => getPeriodReturns(financialAccountId, startDate ?? '', endDate),
    enabled: startDate !== null,
  })

export const usePeriodReturns = (
  financialAccountId: number | null,
  startDate: string | null,
  endDate?: string,
) => useQuery(periodReturnsQueryOptions(financialAccountId, startDate, endDate))
