import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import { ASSET_CALL } from './options'
import { PROFIT_PAGE_SIZE } from './get-profit-detail'
import type { DailyProfitPage } from './types'

/** GET /trade/getDailyProfitList: an account's (or, without one, all accounts') daily profits,
 * newest first. */
export const getDailyProfitList = (financialAccountId: number | null, page: number) =>
  get<DailyProfitPage>(
    '/trade/getDailyProfitList',
    {
      financialAccountId: financialAccountId ?? undefined,
      page,
      size: PROFIT_PAGE_SIZE,
    },
    ASSET_CALL,
  )

export const dailyProfitListQueryOptions = (financialAccountId: number | null) =>
  infiniteQueryOptions({
    queryKey: ['assets', 'daily-profits', financialAccountId],
    queryFn: ({ pageParam }) => getDailyProfitList(financialAccountId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  })

export const useDailyProfitList = (financialAccountId: number | null) =>
  useInfiniteQuery(dailyProfitListQueryOptions(financialAccountId))
