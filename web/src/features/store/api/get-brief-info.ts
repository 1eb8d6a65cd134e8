import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /noauth/store/team/briefInfo */
export type BriefInfo = GetData<'/noauth/store/team/briefInfo'>
export interface BriefInfoParams {
  teamId: number
}

export const getBriefInfo = (params: BriefInfoParams) =>
  get<BriefInfo>('/noauth/store/team/briefInfo', params)

export const briefInfoQueryOptions = (params: BriefInfoParams) =>
  queryOptions({
    queryKey: ['store', 'brief-info', params],
    queryFn: () => getBriefInfo(params),
    enabled: Number.isFinite(params.teamId),
  })

export const useBriefInfo = (params: BriefInfoParams) => useQuery(briefInfoQueryOptions(params))
