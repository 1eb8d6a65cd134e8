import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type Phones = GetData<'/account/getPaymentPhones'>

export const getPaymentPhones = () => get<Phones>('/account/getPaymentPhones')

export const paymentPhonesQueryOptions = () =>
  queryOptions({ queryKey: ['payment-phones'], queryFn: getPaymentPhones })

export const usePaymentPhones = () => useQuery(paymentPhonesQueryOptions())
