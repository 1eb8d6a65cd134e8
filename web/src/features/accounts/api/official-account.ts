import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { get, request } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type Subscription = GetData<'/account/broker/officialAccount/subscribe'>

const URL = '/account/broker/officialAccount/subscribe'

export const getSubscription = () => get<Subscription>(URL)

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: ['official-account'], queryFn: getSubscription })

export const useSubscription = () => useQuery(subscriptionQueryOptions())

export function useUnsubscribe() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => request<Subscription>({ method: 'DELETE', url: URL }),
    onSuccess: (data) => queryClient.setQueryData(['official-account'], data),
  })
}
