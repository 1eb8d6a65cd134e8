import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import { ASSET_CALL } from './options'
import type { DailyProfitPage } from './types'

export const PROFIT_PAGE_SIZE = 20

/** GET /account/getProfitDetail: one holding's daily profits, newest first, 20 a page. */
export const getProfitDetail = (financialAccountId: number, productCode: string, page: number) =>
  get<DailyProfitPage>(
    '/account/getProfitDetail',
    {
      financialAccountId,
      productCode,
      page,
      size: PROFIT_PAGE_SIZE,
    },
    ASSET_CALL,
  )

export const profitDetailQueryOptions = (financialAccountId: number, productCode: string) =>
  infiniteQueryOptions({
    queryKey: ['assets', 'profit-detail', financialAccountId, productCode],
    queryFn: ({ pageParam }) => getProfitDetail(financialAccountId, productCode, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: !!financialAccountId && !!productCode,
  })

export const useProfitDetail = (financialAccountId: number, productCode: string) =>
  useInfiniteQuery(profitDetailQueryOptions(financialAccountId, productCode))
