import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { TradeDates } from './types'

/** GET /trade/getTradeDate: the trade, confirmation, profit and arrival dates of an order placed
 * now (type declared from docs/trading.md). */
export const getTradeDate = (productCode: string) =>
  get<TradeDates>('/trade/getTradeDate', { productCode }, { noErrorPage: true })

export const tradeDateQueryOptions = (productCode: string) =>
  queryOptions({
    queryKey: ['trade', 'trade-date', productCode],
    queryFn: () => getTradeDate(productCode),
    enabled: !!productCode,
  })

export const useTradeDate = (productCode: string) => useQuery(tradeDateQueryOptions(productCode))
