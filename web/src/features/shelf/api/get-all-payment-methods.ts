import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /account/getAllPaymentMethods */
export type AllPaymentMethods = GetData<'/account/getAllPaymentMethods'>

export const getAllPaymentMethods = () =>
  get<AllPaymentMethods>('/account/getAllPaymentMethods', { capitalMode: 'ALL' })

export const getAllPaymentMethodsQuery = () =>
  queryOptions({
    queryKey: ['shelf', 'all-payment-methods'],
    queryFn: () => getAllPaymentMethods(),
  })

export const useAllPaymentMethods = () => useQuery(getAllPaymentMethodsQuery())
