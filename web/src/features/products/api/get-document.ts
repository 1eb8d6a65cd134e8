import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/document */
export type ProductDocument = GetData<'/product/document'>
export interface ProductDocumentParams {
  id: number
}

export const getProductDocument = (params: ProductDocumentParams) =>
  get<ProductDocument>('/product/document', params)

export const productDocumentQueryOptions = (params: ProductDocumentParams) =>
  queryOptions({
    queryKey: ['products', 'document', params],
    queryFn: () => getProductDocument(params),
    enabled: Number.isFinite(params.id),
  })

export const useProductDocument = (params: ProductDocumentParams) =>
  useQuery(productDocumentQueryOptions(params))
