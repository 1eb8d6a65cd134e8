import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { get, post } from '@/lib/api-client'
import type { TargetSetting, TargetSettingBody } from './types'

export interface TargetSettingParams {
  strategyCode: string
  financialAccountId: number
}

/** GET /asset/targetSetting: the holder's target return and target-reach action. */
export const getTargetSetting = (params: TargetSettingParams) =>
  get<TargetSetting>('/asset/targetSetting', { ...params }, { cache: false, noErrorPage: true })

export const targetSettingQueryOptions = (params: TargetSettingParams) =>
  queryOptions({
    queryKey: ['targets', 'setting', params],
    queryFn: () => getTargetSetting(params),
    staleTime: 0,
  })

export const useTargetSetting = (params: TargetSettingParams) =>
  useQuery(targetSettingQueryOptions(params))

/** POST /asset/targetSetting: a refusal toasts the server's message (目标收益率需在2%至30%之间). */
export const setTarget = (body: TargetSettingBody) =>
  post<TargetSetting>('/asset/targetSetting', body)

export function useSetTarget() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setTarget,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['targets'] }),
  })
}
