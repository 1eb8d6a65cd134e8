import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { PaymentMethods } from './types'

/** GET /serviceAccount/paymentMethods: the bound cards and the wallet's balance. */
export const getPaymentMethods = (serviceAccountId: number) =>
  get<PaymentMethods>('/serviceAccount/paymentMethods', { serviceAccountId })

export const paymentMethodsQueryOptions = (serviceAccountId: number) =>
  queryOptions({
    queryKey: ['advisory', 'payment-methods', serviceAccountId],
    queryFn: () => getPaymentMethods(serviceAccountId),
    enabled: serviceAccountId > 0,
    staleTime: 0,
  })

export const usePaymentMethods = (serviceAccountId: number) =>
  useQuery(paymentMethodsQueryOptions(serviceAccountId))
