import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /tamp/poPerformance/algorithm/config */
export type AlgorithmConfig = GetData<'/tamp/poPerformance/algorithm/config'>
export interface AlgorithmConfigParams {
  productCode?: string
  productType?: string
}

export const getAlgorithmConfig = (params: AlgorithmConfigParams) =>
  get<AlgorithmConfig>('/tamp/poPerformance/algorithm/config', params)

export const algorithmConfigQueryOptions = (params: AlgorithmConfigParams) =>
  queryOptions({
    queryKey: ['products', 'algorithm-config', params],
    queryFn: () => getAlgorithmConfig(params),
    enabled: true,
  })

export const useAlgorithmConfig = (params: AlgorithmConfigParams) =>
  useQuery(algorithmConfigQueryOptions(params))
