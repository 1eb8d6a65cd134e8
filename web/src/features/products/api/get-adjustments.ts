import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/adjustments */
export type Adjustments = GetData<'/product/adjustments'>
export interface AdjustmentsParams {
  poCode: string
}

export const getAdjustments = (params: AdjustmentsParams) =>
  get<Adjustments>('/product/adjustments', params)

export const adjustmentsQueryOptions = (params: AdjustmentsParams) =>
  queryOptions({
    queryKey: ['products', 'adjustments', params],
    queryFn: () => getAdjustments(params),
    enabled: !!params.poCode,
  })

export const useAdjustments = (params: AdjustmentsParams) =>
  useQuery(adjustmentsQueryOptions(params))
