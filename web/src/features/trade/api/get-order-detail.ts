import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { Order } from './types'

/** GET /trade/getOrderDetail: one order with its children (type declared from
 * docs/trading.md). */
export const getOrderDetail = (brokerOrderNo: string) =>
  get<Order>('/trade/getOrderDetail', { brokerOrderNo }, { cache: false })

export const orderDetailQueryOptions = (brokerOrderNo: string) =>
  queryOptions({
    queryKey: ['trade', 'order', brokerOrderNo],
    queryFn: () => getOrderDetail(brokerOrderNo),
    enabled: !!brokerOrderNo,
    staleTime: 0,
  })

export const useOrderDetail = (brokerOrderNo: string) =>
  useQuery(orderDetailQueryOptions(brokerOrderNo))
