import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type OperationPopup = GetData<'/noauth/popup/list'>[number]

export const getOperationPopups = (scene: string) =>
  get<OperationPopup[]>('/noauth/popup/list', { scene }, { quiet: true })

export const operationPopupsQuery = (scene: string) =>
  queryOptions({
    queryKey: ['popups', 'operation', scene],
    queryFn: () => getOperationPopups(scene),
    retry: false,
  })

export function useOperationPopups(scene: string, enabled = true) {
  return useQuery({ ...operationPopupsQuery(scene), enabled })
}
