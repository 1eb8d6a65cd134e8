import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { FollowPlan } from './types'

/** GET /trade/signalPo/followSetting: the caller's follow plan on a product (INIT when none),
 * with the least follow amount and the multiple bands. */
export const getFollowSetting = (poCode: string, financialAccountId: number | null) =>
  get<FollowPlan>(
    '/trade/signalPo/followSetting',
    { poCode, ...(financialAccountId ? { financialAccountId } : {}) },
    { cache: false },
  )

export const followSettingQueryOptions = (poCode: string, financialAccountId: number | null) =>
  queryOptions({
    queryKey: ['signals', 'setting', poCode, financialAccountId],
    queryFn: () => getFollowSetting(poCode, financialAccountId),
    enabled: !!poCode,
    staleTime: 0,
  })

export const useFollowSetting = (poCode: string, financialAccountId: number | null) =>
  useQuery(followSettingQueryOptions(poCode, financialAccountId))
