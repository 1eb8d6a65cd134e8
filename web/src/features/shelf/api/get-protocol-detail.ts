import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /noauth/protocol/detail */
export type ProtocolDetail = GetData<'/noauth/protocol/detail'>

export const getProtocolDetail = (protocolId: number) =>
  get<ProtocolDetail>('/noauth/protocol/detail', { protocolId })

export const getProtocolDetailQuery = (protocolId: number) =>
  queryOptions({
    queryKey: ['shelf', 'get-protocol-detail', { protocolId }],
    queryFn: () => getProtocolDetail(protocolId),
    enabled: protocolId > 0,
  })

export const useProtocolDetail = (protocolId: number) =>
  useQuery(getProtocolDetailQuery(protocolId))
