import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /noauth/push/getOperationPush */
export type OperationPush = GetData<'/noauth/push/getOperationPush'>
export interface OperationPushParams {
  brokerId?: number
}

export const getOperationPush = (params: OperationPushParams) =>
  get<OperationPush>('/noauth/push/getOperationPush', params)

export const operationPushQueryOptions = (params: OperationPushParams) =>
  queryOptions({
    queryKey: ['store', 'operation-push', params],
    queryFn: () => getOperationPush(params),
    enabled: true,
  })

export const useOperationPush = (params: OperationPushParams) =>
  useQuery(operationPushQueryOptions(params))
