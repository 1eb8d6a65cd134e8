import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { PlanPreview, PlanPreviewParams } from './types'

/** GET /trade/investPlan/preview: the first and next dates of a period, the minimum and the
 * card's per-charge limit, the smart bands and the protocols, before the plan is set up. The
 * screen keeps its own fallback when it fails (no error page). */
export const getPlanPreview = (params: PlanPreviewParams) =>
  get<PlanPreview>('/trade/investPlan/preview', { ...params }, { noErrorPage: true })

export const planPreviewQueryOptions = (params: PlanPreviewParams) =>
  queryOptions({
    queryKey: ['plans', 'preview', params],
    queryFn: () => getPlanPreview(params),
    enabled: !!params.productCode,
    placeholderData: keepPreviousData,
  })

export const usePlanPreview = (params: PlanPreviewParams) =>
  useQuery(planPreviewQueryOptions(params))
