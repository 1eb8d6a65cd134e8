import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /tamp/getBrokerUserProductStatus */
export type ProductStatus = GetData<'/tamp/getBrokerUserProductStatus'>

export const getProductStatus = () => get<ProductStatus>('/tamp/getBrokerUserProductStatus', {})

export const getProductStatusQuery = () =>
  queryOptions({ queryKey: ['shelf', 'get-product-status'], queryFn: () => getProductStatus() })

export const useProductStatus = () => useQuery(getProductStatusQuery())
