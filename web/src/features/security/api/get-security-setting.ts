import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type SecuritySetting = GetData<'/security/setting'>

export const getSecuritySetting = () => get<SecuritySetting>('/security/setting')

export const securitySettingQueryOptions = () =>
  queryOptions({ queryKey: ['security-setting'], queryFn: getSecuritySetting })

export const useSecuritySetting = () => useQuery(securitySettingQueryOptions())
