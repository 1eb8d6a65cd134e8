import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { get, post } from '@/lib/api-client'
import type { GetData, Schemas } from '@/lib/api-types'

export type Setting = GetData<'/account/setting'>

export const getSetting = () => get<Setting>('/account/setting')

export const settingQueryOptions = () =>
  queryOptions({ queryKey: ['setting'], queryFn: getSetting })

export const useSetting = () => useQuery(settingQueryOptions())

export const updateSetting = (patch: Schemas['SettingIn']) =>
  post<Setting>('/account/setting', patch)

export function useUpdateSetting() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateSetting,
    onSuccess: (data) => queryClient.setQueryData(['setting'], data),
  })
}
