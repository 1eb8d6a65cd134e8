import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type AccountInfo = GetData<'/tamp/getAccountSensitive'>

export const getAccountSensitive = () => get<AccountInfo>('/tamp/getAccountSensitive')

export const accountSensitiveQueryOptions = () =>
  queryOptions({ queryKey: ['account-sensitive'], queryFn: getAccountSensitive })

export const useAccountSensitive = () => useQuery(accountSensitiveQueryOptions())
