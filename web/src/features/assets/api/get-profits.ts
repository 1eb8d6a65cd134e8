import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'
import { ASSET_CALL } from './options'

/** GET /trade/getProfits: an account's (or all accounts') figures and the date they were
 * valued at (updateDate). */
export type Profits = GetData<'/trade/getProfits'>

export const getProfits = (financialAccountId: number | null) =>
  get<Profits>(
    '/trade/getProfits',
    { financialAccountId: financialAccountId ?? undefined },
    ASSET_CALL,
  )

export const profitsQueryOptions = (financialAccountId: number | null) =>
  queryOptions({
    queryKey: ['assets', 'profits', financialAccountId],
    queryFn: () => getProfits(financialAccountId),
  })

export const useProfits = (financialAccountId: number | null) =>
  useQuery(profitsQueryOptions(financialAccountId))
