import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { FollowedProduct } from './types'

/** GET /trade/getFollowSignal: the signal products the caller follows (open or paused). */
export const getFollowed = () =>
  get<FollowedProduct[]>('/trade/getFollowSignal', {}, { cache: false })

export const followedQueryOptions = () =>
  queryOptions({ queryKey: ['signals', 'followed'], queryFn: getFollowed, staleTime: 0 })

export const useFollowed = () => useQuery(followedQueryOptions())
