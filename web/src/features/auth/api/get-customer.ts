import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type Customer = GetData<'/app/customer'>

export const getCustomer = () => get<Customer>('/app/customer')

export const customerQueryOptions = () =>
  queryOptions({ queryKey: ['customer'], queryFn: getCustomer })

export const useCustomer = () => useQuery(customerQueryOptions())
