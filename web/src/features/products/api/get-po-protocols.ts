import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /protocol/listByPo */
export type PoProtocols = GetData<'/protocol/listByPo'>
export interface PoProtocolsParams {
  poCode: string
}

export const getPoProtocols = (params: PoProtocolsParams) =>
  get<PoProtocols>('/protocol/listByPo', params)

export const poProtocolsQueryOptions = (params: PoProtocolsParams) =>
  queryOptions({
    queryKey: ['products', 'po-protocols', params],
    queryFn: () => getPoProtocols(params),
    enabled: !!params.poCode,
  })

export const usePoProtocols = (params: PoProtocolsParams) =>
  useQuery(poProtocolsQueryOptions(params))
