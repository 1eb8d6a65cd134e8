import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/strategy/info */
export type StrategyInfo = GetData<'/product/strategy/info'>
export interface StrategyInfoParams {
  strategyCode: string
}

export const getStrategyInfo = (params: StrategyInfoParams) =>
  get<StrategyInfo>('/product/strategy/info', params)

export const strategyInfoQueryOptions = (params: StrategyInfoParams) =>
  queryOptions({
    queryKey: ['products', 'strategy-info', params],
    queryFn: () => getStrategyInfo(params),
    enabled: !!params.strategyCode,
  })

export const useStrategyInfo = (params: StrategyInfoParams) =>
  useQuery(strategyInfoQueryOptions(params))
