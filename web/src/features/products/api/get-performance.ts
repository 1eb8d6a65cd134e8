import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/performance */
export type Performance = GetData<'/product/performance'>
export interface PerformanceParams {
  productCode: string
  productType?: string
  algorithmType?: string
}

export const getPerformance = (params: PerformanceParams) =>
  get<Performance>('/product/performance', params)

export const performanceQueryOptions = (params: PerformanceParams) =>
  queryOptions({
    queryKey: ['products', 'performance', params],
    queryFn: () => getPerformance(params),
    enabled: !!params.productCode,
  })

export const usePerformance = (params: PerformanceParams) =>
  useQuery(performanceQueryOptions(params))
