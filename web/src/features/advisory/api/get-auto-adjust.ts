import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { AutoAdjust } from './types'

/** GET /standard/adviser/getUserAutoAdjustSetting: whether adjustments execute without asking. */
export const getAutoAdjust = (serviceAccountId: number) =>
  get<AutoAdjust>('/standard/adviser/getUserAutoAdjustSetting', { serviceAccountId })

export const autoAdjustQueryOptions = (serviceAccountId: number) =>
  queryOptions({
    queryKey: ['advisory', 'auto-adjust', serviceAccountId],
    queryFn: () => getAutoAdjust(serviceAccountId),
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

export const useAutoAdjust = (serviceAccountId: number) =>
  useQuery(autoAdjustQueryOptions(serviceAccountId))
