import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /product/manager/detail */
export type ManagerDetail = GetData<'/product/manager/detail'>
export interface ManagerDetailParams {
  managerId: number
}

export const getManagerDetail = (params: ManagerDetailParams) =>
  get<ManagerDetail>('/product/manager/detail', params)

export const managerDetailQueryOptions = (params: ManagerDetailParams) =>
  queryOptions({
    queryKey: ['products', 'manager-detail', params],
    queryFn: () => getManagerDetail(params),
    enabled: Number.isFinite(params.managerId),
  })

export const useManagerDetail = (params: ManagerDetailParams) =>
  useQuery(managerDetailQueryOptions(params))
