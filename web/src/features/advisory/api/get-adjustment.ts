import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { Adjustment } from './types'

/** GET /serviceAccount/adjustment/detail: an adjustment, its weights before and after, and every transition. */
export const getAdjustment = (adjustmentId: number) =>
  get<Adjustment>('/serviceAccount/adjustment/detail', { adjustmentId })

export const adjustmentQueryOptions = (adjustmentId: number) =>
  queryOptions({
    queryKey: ['advisory', 'adjustment', adjustmentId],
    queryFn: () => getAdjustment(adjustmentId),
    enabled: adjustmentId > 0,
    staleTime: 0,
  })

export const useAdjustment = (adjustmentId: number) =>
  useQuery(adjustmentQueryOptions(adjustmentId))
