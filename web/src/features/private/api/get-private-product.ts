import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /private/product/info */
export type PrivateProduct = GetData<'/private/product/info'>
export interface PrivateProductParams {
  productCode: string
}

export const getPrivateProduct = (params: PrivateProductParams) =>
  get<PrivateProduct>('/private/product/info', params)

export const privateProductQueryOptions = (params: PrivateProductParams) =>
  queryOptions({
    queryKey: ['private', 'private-product', params],
    queryFn: () => getPrivateProduct(params),
    enabled: !!params.productCode,
  })

export const usePrivateProduct = (params: PrivateProductParams) =>
  useQuery(privateProductQueryOptions(params))
