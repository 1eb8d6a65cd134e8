import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/po/info */
export type PoInfo = GetData<'/product/po/info'>
export interface PoInfoParams {
  poCode: string
}

export const getPoInfo = (params: PoInfoParams) => get<PoInfo>('/product/po/info', params)

export const poInfoQueryOptions = (params: PoInfoParams) =>
  queryOptions({
    queryKey: ['products', 'po-info', params],
    queryFn: () => getPoInfo(params),
    enabled: !!params.poCode,
  })

export const usePoInfo = (params: PoInfoParams) => useQuery(poInfoQueryOptions(params))
