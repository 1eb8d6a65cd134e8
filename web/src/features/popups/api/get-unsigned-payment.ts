import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type UnsignedPayment = NonNullable<GetData<'/account/queryUnsignPayment'>>

/** The first card whose payment channel needs re-signing, or null. */
export const getUnsignedPayment = (brokerUserId: number, accountId?: number | null) =>
  get<UnsignedPayment | null>(
    '/account/queryUnsignPayment',
    { brokerUserId, accountId },
    { quiet: true, cache: false },
  )

export const unsignedPaymentQuery = (brokerUserId: number, accountId?: number | null) =>
  queryOptions({
    queryKey: ['popups', 'unsignedPayment', brokerUserId],
    queryFn: () => getUnsignedPayment(brokerUserId, accountId),
    retry: false,
  })

export function useUnsignedPayment(
  brokerUserId: number,
  accountId: number | null,
  enabled: boolean,
) {
  return useQuery({ ...unsignedPaymentQuery(brokerUserId, accountId), enabled })
}
