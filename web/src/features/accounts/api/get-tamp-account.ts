import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type TampAccount = GetData<'/tamp/account'>

export const getTampAccount = () => get<TampAccount>('/tamp/account')

export const tampAccountQueryOptions = () =>
  queryOptions({ queryKey: ['tamp-account'], queryFn: getTampAccount })

export const useTampAccount = () => useQuery(tampAccountQueryOptions())
