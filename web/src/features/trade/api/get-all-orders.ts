import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { OrderFilter, OrderPage } from './types'

/** GET /trade/getAllOrders: the user's orders, newest first, 10 a page (docs/api.md#trade; type
 * declared from docs/trading.md). Children of portfolio orders are not listed on their own. */
export const ORDER_PAGE_SIZE = 10

export interface OrdersParams {
  type?: OrderFilter
  financialAccountId?: number | null
  productCode?: string | null
  /** Client-side narrowing by business code (dividendDetail 143, rebalanceRecord P04). */
  orderCode?: string | null
}

export const getAllOrders = (params: OrdersParams & { page: number; size?: number }) =>
  get<OrderPage>(
    '/trade/getAllOrders',
    {
      type: params.type === 'all' ? undefined : params.type,
      financialAccountId: params.financialAccountId,
      productCode: params.productCode,
      orderCode: params.orderCode,
      page: params.page,
      size: params.size ?? ORDER_PAGE_SIZE,
    },
    { cache: false },
  )

export const ordersQueryOptions = (params: OrdersParams) =>
  infiniteQueryOptions({
    queryKey: ['trade', 'orders', params],
    queryFn: ({ pageParam }) => getAllOrders({ ...params, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 0,
  })

export const useOrders = (params: OrdersParams) => useInfiniteQuery(ordersQueryOptions(params))
