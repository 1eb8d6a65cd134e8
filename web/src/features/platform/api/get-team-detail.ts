import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type TeamDetail = GetData<'/noauth/team/detail'>

export const getTeamDetail = (teamId: number) =>
  get<TeamDetail>('/noauth/team/detail', { teamId }, { quiet: true })
