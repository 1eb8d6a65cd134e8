import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { MoneyOrder } from './types'

/** GET /serviceAccount/getMoneyOrderDetail: a parent order of the account with its child fund orders. */
export const getMoneyOrder = (brokerOrderNo: string) =>
  get<MoneyOrder>('/serviceAccount/getMoneyOrderDetail', { brokerOrderNo })

export const moneyOrderQueryOptions = (brokerOrderNo: string) =>
  queryOptions({
    queryKey: ['advisory', 'money-order', brokerOrderNo],
    queryFn: () => getMoneyOrder(brokerOrderNo),
    enabled: !!brokerOrderNo,
    staleTime: 0,
  })

export const useMoneyOrder = (brokerOrderNo: string) =>
  useQuery(moneyOrderQueryOptions(brokerOrderNo))
