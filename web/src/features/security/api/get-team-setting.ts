import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type TeamSetting = GetData<'/security/teamSetting'>

export const getTeamSetting = () => get<TeamSetting>('/security/teamSetting')

export const teamSettingQueryOptions = () =>
  queryOptions({ queryKey: ['security-team-setting'], queryFn: getTeamSetting })

export const useTeamSetting = () => useQuery(teamSettingQueryOptions())
