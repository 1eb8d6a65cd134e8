import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type SignalPage = GetData<'/product/signals'>
export const SIGNAL_PAGE_SIZE = 20

/** GET /product/signals, page by page: a product's signals newest first (历史发车); with a
 * `sigId` the one signal (发车详情). */
export const getSignalPage = (poCode: string, page: number, size: number, sigId?: string) =>
  get<SignalPage>('/product/signals', {
    productCode: poCode,
    page,
    size,
    ...(sigId ? { sigId } : {}),
  })

export const signalPagesQueryOptions = (poCode: string, sigId?: string) =>
  infiniteQueryOptions({
    queryKey: ['signals', 'signals', poCode, sigId ?? null],
    queryFn: ({ pageParam }) => getSignalPage(poCode, pageParam, SIGNAL_PAGE_SIZE, sigId),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: !!poCode,
  })

export const useSignalPages = (poCode: string, sigId?: string) =>
  useInfiniteQuery(signalPagesQueryOptions(poCode, sigId))
