import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type TeamParam = GetData<'/noauth/utils/exchangeTeamParam'>

/** A store link's full parameters from any of them; none gives the default team. */
export const exchangeTeamParam = (params: { teamId?: string; mid?: string; brokerId?: string }) =>
  get<TeamParam>('/noauth/utils/exchangeTeamParam', params, { quiet: true, noReport: true })
