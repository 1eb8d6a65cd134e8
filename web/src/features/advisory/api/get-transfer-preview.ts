import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { TransferPreview } from './types'

/** GET /serviceAccount/transfer/preview: the caller's holdings outside service accounts of the strategy's component funds. */
export const getTransferPreview = (serviceAccountId: number) =>
  get<TransferPreview>('/serviceAccount/transfer/preview', { serviceAccountId })

export const transferPreviewQueryOptions = (serviceAccountId: number) =>
  queryOptions({
    queryKey: ['advisory', 'transfer-preview', serviceAccountId],
    queryFn: () => getTransferPreview(serviceAccountId),
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

export const useTransferPreview = (serviceAccountId: number) =>
  useQuery(transferPreviewQueryOptions(serviceAccountId))
