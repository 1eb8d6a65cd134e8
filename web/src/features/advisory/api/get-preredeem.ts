import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { Preredeem } from './types'

/** POST /serviceAccount/preredeem: what selling `ratio` of every component would bring (a read
 * sent as a POST; it changes nothing, so it keeps the GET cache). */
export const getPreredeem = (serviceAccountId: number, ratio: string) =>
  post<Preredeem>(
    '/serviceAccount/preredeem',
    { serviceAccountId, ratio },
    { errorToast: false, noErrorPage: true, keepCache: true },
  )

export const preredeemQueryOptions = (serviceAccountId: number, ratio: string) =>
  queryOptions({
    queryKey: ['advisory', 'preredeem', serviceAccountId, ratio],
    queryFn: () => getPreredeem(serviceAccountId, ratio),
    enabled: serviceAccountId > 0 && !!ratio,
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export const usePreredeem = (serviceAccountId: number, ratio: string) =>
  useQuery(preredeemQueryOptions(serviceAccountId, ratio))
