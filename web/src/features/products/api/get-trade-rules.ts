import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/tradeRules */
export type TradeRules = GetData<'/product/tradeRules'>
export interface TradeRulesParams {
  productCode: string
  productType?: string
}

export const getTradeRules = (params: TradeRulesParams) =>
  get<TradeRules>('/product/tradeRules', params)

export const tradeRulesQueryOptions = (params: TradeRulesParams) =>
  queryOptions({
    queryKey: ['products', 'trade-rules', params],
    queryFn: () => getTradeRules(params),
    enabled: !!params.productCode,
  })

export const useTradeRules = (params: TradeRulesParams) => useQuery(tradeRulesQueryOptions(params))
