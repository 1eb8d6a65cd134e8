import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/signals */
export type Signals = GetData<'/product/signals'>
export interface SignalsParams {
  productCode: string
  sigId?: string
  size?: number
}

export const getSignals = (params: SignalsParams) => get<Signals>('/product/signals', params)

export const signalsQueryOptions = (params: SignalsParams) =>
  queryOptions({
    queryKey: ['products', 'signals', params],
    queryFn: () => getSignals(params),
    enabled: !!params.productCode,
  })

export const useSignals = (params: SignalsParams) => useQuery(signalsQueryOptions(params))
