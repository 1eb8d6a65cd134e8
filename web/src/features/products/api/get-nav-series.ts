import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/navSeries */
export type NavSeries = GetData<'/product/navSeries'>
export interface NavSeriesParams {
  productCode: string
  productType?: string
  period?: string
  algorithmType?: string
}

export const getNavSeries = (params: NavSeriesParams) =>
  get<NavSeries>('/product/navSeries', params)

export const navSeriesQueryOptions = (params: NavSeriesParams) =>
  queryOptions({
    queryKey: ['products', 'nav-series', params],
    queryFn: () => getNavSeries(params),
    enabled: !!params.productCode,
  })

export const useNavSeries = (params: NavSeriesParams) => useQuery(navSeriesQueryOptions(params))
