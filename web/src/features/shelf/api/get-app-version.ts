import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /noauth/app/version */
export type AppVersion = GetData<'/noauth/app/version'>

export const getAppVersion = () => get<AppVersion>('/noauth/app/version', {})

export const getAppVersionQuery = () =>
  queryOptions({ queryKey: ['shelf', 'get-app-version'], queryFn: () => getAppVersion() })

export const useAppVersion = () => useQuery(getAppVersionQuery())
