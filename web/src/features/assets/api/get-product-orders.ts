import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import { ASSET_CALL } from './options'
import { getSession } from '@/lib/session'
import type { AssetOrderPage } from './types'

/** GET /trade/getAllOrders?productCode=…: the orders of one product in one account, newest
 * first, 10 a page (the product's 交易记录). */
export const getProductOrders = (financialAccountId: number, productCode: string, page: number) =>
  get<AssetOrderPage>(
    '/trade/getAllOrders',
    {
      accountId: getSession()?.accountId ?? undefined,
      financialAccountId,
      productCode,
      type: 'all',
      page,
      size: 10,
    },
    ASSET_CALL,
  )

export const productOrdersQueryOptions = (financialAccountId: number, productCode: string) =>
  infiniteQueryOptions({
    queryKey: ['assets', 'orders', financialAccountId, productCode],
    queryFn: ({ pageParam }) => getProductOrders(financialAccountId, productCode, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: !!financialAccountId && !!productCode,
  })

export const useProductOrders = (financialAccountId: number, productCode: string) =>
  useInfiniteQuery(productOrdersQueryOptions(financialAccountId, productCode))
