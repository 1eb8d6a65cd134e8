import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { PaymentMethod } from './get-payment-methods'

export const getHistoryPaymentMethods = () =>
  get<PaymentMethod[]>('/account/getHistoryPaymentMethods')

export const historyPaymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: ['payment-methods', 'history'], queryFn: getHistoryPaymentMethods })

export const useHistoryPaymentMethods = () => useQuery(historyPaymentMethodsQueryOptions())
