import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { SignPreview } from './types'

/** GET /adviser/sign: the signing preview of a strategy (its files, fee terms, risk level against the investor's grade, cooling-off hours). */
export const getSignPreview = (poCode: string) => get<SignPreview>('/adviser/sign', { poCode })

export const signPreviewQueryOptions = (poCode: string) =>
  queryOptions({
    queryKey: ['advisory', 'sign-preview', poCode],
    queryFn: () => getSignPreview(poCode),
    enabled: !!poCode,
    staleTime: 0,
  })

export const useSignPreview = (poCode: string) => useQuery(signPreviewQueryOptions(poCode))
