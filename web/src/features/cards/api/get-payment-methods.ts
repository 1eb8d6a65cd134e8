import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type PaymentMethods = GetData<'/account/getPaymentMethods'>
export type PaymentMethod = PaymentMethods['paymentMethods'][number]

export const getPaymentMethods = () => get<PaymentMethods>('/account/getPaymentMethods')

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: ['payment-methods'], queryFn: getPaymentMethods })

export const usePaymentMethods = () => useQuery(paymentMethodsQueryOptions())
