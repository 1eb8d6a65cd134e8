import { queryOptions } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type CustomerServiceConfig = GetData<'/app/customerServiceConfig'>
export type CustomerServiceType = 'broker' | 'platform'

export const getCustomerServiceConfig = (type: CustomerServiceType) =>
  get<CustomerServiceConfig>('/app/customerServiceConfig', { type }, { quiet: true })

export const customerServiceConfigQuery = (type: CustomerServiceType) =>
  queryOptions({
    queryKey: ['platform', 'customerServiceConfig', type],
    queryFn: () => getCustomerServiceConfig(type),
  })
