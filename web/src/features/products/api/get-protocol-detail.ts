import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /noauth/protocol/detail */
export type ProtocolDetail = GetData<'/noauth/protocol/detail'>
export interface ProtocolDetailParams {
  protocolId: number
}

export const getProtocolDetail = (params: ProtocolDetailParams) =>
  get<ProtocolDetail>('/noauth/protocol/detail', params)

export const protocolDetailQueryOptions = (params: ProtocolDetailParams) =>
  queryOptions({
    queryKey: ['products', 'protocol-detail', params],
    queryFn: () => getProtocolDetail(params),
    enabled: Number.isFinite(params.protocolId),
  })

export const useProtocolDetail = (params: ProtocolDetailParams) =>
  useQuery(protocolDetailQueryOptions(params))
