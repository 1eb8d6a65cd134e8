import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /noauth/store/team/detail */
export type Team = GetData<'/noauth/store/team/detail'>
export interface TeamParams {
  teamId?: number
  mid?: string
  brokerId?: number
}

export const getTeam = (params: TeamParams) => get<Team>('/noauth/store/team/detail', params)

export const teamQueryOptions = (params: TeamParams) =>
  queryOptions({
    queryKey: ['store', 'team', params],
    queryFn: () => getTeam(params),
    enabled: true,
  })

export const useTeam = (params: TeamParams) => useQuery(teamQueryOptions(params))
