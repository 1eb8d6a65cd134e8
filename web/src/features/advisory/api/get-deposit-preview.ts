import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { DepositPreview } from './types'

/** GET /serviceAccount/deposit/preview: a deposit's split by the model's weights, as trading
 * previews the strategy's purchase, each fund by its short name (docs/advisory.md). */
export const getDepositPreview = (serviceAccountId: number, amount: string) =>
  get<DepositPreview>('/serviceAccount/deposit/preview', { serviceAccountId, amount })

export const depositPreviewQueryOptions = (serviceAccountId: number, amount: string | null) =>
  queryOptions({
    queryKey: ['advisory', 'deposit-preview', serviceAccountId, amount],
    queryFn: () => getDepositPreview(serviceAccountId, amount ?? ''),
    enabled: serviceAccountId > 0 && !!amount,
    placeholderData: keepPreviousData,
  })

export const useDepositPreview = (serviceAccountId: number, amount: string | null) =>
  useQuery(depositPreviewQueryOptions(serviceAccountId, amount))
